import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sendCodedProblem } from '../../lib/problem.ts';
import { FILE_NAME_PATTERN, type FileStore } from './file-store.ts';

/** GET /media/files/{name}: uploaded images under content-hash names, cached for a year. */
export const mediaFilesRoutes: FastifyPluginAsync<{ store: FileStore }> = async (app, { store }) => {
  app.get(
    '/media/files/:name',
    { schema: { hide: true, params: z.object({ name: z.string().max(100) }) } },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      const body = FILE_NAME_PATTERN.test(name) ? await store.get(name) : null;
      if (!body) return sendCodedProblem(reply, 404, 'media.notFound');
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(body);
    },
  );
};
