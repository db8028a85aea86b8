import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, DbOrTx } from '../db/client.ts';
import { sharedKey } from '../db/server-keys.ts';
import { LANGUAGES } from '../lib/i18n.ts';
import { accountsRepository } from './accounts.repository.ts';
import { databaseAdapter } from './adapter.ts';
import { accountClaims, CLAIMS_BY_SCOPE } from './claims.ts';
import { readLegacyFile, type SigningKeys } from './keys.ts';
import { pageView } from './language.ts';
import {
  logoutPage,
  logoutQuestionPage,
  messagePage,
  portalLink,
  text,
  type PageContext,
  type PageView,
} from './pages.ts';

export const ACCESS_TOKEN_TTL = 600;
const REFRESH_TOKEN_TTL = 30 * 24 * 60 * 60;
const SESSION_TTL = 30 * 24 * 60 * 60;
const SCOPES = ['openid', 'profile', 'email', 'offline_access'];
/**
 * The API's resource scope. A request whose scope names it gets an access token for the API (a JWT with
 * `aud` = the API audience); one without it gets an access token for the userinfo endpoint (RFC 8707: the
 * client names the resource it wants a token for; OpenID Connect RPs that know nothing of the API work).
 */
export const API_SCOPE = 'api';

/** The provider's path prefix under the app (the issuer's path: /oidc). */
export const mountPath = (config: Config) => new URL(config.oidc.issuer).pathname.replace(/\/+$/, '');

/** The resource indicator of the API (an absolute URI); tokens for it carry `aud` = the configured audience. */
export function apiResource(config: Config): string {
  return URL.canParse(config.oidc.audience) ? config.oidc.audience : `${config.publicUrl}/api`;
}

/** Extra web redirect URIs (e.g. a Vite dev server), from OIDC_EXTRA_REDIRECT_URIS. */
export function redirectUris(config: Config) {
  const web = [`${config.publicUrl}/signin-oidc`, ...config.oidc.extraRedirectUris];
  const scheme = config.nativeRedirectUri.split(':')[0]!;
  // The claimed https redirect (App Links / Universal Links) signs out to its sibling …/signed-out.
  const https = config.nativeHttpsRedirectUri;
  const native = https ? [config.nativeRedirectUri, https] : [config.nativeRedirectUri];
  const postLogoutWeb = [
    `${config.publicUrl}/`,
    `${config.publicUrl}/signed-out`,
    ...config.oidc.extraRedirectUris.flatMap((uri) => {
      const origin = new URL(uri).origin;
      return [`${origin}/`, `${origin}/signed-out`];
    }),
  ];
  const postLogoutNative = [`${scheme}:/`, `${scheme}:/signed-out`];
  if (https) postLogoutNative.push(new URL('signed-out', https).href);
  return { web, native, postLogoutWeb, postLogoutNative };
}

/**
 * Cookie signing keys: from OIDC_COOKIE_KEYS, else shared through the database (server_keys, ADR 0015) so that
 * a cookie set by one instance is accepted by the others. Keys an earlier version kept in DATA_DIR/oidc are
 * taken over.
 */
export async function loadCookieKeys(config: Config, db: DbOrTx): Promise<string[]> {
  if (config.oidc.cookieKeys?.length) return config.oidc.cookieKeys;
  return sharedKey(db, 'oidc.cookie-keys', async () => {
    const legacy = await readLegacyFile<string[]>(path.join(config.dataDir, 'oidc', 'cookie-keys.json'));
    return legacy?.length ? legacy : [randomBytes(32).toString('base64url')];
  });
}

/** The text (under `identity.error`) of a protocol error a person may see in the browser. */
function errorKey(error: string | undefined): string {
  switch (error) {
    case 'invalid_redirect_uri':
      return 'error.redirectUri';
    case 'invalid_client':
      return 'error.client';
    case 'invalid_request':
    case 'unsupported_response_type':
    case 'invalid_scope':
    case 'invalid_target':
      return 'error.request';
    case 'session_not_found':
    case 'invalid_grant':
      return 'signIn.expired';
    case 'access_denied':
      return 'error.denied';
    case undefined:
    default:
      return 'error.other';
  }
}

