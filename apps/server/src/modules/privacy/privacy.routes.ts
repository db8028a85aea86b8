import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApprovalListSchema, ApproveInputSchema, ProblemSchema } from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../plugins/auth.ts';
import { privacyService } from './privacy.service.ts';

export const privacyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Authenticate before the body is parsed: without a valid token nothing is validated or read.
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/me/approvals',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Privacy notice and terms per club: approved or not, version, date',
        response: { 200: ApprovalListSchema, 401: ProblemSchema },
      },
    },
    (request) => privacyService.list(db, actorOf(request)),
  );

  app.post(
    '/me/approvals',
    {
      schema: {
        tags: ['privacy'],
        summary: "Approves a club's privacy notice or terms (person_privacyaccepted follows)",
        body: ApproveInputSchema,
        response: { 200: ApprovalListSchema, 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    (request) => privacyService.approve(db, actorOf(request), request.body),
  );
};
