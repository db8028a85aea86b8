import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { matchWebRoute, pathTo } from '@vereinsheim/contracts/routes';
import { sendCodedProblem } from '../lib/problem.ts';

/**
 * The routes of spec §2 (the one table in contracts, matched exactly); each serves the web app's index.html when
 * no route of the server answers it first (/signin-oidc is the backend-for-frontend's callback, modules/session).
 */
export function isSpaRoute(pathname: string): boolean {
  return matchWebRoute(pathname) !== null;
}

const NEVER_HTML = /^\/(api|oidc|bff)(\/|$)/;

/** dist/index.web.html, written by the web build (apps/web/vite.config.ts). */
const WEB_INDEX = 'index.web.html';

/**
 * Serves the built web app; hashed assets are cached for a year (immutable), index.html never. The build writes
 * brotli and gzip copies (apps/web/scripts/compress.mjs); `preCompressed` sends the best one the client accepts
 * with `Content-Encoding` and `Vary: Accept-Encoding`, and the file itself otherwise.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { webDist: string }) => {
  const indexFile = path.join(options.webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  // The build's page for the web, which preloads the start-up's session and configuration requests
  // (apps/web/vite.config.ts, WEB_INDEX); /signed-out reads no session and gets index.html.
  const hasWebIndex = fs.existsSync(path.join(options.webDist, WEB_INDEX));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The .br/.gz copies are found by preCompressed; they need no routes of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  const sendIndex = (reply: FastifyReply, status: number, pathname: string) => {
    if (!hasBuild) {
      return reply
        .code(status === 200 ? 503 : status)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build`.');
    }
    const page = hasWebIndex && pathname !== pathTo('signedOut') ? WEB_INDEX : 'index.html';
    return reply.code(status).header('cache-control', 'no-cache').sendFile(page);
  };

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const notFound = () =>
      sendCodedProblem(reply, 404, 'route.notFound', { params: { method: request.method, path: pathname } });
    if (NEVER_HTML.test(pathname) || (request.method !== 'GET' && request.method !== 'HEAD'))
      return notFound();
    if (isSpaRoute(pathname)) return sendIndex(reply, 200, pathname);
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (wantsHtml) return sendIndex(reply, 404, pathname);
    return notFound();
  });
});
