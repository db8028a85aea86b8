import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProblemSchema, TenantFindQuerySchema, TenantListSchema } from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../plugins/auth.ts';
import { tenantsService } from './tenants.service.ts';

export const tenantsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/me/tenant/find',
    {
      schema: {
        tags: ['tenant'],
        summary: "The signed-in person's clubs (paged, by name)",
        querystring: TenantFindQuerySchema,
        response: { 200: TenantListSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    (request) => tenantsService.findMine(db, actorOf(request), request.query),
  );
};
