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

/**
 * The build's pages with a screen drawn in, one per screen and language (ADR 0052, apps/web/vite.config.ts): the
 * signed-out screen and the loading screen, each index.web.html otherwise.
 */
const DRAWN_LANGUAGES = ['de', 'en'] as const;
const DRAWN_SCREENS = ['signed-out', 'loading', 'dashboard'] as const;
/**
 * `dashboard` is the loading screen's page that also asks for what the dashboard's first screen loads, for a
 * returning member opening the dashboard.
 */
const drawnPage = (screen: (typeof DRAWN_SCREENS)[number], language: string) =>
  `index.${screen}.${language}.html`;

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
  const hasDrawnPages = DRAWN_SCREENS.every((screen) =>
    DRAWN_LANGUAGES.every((language) =>
      fs.existsSync(path.join(options.webDist, drawnPage(screen, language))),
    ),
  );

  /**
   * The web app's page with a screen drawn in, in the language of the page's cookie (German by default; ADR 0052):
   * the signed-out screen for a visitor who surely has no session (no session cookie on a request that would carry
   * it), the loading screen for everyone else. On the dashboard with a session cookie, the loading screen's page
   * that also asks for the first screen's code (apps/web/vite.config.ts): the start-up will show it. The start-up
   * takes the screen over and goes on from there.
   */
  const webPageFor = (request: FastifyRequest, pathname: string): string => {
    if (!hasDrawnPages) return WEB_INDEX;
    const site = request.headers['sec-fetch-site'];
    const session = options.hasSessionCookie(request);
    const surelySignedOut = typeof site === 'string' && STRICT_COOKIES_SENT.has(site) && !session;
    const chosen = request.cookies[LANGUAGE_COOKIE];
    const language = DRAWN_LANGUAGES.find((candidate) => candidate === chosen) ?? 'de';
    if (surelySignedOut) return drawnPage('signed-out', language);
    return drawnPage(session && pathname === pathTo('dashboard') ? 'dashboard' : 'loading', language);
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
    // /signed-out reads no session and draws its own message: index.html.
    const page =
      hasWebIndex && pathname !== pathTo('signedOut') ? webPageFor(request, pathname) : 'index.html';
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
