import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import formbody from '@fastify/formbody';
import { desc } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { devMails } from '../db/schema/index.ts';
import { sendCodedProblem } from '../lib/problem.ts';
import { purgeExpiredModels } from './adapter.ts';
import { BackgroundTasks } from './background.ts';
import { createDeviceCookies } from './devices.ts';
import { interactionRoutes } from './interactions.routes.ts';
import type { SigningKeys } from './keys.ts';
import { pageView } from './language.ts';
import { createAuthLimits, purgeExpiredLimits } from './limits.ts';
import { mailboxPage, type PageContext } from './pages.ts';
import { createProvider, loadCookieKeys, mountPath } from './provider.ts';

/** Account deletion: what the sign-in side keeps about a person (account-data.ts). */
export { deleteSignInData } from './account-data.ts';

export interface EmbeddedProviderOptions {
  config: Config;
  db: Database;
  keys: SigningKeys;
}

const ASSETS: Record<string, string> = {
  'portal.css': 'text/css; charset=utf-8',
  'logout.js': 'text/javascript; charset=utf-8',
};

/** Adds the web client's extra redirect origins to the CSP's form-action (Chromium checks redirects after a form post). */
export function widenFormAction(res: Pick<ServerResponse, 'getHeader' | 'setHeader'>, origins: string[]) {
  const csp = res.getHeader('content-security-policy');
  if (typeof csp !== 'string' || origins.length === 0) return;
  res.setHeader(
    'content-security-policy',
    csp.replace(/form-action([^;]*)/, (directive) => `${directive} ${origins.join(' ')}`),
  );
}

/**
 * Mounts the embedded OpenID Connect provider (oidc-provider, a Koa app) at /oidc: the provider's
 * own endpoints take the raw request before Fastify parses a body; login, sign-up and password
 * pages, their stylesheet and the development mailbox are Fastify routes under the same prefix.
 */
export async function registerEmbeddedProvider(app: FastifyInstance, options: EmbeddedProviderOptions) {
  const { config, db } = options;
  const base = mountPath(config);
  const pages: PageContext = { base, portalUrl: config.publicUrl };
  const cookieKeys = await loadCookieKeys(config, db);
  const provider = createProvider({ config, db, keys: options.keys, cookieKeys, log: app.log });
  const callback = provider.callback();
  const limits = createAuthLimits(db);
  const devices = createDeviceCookies({
    keys: cookieKeys,
    path: base || '/',
    secure: config.publicUrl.startsWith('https://'),
  });
  const background = new BackgroundTasks(app.log);
  app.addHook('onClose', () => background.drain());
  const extraOrigins = [...new Set(config.oidc.extraRedirectUris.map((u) => new URL(u).origin))];

  const assets = new Map<string, Buffer>();
  for (const name of Object.keys(ASSETS)) {
    assets.set(name, await fs.readFile(path.join(import.meta.dirname, 'assets', name)));
  }

  await app.register(async (scope) => {
    // The provider's pages and endpoints are not part of the API document.
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    await scope.register(formbody);

    // Runs after the security headers are set: CSP, no-sniff etc. also cover the provider's pages.
    scope.addHook('onRequest', async (request, reply) => {
      widenFormAction(reply.raw, extraOrigins);
    });

    /** Hands the raw request to the provider with the mount prefix stripped (as express mounting does). */
    const mount = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.raw.setHeader('x-request-id', request.id);
      reply.hijack();
      const req = request.raw as IncomingMessage & { originalUrl?: string };
      // Whatever a client sent as X-Forwarded-* is replaced by what Fastify derived under TRUST_PROXY.
      for (const name of Object.keys(req.headers)) {
        if (name.startsWith('x-forwarded-')) delete req.headers[name];
      }
      req.headers['x-forwarded-for'] = request.ip;
      req.headers['x-forwarded-proto'] = request.protocol;
      req.headers['x-forwarded-host'] = request.host;
      const url = req.url ?? '/';
      req.originalUrl = url;
      const rest = url.slice(base.length);
      req.url = rest.startsWith('/') ? rest : `/${rest}`;
      await callback(req, reply.raw);
    };
    const unreachable = async () => undefined;
    scope.all(base, { onRequest: mount }, unreachable);
    scope.all(`${base}/*`, { onRequest: mount }, unreachable);

    // OpenID Connect Core 3.1.2.1 and RP-Initiated Logout 1.0 §2: the authorization and end-session
    // endpoints take POST with form-serialised parameters. The answer is a 303 to the same endpoint with
    // the parameters in the query: the browser's top-level GET then carries the provider's SameSite=Lax
    // session cookie, which a cross-site POST does not (the library's own POST support would need
    // SameSite=None session cookies).
    for (const endpoint of ['/auth', '/session/end']) {
      scope.post(`${base}${endpoint}`, async (request, reply) => {
        if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
          return sendCodedProblem(reply, 415, 'request.formExpected');
        }
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries((request.body ?? {}) as Record<string, unknown>)) {
          for (const item of Array.isArray(value) ? value : [value]) {
            if (typeof item === 'string') params.append(key, item);
          }
        }
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${base}${endpoint}?${params.toString()}`, 303);
      });
    }

    scope.get<{ Params: { name: string } }>(`${base}/assets/:name`, async (request, reply) => {
      const body = assets.get(request.params.name);
      const type = ASSETS[request.params.name];
      if (!body || !type) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.header('cache-control', 'public, max-age=3600').type(type).send(body);
    });

    await scope.register(interactionRoutes, {
      config,
      db,
      provider,
      pages,
      limits,
      devices,
      background,
    });

    // Development mode only (config.mode): the mailbox shows every mail, reset links included, to anyone.
    if (config.mode === 'development' && !config.mail.smtpUrl) {
      scope.get(`${base}/dev/mailbox`, async (request, reply) => {
        const mails = await db.select().from(devMails).orderBy(desc(devMails.createdAt)).limit(50);
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(mailboxPage(pageView(pages, request), mails));
      });
    }
  });

  const purge = () =>
    Promise.all([purgeExpiredModels(db), purgeExpiredLimits(db)]).catch((err: unknown) =>
      app.log.warn({ err }, 'purging expired provider data failed'),
    );
  const timer = setInterval(() => void purge(), 10 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
