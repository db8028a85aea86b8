import { z } from 'zod';
import { deferred } from './deferred.ts';

/**
 * The web app's session with the backend-for-frontend (ADR 0009): the server performs the sign-in, keeps the
 * token record and hands the browser only an HttpOnly session cookie.
 */
export const BFF_PATHS = {
  /** GET: starts the provider sign-in; `returnTo` is the path (with query and hash) to come back to. */
  login: '/bff/login',
  /** GET: the web redirect address; the provider sends the code here (spec §2 /signin-oidc). */
  callback: '/signin-oidc',
  /** GET: the signed-in person's session; 401 without one. */
  session: '/bff/session',
  /** POST: ends the session (refresh token revoked, session deleted) and names the provider's end-session URL. */
  logout: '/bff/logout',
} as const;

/**
 * Every request of the web app carries this header; the server demands it (with a matching Origin) on unsafe
 * methods authenticated by the session cookie. A cross-site form cannot set it, and a cross-origin script
 * cannot send it without a CORS preflight, which the server never grants.
 */
export const CSRF_HEADER = 'x-vereinsheim-csrf';
export const CSRF_HEADER_VALUE = '1';

/**
 * The language the web app shows, for the server (ADR 0052): it sends a visitor without a session the signed-out
 * page drawn in this language. Readable by the page (not HttpOnly), which writes it with its own choice.
 */
export const LANGUAGE_COOKIE = 'vh_language';

/** Where a failed sign-in lands: the signed-out screen with this query (`/signed-out?signin=failed`). */
export const SIGNIN_FAILED_QUERY = { name: 'signin', value: 'failed' } as const;

/** The ID token's claims as the web app reads them (spec §3 session claims); unknown claims pass through. */
export const SessionClaimsSchema = deferred(() =>
  z.looseObject({
    sub: z.string(),
    person_id: z.string().optional(),
    person_setupcompleted: z.union([z.boolean(), z.string()]).optional(),
    person_privacyaccepted: z.union([z.boolean(), z.string()]).optional(),
    name: z.string().optional(),
    given_name: z.string().optional(),
    family_name: z.string().optional(),
    avatar_image_url: z.string().nullable().optional(),
    acr: z.string().optional(),
    aud: z.union([z.string(), z.array(z.string())]).optional(),
    exp: z.number().optional(),
  }),
);

/** GET /bff/session. */
export const WebSessionSchema = deferred(() =>
  z.object({
    claims: SessionClaimsSchema,
    /** True on the first read after the sign-in (the app then shows its 'Sie werden angemeldet.' hold). */
    fresh: z.boolean(),
    /** The session ends at the latest at this time (the refresh token's expiry). */
    expiresAt: z.iso.datetime(),
    /** ... and earlier after this long without a request. */
    idleTimeoutSeconds: z.number().int(),
  }),
);
export type WebSession = z.infer<typeof WebSessionSchema>;

/** POST /bff/logout. */
export const LogoutResponseSchema = deferred(() =>
  z.object({
    /** The provider's end-session URL with id_token_hint and post_logout_redirect_uri, when it has one. */
    endSessionUrl: z.string().nullable(),
  }),
);
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;

/** GET /bff/login query. */
export const LoginQuerySchema = deferred(() =>
  z.object({
    returnTo: z.string().max(2048).optional(),
    /** `login` forces the provider to ask for the password again (e.g. before deleting the account). */
    prompt: z.enum(['login']).optional(),
    /** The portal's language: the provider's pages and mails use it (sent as OpenID Connect `ui_locales`). */
    lang: z.enum(['de', 'en']).optional(),
  }),
);

/** GET /signin-oidc query, as the provider sends it (RFC 6749 §4.1.2, RFC 9207 `iss`). */
export const CallbackQuerySchema = deferred(() =>
  z.looseObject({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    iss: z.string().max(2048).optional(),
    error: z.string().max(256).optional(),
    error_description: z.string().max(2048).optional(),
  }),
);