/** The requested scope values of the current request (authorization or token request). */
function requestedScopes(ctx: KoaContextWithOIDC): string[] {
  const scope = (ctx.oidc.params as { scope?: unknown } | undefined)?.scope;
  return typeof scope === 'string' ? scope.split(' ') : [];
}

export function errorPage(view: PageView, error?: string): string {
  return messagePage(view, {
    title: text(view.lng, 'error.title'),
    message: text(view.lng, errorKey(error)),
    link: portalLink(view),
    status: 'error',
  });
}

/** The provider's own pages (errors, sign-out) for the request of `ctx`: its `ui_locales`, else the browser's. */
function viewOf(pages: PageContext, ctx: KoaContextWithOIDC): PageView {
  const params = ctx.oidc?.params as { ui_locales?: unknown } | undefined;
  return pageView(pages, ctx, params?.ui_locales);
}

export interface ProviderSetup {
  config: Config;
  db: Database;
  keys: SigningKeys;
  /** Cookie signing keys (loadCookieKeys). */
  cookieKeys: string[];
  log: FastifyBaseLogger;
}

export function createProvider({ config, db, keys, cookieKeys, log }: ProviderSetup): Provider {
  const base = mountPath(config);
  const pages: PageContext = { base, portalUrl: config.publicUrl };
  const resource = apiResource(config);
  const clientId = config.oidc.clientId;
  const uris = redirectUris(config);

  const corsOrigins = new Set([
    new URL(config.publicUrl).origin,
    ...config.oidc.extraRedirectUris.map((u) => new URL(u).origin),
    // Capacitor's web views (native apps) call the token endpoint from these origins.
    'capacitor://localhost',
    'https://localhost',
  ]);

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'Vereinsheim',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: uris.web,
        post_logout_redirect_uris: uris.postLogoutWeb,
        scope: SCOPES.join(' '),
      },
    ],
    jwks: keys.privateJwks,
    cookies: {
      keys: cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', path: base },
      short: { httpOnly: true, sameSite: 'lax' },
      names: { session: 'vh_session', interaction: 'vh_interaction', resume: 'vh_resume' },
    },
    scopes: SCOPES,
    responseTypes: ['code'],
    // The languages of the provider's pages and mails (language.ts picks one by ui_locales).
    discovery: { ui_locales_supported: [...LANGUAGES] },
    claims: {
      openid: [...CLAIMS_BY_SCOPE.openid],
      profile: [...CLAIMS_BY_SCOPE.profile],
      email: [...CLAIMS_BY_SCOPE.email],
    },
    conformIdTokenClaims: false,
    // OpenID Connect Core 3.1.2.1: redirect_uri is REQUIRED, also when the client has a single one.
    allowOmittingSingleRegisteredRedirectUri: false,
    pkce: { required: () => true },
    // The time of the sign-in travels in API access tokens: the API demands a recent one for deletion.
    extraTokenClaims: (ctx, token) => {
      if (token.kind !== 'AccessToken') return undefined;
      const { AuthorizationCode: code, RefreshToken: refresh } = ctx.oidc.entities;
      const authTime = code?.authTime ?? refresh?.authTime;
      return typeof authTime === 'number' ? { auth_time: authTime } : undefined;
    },
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin) => corsOrigins.has(origin),
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: (ctx) => (requestedScopes(ctx).includes(API_SCOPE) ? resource : undefined),
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience: config.oidc.audience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          // Signed out without a question only when the request carries a valid ID token of this very
          // session's account; anything else (a link on another website, a stale hint) asks first.
          const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
          const accountId = ctx.oidc.session?.accountId;
          const confirmed = accountId !== undefined && hint?.payload?.sub === accountId;
          ctx.type = 'html';
          const view = viewOf(pages, ctx);
          ctx.body = confirmed ? logoutPage(view, form) : logoutQuestionPage(view, form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          const view = viewOf(pages, ctx);
          ctx.body = messagePage(view, {
            title: text(view.lng, 'logout.doneTitle'),
            message: text(view.lng, 'logout.done'),
            link: portalLink(view),
          });
        },
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: SESSION_TTL,
      Grant: REFRESH_TOKEN_TTL,
      // A rotated token keeps the absolute lifetime of the first one.
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? REFRESH_TOKEN_TTL,
    },
    interactions: {
      url: (_ctx, interaction) => `${base}/interaction/${interaction.uid}`,
    },
    // First-party client: no consent screen; the grant covers what the client may ask for.
    loadExistingGrant: async (ctx) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      let grant = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (grant && client.clientId !== clientId) return grant;
      if (client.clientId !== clientId) return undefined;
      grant ??= new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES.join(' '));
      grant.addResourceScope(resource, API_SCOPE);
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => {
      const account = await accountsRepository.findById(db, sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: async () => {
          const claims = await accountClaims(db, account);
          return claims ?? { sub: account.id };
        },
      };
    },
    renderError: (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(viewOf(pages, ctx), out.error);
    },
  };

  const provider = new Provider(config.oidc.issuer, configuration);
  // Fastify decides whom to trust (TRUST_PROXY); the mount hands the provider its verdict as the only
  // X-Forwarded-* headers (see index.ts), so the provider may read them.
  provider.proxy = true;

  // The native apps' custom-scheme URIs (RFC 8252) are accepted as exact matches in addition to the
  // web client's http(s) URIs, which the library validates for application_type "web".
  const nativeRedirects = new Set(uris.native);
  const nativePostLogout = new Set(uris.postLogoutNative);
  const clientProto = provider.Client.prototype as unknown as {
    redirectUriAllowed: (this: { clientId: string }, value: string) => boolean;
    postLogoutRedirectUriAllowed: (this: { clientId: string }, value: string) => boolean;
  };
  const redirectAllowed = clientProto.redirectUriAllowed;
  const postLogoutAllowed = clientProto.postLogoutRedirectUriAllowed;
  clientProto.redirectUriAllowed = function (value) {
    return redirectAllowed.call(this, value) || (this.clientId === clientId && nativeRedirects.has(value));
  };
  clientProto.postLogoutRedirectUriAllowed = function (value) {
    return postLogoutAllowed.call(this, value) || (this.clientId === clientId && nativePostLogout.has(value));
  };

  // Unknown paths under the provider answer RFC 9457 problem+json like the rest of the server.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.status = 404;
      ctx.type = 'application/problem+json; charset=utf-8';
      ctx.body = JSON.stringify({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: 'The identity provider has no such endpoint.',
        instance: `${base}${ctx.path}`,
      });
    }
  });

  // OpenID Connect keeps offline_access only with prompt=consent. For our first-party client that
  // consent is implied (and given without a screen), so a request gets it added (also to prompt=login,
  // e.g. the fresh sign-in before deleting an account, so the session keeps its refresh token).
  provider.use(async (ctx, next) => {
    if (ctx.path === '/auth' && ctx.method === 'GET') {
      const { client_id: cid, scope, prompt } = ctx.query;
      const prompts = typeof prompt === 'string' ? prompt.split(' ') : [];
      if (
        cid === clientId &&
        typeof scope === 'string' &&
        scope.split(' ').includes('offline_access') &&
        (prompt === undefined || (typeof prompt === 'string' && !prompts.includes('none')))
      ) {
        const withConsent = prompts.includes('consent') ? prompts : [...prompts, 'consent'];
        ctx.query = { ...ctx.query, prompt: withConsent.join(' ') };
        // The provider derives its mount path from originalUrl, which must still end with ctx.url.
        (ctx.req as { originalUrl?: string }).originalUrl = `${base}${ctx.url}`;
      }
    }
    await next();
  });

  // spec §3 reads refresh_token_expires_in from token responses: the refresh token's remaining lifetime.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== '/token' || ctx.method !== 'POST' || ctx.status !== 200) return;
    const body = ctx.body as { refresh_token?: unknown; refresh_token_expires_in?: number } | undefined;
    if (typeof body?.refresh_token !== 'string') return;
    const refreshToken = await provider.RefreshToken.find(body.refresh_token);
    if (refreshToken?.exp) {
      body.refresh_token_expires_in = Math.max(0, refreshToken.exp - Math.floor(Date.now() / 1000));
    }
  });

  provider.on('server_error', (_ctx: unknown, error: Error) => {
    log.error({ err: error }, 'identity provider error');
  });
  provider.on('grant.revoked', () => {
    log.info('identity provider grant revoked');
  });

  return provider;
}
