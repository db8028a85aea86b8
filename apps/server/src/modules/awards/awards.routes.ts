import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AwardsQuerySchema,
  CredentialListSchema,
  HonorListSchema,
  ProblemSchema,
} from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../plugins/auth.ts';
import { awardsService } from './awards.service.ts';

export const awardsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', app.authenticate);

  const errors = { 400: ProblemSchema, 401: ProblemSchema };

  app.get(
    '/me/license',
    {
      schema: {
        tags: ['awards'],
        summary: "The signed-in person's licences with their status (CreatedAt)",
        querystring: AwardsQuerySchema,
        response: { 200: CredentialListSchema, ...errors },
      },
    },
    (request) => awardsService.credentials(db, actorOf(request), 'license', request.query),
  );

  app.get(
    '/me/qualification',
    {
      schema: {
        tags: ['awards'],
        summary: "The signed-in person's qualifications with their status (CreatedAt)",
        querystring: AwardsQuerySchema,
        response: { 200: CredentialListSchema, ...errors },
      },
    },
    (request) => awardsService.credentials(db, actorOf(request), 'qualification', request.query),
  );

  app.get(
    '/me/honor',
    {
      schema: {
        tags: ['awards'],
        summary: "The signed-in person's honors (CreatedAt)",
        querystring: AwardsQuerySchema,
        response: { 200: HonorListSchema, ...errors },
      },
    },
    (request) => awardsService.honors(db, actorOf(request), request.query),
  );
};
