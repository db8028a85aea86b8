import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IbanCheckInputSchema,
  IbanCheckResultSchema,
  ItemIdParamsSchema,
  PersonalListQuerySchema,
  ProblemSchema,
  ScopedShareInputSchema,
  ShareTenantsInputSchema,
} from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../plugins/auth.ts';
import { checkIban, KINDS, type KindDef } from './personal-data.kinds.ts';
import { personalDataService, type Scope } from './personal-data.service.ts';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

/**
 * GET/POST /api/me/{kind}, PUT/DELETE /api/me/{kind}/{id}, PUT /api/me/{kind}/{id}/share and, for
 * address, mail and phone, POST /api/me/{kind}/{id}/share/{intern|extern}[/remove].
 * Every id is looked up within the signed-in person's own items: another person's id is 404.
 */
export const personalDataRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Authenticate before the body is parsed: without a valid token nothing is validated or read.
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/me/bankaccount/validate-iban',
    {
      schema: {
        tags: ['personal data: bank account'],
        summary: 'Checks an IBAN (answers one of the spec messages; BIC and bank code for German IBANs)',
        body: IbanCheckInputSchema,
        response: { 200: IbanCheckResultSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    (request) => checkIban(request.body.iban),
  );

  for (const def of KINDS) registerKind(app, db, def);
};

function registerKind(app: Parameters<FastifyPluginAsyncZod>[0], db: Database, def: KindDef) {
  const base = `/me/${def.path}`;
  const tags = [def.tag];
  const input = def.input as z.ZodType<Record<string, unknown>>;

  app.get(
    base,
    {
      schema: {
        tags,
        summary: `My ${def.kind} items, ordered by CreatedAt; tenantId: only those that club holds`,
        querystring: PersonalListQuerySchema,
        response: { 200: def.list, ...problems },
      },
    },
    (request) => personalDataService.list(db, actorOf(request), def, request.query),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: `Adds a ${def.kind} item`,
        body: input,
        response: { 201: def.item, ...problems },
      },
    },
    async (request, reply) => {
      const item = await personalDataService.create(db, actorOf(request), def, request.body);
      return reply.code(201).send(item);
    },
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: `Replaces a ${def.kind} item`,
        params: ItemIdParamsSchema,
        body: input,
        response: { 200: def.item, ...problems },
      },
    },
    (request) => personalDataService.update(db, actorOf(request), def, request.params.id, request.body),
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: `Deletes a ${def.kind} item (409 while a club holds it under a lock)`,
        params: ItemIdParamsSchema,
        response: { 204: z.null().describe('deleted'), ...problems },
      },
    },
    async (request, reply) => {
      await personalDataService.remove(db, actorOf(request), def, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    `${base}/:id/share`,
    {
      schema: {
        tags,
        summary:
          'Sets exactly the clubs that hold the item (default view); only own clubs (else 404), locked sharing stays (409)',
        params: ItemIdParamsSchema,
        body: ShareTenantsInputSchema,
        response: { 200: def.item, ...problems },
      },
    },
    (request) =>
      personalDataService.shareWith(db, actorOf(request), def, request.params.id, request.body.tenantIds),
  );

  if (!def.scopedShare) return;
  const routes: [string, Scope, boolean][] = [
    ['share/extern', 'extern', true],
    ['share/intern', 'intern', true],
    ['share/extern/remove', 'extern', false],
    ['share/intern/remove', 'intern', false],
  ];
  for (const [suffix, scope, add] of routes) {
    app.post(
      `${base}/:id/${suffix}`,
      {
        schema: {
          tags,
          summary: `${add ? 'Shares' : 'Stops sharing'} the item ${add ? 'with' : 'for'} one club in the ${scope} view (${scope === 'intern' ? 'contact' : 'members'}); userId is ignored`,
          params: ItemIdParamsSchema,
          body: ScopedShareInputSchema,
          response: { 200: def.item, ...problems },
        },
      },
      (request) =>
        personalDataService.shareScope(
          db,
          actorOf(request),
          def,
          request.params.id,
          scope,
          add,
          request.body,
        ),
    );
  }
}
