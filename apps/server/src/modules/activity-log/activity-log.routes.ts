import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LogMessageListSchema, LogMessageQuerySchema, ProblemSchema } from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import { languageOf } from '../../lib/i18n.ts';
import { actorOf } from '../../plugins/auth.ts';
import { activityLogService } from './activity-log.service.ts';

export const activityLogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Authenticate before the body is parsed: without a valid token nothing is validated or read.
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/me/logmessages',
    {
      schema: {
        tags: ['activity log'],
        summary: 'Changes to my personal data (and invoices), newest first',
        querystring: LogMessageQuerySchema,
        response: { 200: LogMessageListSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    (request) => activityLogService.listMine(db, actorOf(request), request.query, languageOf(request)),
  );
};
