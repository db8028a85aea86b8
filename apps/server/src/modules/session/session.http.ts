import { createHash, randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@vereinsheim/contracts/session';
import type { Config } from '../../config.ts';
import { problem, unauthorized } from '../../lib/problem.ts';

/** A 256-bit random secret, base64url (43 characters). */
export const randomSecret = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a cookie secret. */
export const secretHash = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;
export const isSecretShaped = (value: unknown): value is string =>
  typeof value === 'string' && SECRET_SHAPE.test(value);

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);
/** https, or a loopback host that browsers treat as a secure context (development, tests). */
export function isSecureOrigin(origin: string): boolean {
  const url = new URL(origin);
  return (
    url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname) || /^127(\.\d{1,3}){3}$/.test(url.hostname)
  );
}

export interface WebOrigin {
  origin: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** `__Host-` cookies (Secure, Path=/, no Domain) on secure origins; plain names on others. */
  secure: boolean;
}

/**
 * The origins the web app is served from: PUBLIC_URL and those of OIDC_EXTRA_REDIRECT_URIS (e.g. a Vite dev
 * server proxying to this server). A request picks its own origin when it is one of them, else PUBLIC_URL's.
 */
export function webOrigins(config: Config) {
  const byOrigin = new Map<string, WebOrigin>();
  const add = (redirectUri: string) => {
    const { origin } = new URL(redirectUri);
    if (byOrigin.has(origin)) return;
    byOrigin.set(origin, {
      origin,
      redirectUri,
      postLogoutRedirectUri: `${origin}/signed-out`,
      secure: isSecureOrigin(origin),
    });
  };
  add(`${config.publicUrl}/signin-oidc`);
  for (const uri of config.oidc.extraRedirectUris) if (new URL(uri).pathname === '/signin-oidc') add(uri);
  const fallback = byOrigin.get(new URL(config.publicUrl).origin)!;
  return {
    all: [...byOrigin.values()],
    isAllowed: (origin: string) => byOrigin.has(origin),
    forRequest(request: FastifyRequest): WebOrigin {
      return byOrigin.get(`${request.protocol}://${request.host}`) ?? fallback;
    },
  };
}
export type WebOrigins = ReturnType<typeof webOrigins>;

export const cookieName = (kind: 'session' | 'login', secure: boolean) =>
  `${secure ? '__Host-' : ''}vh_${kind}`;

/** HttpOnly, Path=/, no Domain; Secure with the `__Host-` prefix on secure origins. */
function cookieOptions(web: WebOrigin, sameSite: 'strict' | 'lax', maxAge?: number): CookieSerializeOptions {
  return { path: '/', httpOnly: true, secure: web.secure, sameSite, ...(maxAge ? { maxAge } : {}) };
}

/**
 * The session cookie: SameSite=Strict (never sent by another site's request), no Max-Age (it ends with the
 * browser; the server ends it earlier after the idle timeout or at the refresh token's expiry).
 */
export function setSessionCookie(reply: FastifyReply, web: WebOrigin, secret: string): void {
  reply.setCookie(cookieName('session', web.secure), secret, cookieOptions(web, 'strict'));
}

export function clearSessionCookie(reply: FastifyReply, web: WebOrigin): void {
  reply.clearCookie(cookieName('session', web.secure), cookieOptions(web, 'strict'));
}

/** Binds a sign-in to the browser that started it; Lax, because the provider's redirect back is cross-site. */
export function setLoginCookie(reply: FastifyReply, web: WebOrigin, secret: string, maxAge: number): void {
  reply.setCookie(cookieName('login', web.secure), secret, cookieOptions(web, 'lax', maxAge));
}

export function clearLoginCookie(reply: FastifyReply, web: WebOrigin): void {
  reply.clearCookie(cookieName('login', web.secure), cookieOptions(web, 'lax'));
}

export function readCookie(request: FastifyRequest, web: WebOrigin, kind: 'session' | 'login') {
  const value = request.cookies[cookieName(kind, web.secure)];
  return isSecretShaped(value) ? value : undefined;
}

/** Whether the request carries a session cookie of the right shape (not whether its session still lives). */
export function hasSessionCookie(request: FastifyRequest, origins: WebOrigins): boolean {
  return readCookie(request, origins.forRequest(request), 'session') !== undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for requests authenticated by the session cookie (on top of SameSite=Strict and the `__Host-`
 * prefix): an unsafe method must come from one of the web origins (Origin header) and carry the app's custom
 * header, which no form can send and no other origin can send without a CORS preflight the server never grants.
 */
export function assertSameOriginRequest(request: FastifyRequest, origins: WebOrigins): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (!origin || !origins.isAllowed(origin)) {
    throw problem(403, 'session.origin');
  }
  if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) {
    throw problem(403, 'session.csrf', { params: { header: CSRF_HEADER } });
  }
}

/**
 * A return path after the sign-in: starts with a single '/', stays on the origin, never a /signin… or
 * /signed-out path, no control characters or backslashes (browsers read '\' as '/').
 */
export function isValidReturnTo(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= 2048 &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.includes('\\') &&
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    !/[\u0000-\u001f\u007f]/.test(value) &&
    !value.startsWith('/signin') &&
    !value.startsWith('/signed-out') &&
    !/^\/(api|bff|oidc)(\/|$)/.test(value)
  );
}

/**
 * The auth plugin's session lookup (ADR 0009): the access token of the web session named by the request's
 * cookie, after the CSRF check; undefined without a cookie; 401 (and the cookie cleared) when it has ended.
 */
export function webSessionToken(
  sessions: { accessToken(secret: string): Promise<string | null> },
  origins: WebOrigins,
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<string | undefined> => {
    const web = origins.forRequest(request);
    const secret = readCookie(request, web, 'session');
    if (!secret) return undefined;
    assertSameOriginRequest(request, origins);
    const token = await sessions.accessToken(secret);
    if (!token) {
      clearSessionCookie(reply, web);
      throw unauthorized('auth.sessionEnded');
    }
    return token;
  };
}
