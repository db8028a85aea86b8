import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BasePersonSchema,
  PersonClaimsSchema,
  PersonIdParamsSchema,
  ProblemSchema,
  SubjectParamsSchema,
} from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../plugins/auth.ts';
import { personsService } from './persons.service.ts';

export const personsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/b2c/person/:subject',
    {
      schema: {
        tags: ['person'],
        summary: 'Person claims for the signed-in subject',
        params: SubjectParamsSchema,
        response: { 200: PersonClaimsSchema, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    (request) => personsService.claimsForSubject(db, actorOf(request), request.params.subject),
  );

  app.get(
    '/tenants/notenant/person/:personId',
    {
      schema: {
        tags: ['person'],
        summary: 'The base person (only oneself)',
        params: PersonIdParamsSchema,
        response: { 200: BasePersonSchema, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    (request) => personsService.basePerson(db, actorOf(request), request.params.personId),
  );
};
