import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ProblemSchema,
  TeamContactPersonListSchema,
  TeamDetailSchema,
  TeamDocumentListSchema,
  TeamDocumentParamsSchema,
  TeamIdParamsSchema,
  TeamListQuerySchema,
  TeamListSchema,
  TenantTeamParamsSchema,
} from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../plugins/auth.ts';
import { teamsService } from './teams.service.ts';
import type { FileStore } from '../media/index.ts';

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const teamsRoutes: FastifyPluginAsyncZod<{ db: Database; files: FileStore }> = async (
  app,
  { db, files },
) => {
  app.addHook('onRequest', app.authenticate);
  const errors = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema };

  app.get(
    '/me/team',
    {
      schema: {
        tags: ['team'],
        summary: 'The teams the signed-in person belongs to (by name)',
        querystring: TeamListQuerySchema,
        response: { 200: TeamListSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    (request) => teamsService.listMine(db, actorOf(request), request.query),
  );

  app.get(
    '/team/:id',
    {
      schema: {
        tags: ['team'],
        summary:
          "A team of one of the person's clubs: members (contact data only where shared with the club)",
        params: TeamIdParamsSchema,
        response: { 200: TeamDetailSchema, ...errors },
      },
    },
    (request) => teamsService.detail(db, actorOf(request), request.params.id),
  );

  app.get(
    '/tenant/:tenantId/team/:teamId/documentupload',
    {
      schema: {
        tags: ['team'],
        summary: "The team's documents",
        params: TenantTeamParamsSchema,
        response: { 200: TeamDocumentListSchema, ...errors },
      },
    },
    (request) => teamsService.documents(db, actorOf(request), request.params.tenantId, request.params.teamId),
  );

  app.get(
    '/tenant/:tenantId/team/:teamId/documentupload/:documentId/download',
    {
      schema: {
        tags: ['team'],
        summary: "Downloads one of the team's documents",
        params: TeamDocumentParamsSchema,
        response: { 200: z.unknown().describe('the file'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await teamsService.download(db, files, actorOf(request), request.params);
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );

  app.get(
    '/tenant/:tenantId/team/:teamId/contactperson',
    {
      schema: {
        tags: ['team'],
        summary: "The team's contact persons",
        params: TenantTeamParamsSchema,
        response: { 200: TeamContactPersonListSchema, ...errors },
      },
    },
    (request) =>
      teamsService.contactPersons(db, actorOf(request), request.params.tenantId, request.params.teamId),
  );
};
