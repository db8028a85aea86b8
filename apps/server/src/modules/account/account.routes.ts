import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccountExportSchema, DeleteAccountInputSchema, ProblemSchema } from '@vereinsheim/contracts';
import { FRESH_SIGN_IN_MAX_AGE_SECONDS, FRESH_SIGN_IN_REQUIRED } from '@vereinsheim/contracts/account';
import type { Database } from '../../db/client.ts';
import { actorOf, requireRecentSignIn } from '../../plugins/auth.ts';
import type { FileStore } from '../media/index.ts';
import { accountService } from './account.service.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ db: Database; store: FileStore }> = async (
  app,
  { db, store },
) => {
  // Authenticate before the body is parsed: without a valid token nothing is validated or read.
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/me/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Downloads everything stored about me as JSON (GDPR Art. 15/20)',
        response: { 200: AccountExportSchema, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request, reply) => {
      const data = await accountService.export(db, actorOf(request));
      reply.header(
        'content-disposition',
        `attachment; filename="vereinsheim-export-${data.exportedAt.slice(0, 10)}.json"`,
      );
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.delete(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary:
          'Deletes my account and every personal row (confirmation: "LÖSCHEN"; needs a sign-in within the last 5 minutes, else 401 fresh-sign-in-required)',
        body: DeleteAccountInputSchema,
        response: {
          204: z.null().describe('deleted'),
          400: ProblemSchema,
          401: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      requireRecentSignIn(actor, FRESH_SIGN_IN_MAX_AGE_SECONDS, FRESH_SIGN_IN_REQUIRED);
      await accountService.deleteAccount(db, store, actor);
      return reply.code(204).send(null);
    },
  );
};
