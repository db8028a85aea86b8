import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { sendCodedProblem } from '../lib/problem.ts';

const DEMO_ASSETS = path.join(import.meta.dirname, '../seed/assets');

/** Public media: the demo clubs' logos and header images. */
export const mediaPlugin = fp(async (app: FastifyInstance) => {
  app.get(
    '/media/demo/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-z0-9-]+\.svg$/) }) } },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      try {
        const body = await fs.readFile(path.join(DEMO_ASSETS, file));
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=86400')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(body);
      } catch {
        return sendCodedProblem(reply, 404, 'media.notFound');
      }
    },
  );
});
