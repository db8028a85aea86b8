import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BFF_PATHS,
  LoginQuerySchema,
  LogoutResponseSchema,
  ProblemSchema,
  SIGNIN_FAILED_QUERY,
  WebSessionSchema,
} from '@vereinsheim/contracts';
import { z } from 'zod';
import { languageOf } from '../../lib/i18n.ts';
import { unauthorized } from '../../lib/problem.ts';
import {
  assertSameOriginRequest,
  clearLoginCookie,
  clearSessionCookie,
  readCookie,
  randomSecret,
  setLoginCookie,
  setSessionCookie,
  type WebOrigins,
} from './session.http.ts';
import { LOGIN_TTL_SECONDS, SignInFailed, type SessionService } from './session.service.ts';

const SIGNIN_FAILED = `/signed-out?${SIGNIN_FAILED_QUERY.name}=${SIGNIN_FAILED_QUERY.value}`;

/** The backend-for-frontend's endpoints (ADR 0009); the web app's API calls then carry the session cookie. */
export const sessionRoutes: FastifyPluginAsyncZod<{ sessions: SessionService; origins: WebOrigins }> = async (
  app,
  { sessions, origins },
) => {
  // Nothing about a session is ever cached.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    BFF_PATHS.login,
    {
      schema: {
        tags: ['session'],
        summary: 'Starts the web sign-in at the provider (302); returns to `returnTo` afterwards',
        security: [],
        querystring: LoginQuerySchema,
        response: { 302: z.null().describe('to the provider'), 400: ProblemSchema },
      },
    },
    async (request, reply) => {
      const web = origins.forRequest(request);
      // One binding secret per browser, reused while it lives: sign-ins started in two tabs both complete.
      const binding = readCookie(request, web, 'login') ?? randomSecret();
      const url = await sessions.startLogin({
        web,
        binding,
        returnTo: request.query.returnTo,
        prompt: request.query.prompt,
        lang: request.query.lang,
      });
      setLoginCookie(reply, web, binding, LOGIN_TTL_SECONDS);
      return reply.redirect(url.href, 302);
    },
  );

  app.get(
    BFF_PATHS.callback,
    {
      schema: {
        tags: ['session'],
        summary:
          'The web redirect address: exchanges the code, sets the session cookie and returns to the app (302)',
        security: [],
        response: { 302: z.null().describe('to the return path, or /signed-out?signin=failed') },
      },
    },
    async (request, reply) => {
      const web = origins.forRequest(request);
      const raw = request.raw.url ?? '';
      const rawQuery = raw.includes('?') ? raw.slice(raw.indexOf('?') + 1) : '';
      const query = Object.fromEntries(
        [...new URLSearchParams(rawQuery)].filter(([, value]) => value.length <= 4096),
      );
      const previous = readCookie(request, web, 'session');
      const binding = readCookie(request, web, 'login');
      clearLoginCookie(reply, web);
      try {
        const { secret, returnTo } = await sessions.completeLogin({ query, rawQuery, binding });
        // A new secret on every sign-in (no fixation); a session the browser had before ends here.
        if (previous) await sessions.discard(previous);
        setSessionCookie(reply, web, secret);
        return reply.redirect(returnTo, 302);
      } catch (error) {
        if (!(error instanceof SignInFailed)) throw error;
        request.log.info({ reason: error.message }, 'web sign-in failed');
        return reply.redirect(SIGNIN_FAILED, 302);
      }
    },
  );

  app.get(
    BFF_PATHS.session,
    {
      schema: {
        tags: ['session'],
        summary: "The browser's web session: the ID token's claims and when the session ends",
        security: [{ session: [] }],
        response: { 200: WebSessionSchema, 401: ProblemSchema },
      },
    },
    async (request, reply) => {
      const web = origins.forRequest(request);
      const secret = readCookie(request, web, 'session');
      const session = secret ? await sessions.read(secret) : null;
      if (!session) {
        if (secret) clearSessionCookie(reply, web);
        throw unauthorized('auth.noSession');
      }
      return session;
    },
  );

  app.post(
    BFF_PATHS.logout,
    {
      schema: {
        tags: ['session'],
        summary:
          'Signs out: revokes the refresh token at the provider, deletes the session and names the end-session URL',
        security: [{ session: [] }],
        response: { 200: LogoutResponseSchema, 403: ProblemSchema },
      },
    },
    async (request, reply) => {
      assertSameOriginRequest(request, origins);
      const web = origins.forRequest(request);
      const result = await sessions.logout(readCookie(request, web, 'session'), web, languageOf(request));
      clearSessionCookie(reply, web);
      return result;
    },
  );
};
