import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { matchWebRoute, pathTo } from '@vereinsheim/contracts/routes';
import { LANGUAGE_COOKIE } from '@vereinsheim/contracts/session';
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

/** The build's pages with the signed-out screen drawn in, one per language (ADR 0052, apps/web/vite.config.ts). */
const SIGNED_OUT_LANGUAGES = ['de', 'en'] as const;
const signedOutPage = (language: string) => `index.signed-out.${language}.html`;

/**
 * Navigations whose request would carry a SameSite=Strict session cookie if the browser held one (Fetch
 * Metadata): typed or bookmarked (`none`) and from the portal itself. A link from another site (`cross-site`) is
 * sent without it even for a member who is signed in, and a request without the header tells nothing.
 */
const STRICT_COOKIES_SENT = new Set(['none', 'same-origin', 'same-site']);

export interface WebPluginOptions {
  webDist: string;
  /** Whether the request carries a session cookie (modules/session). */
  hasSessionCookie: (request: FastifyRequest) => boolean;
}

/**
 * Serves the built web app; hashed assets are cached for a year (immutable), index.html never. The build writes
 * brotli and gzip copies (apps/web/scripts/compress.mjs); `preCompressed` sends the best one the client accepts
 * with `Content-Encoding` and `Vary: Accept-Encoding`, and the file itself otherwise.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: WebPluginOptions) => {
  const indexFile = path.join(options.webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  // The build's page for the web, which preloads the start-up's session and configuration requests
  // (apps/web/vite.config.ts, WEB_INDEX); /signed-out reads no session and gets index.html.
  const hasWebIndex = fs.existsSync(path.join(options.webDist, WEB_INDEX));
  const hasSignedOutPages = SIGNED_OUT_LANGUAGES.every((language) =>
    fs.existsSync(path.join(options.webDist, signedOutPage(language))),
  );

  /**
   * The page with the signed-out screen drawn in, in the language of the page's cookie (German by default), for
   * a visitor who surely has no session: no session cookie on a request that would carry it (ADR 0052). The
   * start-up takes the screen over and checks the session behind it; /signed-out draws its own message.
   */
  const signedOutPageFor = (request: FastifyRequest, pathname: string): string | null => {
    if (!hasSignedOutPages || pathname === pathTo('signedOut')) return null;
    const site = request.headers['sec-fetch-site'];
    if (typeof site !== 'string' || !STRICT_COOKIES_SENT.has(site)) return null;
    if (options.hasSessionCookie(request)) return null;
    const chosen = request.cookies[LANGUAGE_COOKIE];
    return signedOutPage(SIGNED_OUT_LANGUAGES.find((language) => language === chosen) ?? 'de');
  };
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

  const sendIndex = (request: FastifyRequest, reply: FastifyReply, status: number, pathname: string) => {
    if (!hasBuild) {
      return reply
        .code(status === 200 ? 503 : status)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build`.');
    }
    const page =
      signedOutPageFor(request, pathname) ??
      (hasWebIndex && pathname !== pathTo('signedOut') ? WEB_INDEX : 'index.html');
    // Which page depends on the cookies and the kind of navigation: a cache must not answer one with another.
    reply.header('vary', 'Cookie, Sec-Fetch-Site');
    return reply.code(status).header('cache-control', 'no-cache').sendFile(page);
  };

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const notFound = () =>
      sendCodedProblem(reply, 404, 'route.notFound', { params: { method: request.method, path: pathname } });
    if (NEVER_HTML.test(pathname) || (request.method !== 'GET' && request.method !== 'HEAD'))
      return notFound();
    if (isSpaRoute(pathname)) return sendIndex(request, reply, 200, pathname);
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (wantsHtml) return sendIndex(request, reply, 404, pathname);
    return notFound();
  });
});
