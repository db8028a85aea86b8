import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { accountsRepository } from './accounts.repository.ts';
import { databaseAdapter } from './adapter.ts';
import { accountClaims, CLAIMS_BY_SCOPE } from './claims.ts';
import type { SigningKeys } from './keys.ts';
import { logoutPage, messagePage, type PageContext } from './pages.ts';

export const ACCESS_TOKEN_TTL = 600;
const REFRESH_TOKEN_TTL = 30 * 24 * 60 * 60;
const SESSION_TTL = 30 * 24 * 60 * 60;
const SCOPES = ['openid', 'profile', 'email', 'offline_access'];

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
  const native = [config.nativeRedirectUri];
  const postLogoutWeb = [
    `${config.publicUrl}/`,
    `${config.publicUrl}/signed-out`,
    ...config.oidc.extraRedirectUris.flatMap((uri) => {
      const origin = new URL(uri).origin;
      return [`${origin}/`, `${origin}/signed-out`];
    }),
  ];
  const postLogoutNative = [`${scheme}:/`, `${scheme}:/signed-out`];
  return { web, native, postLogoutWeb, postLogoutNative };
}

/**
 * Cookie signing keys: from OIDC_COOKIE_KEYS, else generated once and kept in DATA_DIR/oidc (mode 0600).
 * If DATA_DIR is not writable the keys live in memory only (sign-in sessions end with the process).
 */
export async function loadCookieKeys(config: Config, log: FastifyBaseLogger): Promise<string[]> {
  if (config.oidc.cookieKeys?.length) return config.oidc.cookieKeys;
  const file = path.join(config.dataDir, 'oidc', 'cookie-keys.json');
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as string[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = [randomBytes(32).toString('base64url')];
  try {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, JSON.stringify(keys), { mode: 0o600 });
  } catch (err) {
    log.warn({ err }, 'cannot keep the cookie keys in DATA_DIR; using keys in memory');
  }
  return keys;
}

/** German texts for the protocol errors a person may see in the browser. */
function errorText(error: string | undefined): string {
  switch (error) {
    case 'invalid_redirect_uri':
      return 'Die Anmeldung wurde von einer unbekannten Adresse angefordert und deshalb abgebrochen.';
    case 'invalid_client':
      return 'Die anfragende Anwendung ist nicht bekannt.';
    case 'invalid_request':
    case 'unsupported_response_type':
    case 'invalid_scope':
    case 'invalid_target':
      return 'Die Anmeldeanfrage ist ungültig. Bitte starte die Anmeldung im Portal erneut.';
    case 'session_not_found':
    case 'invalid_grant':
      return 'Deine Anmeldung ist abgelaufen. Bitte starte sie im Portal erneut.';
    case 'access_denied':
      return 'Der Zugriff wurde verweigert.';
    case undefined:
    default:
      return 'Es ist ein Fehler aufgetreten. Bitte versuche es später erneut.';
  }
}

export function errorPage(pages: PageContext, error?: string): string {
  return messagePage(pages, {
    title: 'Es ist ein Fehler aufgetreten',
    message: errorText(error),
    link: { href: `${pages.portalUrl}/`, label: 'Zum Portal' },
    status: 'error',
  });
}

export interface ProviderSetup {
  config: Config;
  db: Database;
  keys: SigningKeys;
  log: FastifyBaseLogger;
}

export async function createProvider({ config, db, keys, log }: ProviderSetup): Promise<Provider> {
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
      keys: await loadCookieKeys(config, log),
      long: { httpOnly: true, sameSite: 'lax', path: base },
      short: { httpOnly: true, sameSite: 'lax' },
      names: { session: 'vh_session', interaction: 'vh_interaction', resume: 'vh_resume' },
    },
    scopes: SCOPES,
    responseTypes: ['code'],
    claims: {
      openid: [...CLAIMS_BY_SCOPE.openid],
      profile: [...CLAIMS_BY_SCOPE.profile],
      email: [...CLAIMS_BY_SCOPE.email],
    },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin) => corsOrigins.has(origin),
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: 'api',
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
          ctx.type = 'html';
          ctx.body = logoutPage(pages, form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = messagePage(pages, {
            title: 'Abgemeldet',
            message: 'Du wurdest erfolgreich abgemeldet.',
            link: { href: `${config.publicUrl}/`, label: 'Zum Portal' },
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
      grant.addResourceScope(resource, 'api');
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
      ctx.body = errorPage(pages, out.error);
    },
  };

  const provider = new Provider(config.oidc.issuer, configuration);
  provider.proxy = config.trustProxy;

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

  // OpenID Connect keeps offline_access only with prompt=consent. For our first-party client that
  // consent is implied (and given without a screen), so a request without a prompt gets it added.
  provider.use(async (ctx, next) => {
    if (ctx.path === '/auth' && ctx.method === 'GET') {
      const { client_id: cid, scope, prompt } = ctx.query;
      if (
        cid === clientId &&
        typeof scope === 'string' &&
        scope.split(' ').includes('offline_access') &&
        prompt === undefined
      ) {
        ctx.query = { ...ctx.query, prompt: 'consent' };
        // The provider derives its mount path from originalUrl, which must still end with ctx.url.
        (ctx.req as { originalUrl?: string }).originalUrl = `${base}${ctx.url}`;
      }
    }
    await next();
  });

  provider.on('server_error', (_ctx: unknown, error: Error) => {
    log.error({ err: error }, 'identity provider error');
  });
  provider.on('grant.revoked', () => {
    log.info('identity provider grant revoked');
  });

  return provider;
}
