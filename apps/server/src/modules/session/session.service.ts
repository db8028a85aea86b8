import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { WebSession } from '@vereinsheim/contracts/session';
import { tokenLifecycle, type TokenRecord } from '@vereinsheim/contracts/token-record';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Language } from '../../lib/i18n.ts';
import { problem } from '../../lib/problem.ts';
import { toTokenRecord, type RelyingParty } from './relying-party.ts';
import { sessionRepository as repo, type WebSessionRow } from './session.repository.ts';
import { isValidReturnTo, randomSecret, secretHash, type WebOrigin } from './session.http.ts';

/** A sign-in must come back within this time. */
export const LOGIN_TTL_SECONDS = 600;
/** When the provider states no refresh token lifetime, a session lasts at most this long. */
export const SESSION_MAX_SECONDS = 30 * 24 * 60 * 60;
/** How long one request may hold the refresh lease before another takes over. */
const REFRESH_LEASE_MS = 15_000;
const LEASE_POLL_MS = 100;
/** last_seen_at is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60_000;

/** Claims that only matter to the protocol; the web app does not get them. */
const PROTOCOL_CLAIMS = new Set(['nonce', 'at_hash', 'c_hash', 's_hash', 'sid', 'jti', 'iat', 'auth_time']);

export class SignInFailed extends Error {
  override name = 'SignInFailed';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sessionEnd(tokens: TokenRecord): Date {
  const seconds = tokens.refresh_token
    ? (tokens.refresh_token_expires_in ?? SESSION_MAX_SECONDS)
    : tokens.expires_in;
  return new Date(tokens.createdAt + Math.min(seconds, SESSION_MAX_SECONDS) * 1000);
}

function publicClaims(claims: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(claims).filter(([key]) => !PROTOCOL_CLAIMS.has(key)));
}

/** A provider answer that ends the grant (as opposed to the provider being unreachable). */
function isGrantRefused(error: unknown): boolean {
  return error instanceof oidc.ResponseBodyError && error.status >= 400 && error.status < 500;
}

export interface SessionServiceDeps {
  config: Config;
  db: Database;
  rp: RelyingParty;
  log: FastifyBaseLogger;
}

/**
 * The backend-for-frontend of the web app (ADR 0009): it signs in at the provider (authorization code + PKCE
 * S256 + nonce, state bound to the browser), keeps the spec §3 token record per browser session, refreshes it
 * (one refresh at a time across instances), and ends it at sign-out by revoking the refresh token.
 */
export function sessionService({ config, db, rp, log }: SessionServiceDeps) {
  const idleMs = config.session.idleTimeoutSeconds * 1000;
  const refreshing = new Map<string, Promise<WebSessionRow | null>>();

  async function end(id: string): Promise<void> {
    await repo.delete(db, id);
  }

  /** Refreshes under the lease; others wait for the holder's result. */
  async function refresh(id: string): Promise<WebSessionRow | null> {
    const deadline = Date.now() + REFRESH_LEASE_MS * 2;
    for (;;) {
      const leased = await repo.acquireRefreshLease(db, id, new Date(Date.now() + REFRESH_LEASE_MS));
      if (leased) return refreshHolding(leased);
      // Another request (maybe on another instance) refreshes: wait for its outcome.
      await sleep(LEASE_POLL_MS);
      const row = await repo.find(db, id);
      if (!row) return null;
      if (tokenLifecycle(row.tokens, Date.now()) === 'use') return row;
      if (Date.now() > deadline) {
        throw problem(503, 'session.renewing');
      }
    }
  }

  async function refreshHolding(row: WebSessionRow): Promise<WebSessionRow | null> {
    // The holder before us may have refreshed between our read and the lease.
    const decision = tokenLifecycle(row.tokens, Date.now());
    if (decision === 'use') {
      await repo.releaseRefreshLease(db, row.id);
      return row;
    }
    if (decision !== 'refresh' || !row.tokens.refresh_token) {
      await end(row.id);
      return null;
    }
    let response: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
    try {
      // No scope parameter: the refresh keeps the scope granted at the sign-in (RFC 6749 §6).
      response = await oidc.refreshTokenGrant(await rp.configuration(), row.tokens.refresh_token);
    } catch (error) {
      if (isGrantRefused(error)) {
        log.info({ reason: (error as oidc.ResponseBodyError).error }, 'web session ended: refresh refused');
        await end(row.id);
        return null;
      }
      await repo.releaseRefreshLease(db, row.id).catch(() => undefined);
      log.warn({ err: error }, 'web session refresh failed: provider unreachable');
      throw problem(503, 'session.providerDown');
    }
    const tokens = toTokenRecord(response, row.tokens);
    const claims = response.claims();
    // Spec §4: a refresh without an ID token ends the session; so does one for another subject.
    if (!tokens || !claims || claims.sub !== row.subject) {
      await end(row.id);
      return null;
    }
    const saved = await repo.saveRefreshed(db, row.id, {
      tokens,
      claims: publicClaims(claims),
      expiresAt: sessionEnd(tokens),
    });
    return saved ?? null;
  }

  /** The live session of a cookie secret: expired or idle ones are ended, due tokens refreshed. */
  async function active(secret: string): Promise<WebSessionRow | null> {
    const id = secretHash(secret);
    const row = await repo.find(db, id);
    if (!row) return null;
    const now = Date.now();
    if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + idleMs <= now) {
      await end(id);
      return null;
    }
    switch (tokenLifecycle(row.tokens, now)) {
      case 'use':
        if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await repo.touch(db, id);
        return row;
      case 'refresh': {
        let pending = refreshing.get(id);
        if (!pending) {
          pending = refresh(id).finally(() => refreshing.delete(id));
          refreshing.set(id, pending);
        }
        return pending;
      }
      case 'clear':
      case 'authorize':
        await end(id);
        return null;
    }
  }

  return {
    /** GET /bff/login: a new sign-in bound to the browser's binding secret; returns the provider URL. */
    async startLogin(input: {
      web: WebOrigin;
      binding: string;
      returnTo: string | undefined;
      prompt: 'login' | undefined;
      lang?: 'de' | 'en' | undefined;
    }): Promise<URL> {
      const returnTo = isValidReturnTo(input.returnTo) ? input.returnTo : '/';
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const configuration = await rp.configuration();
      await db.transaction(async (tx) => {
        await repo.purgeExpired(tx, new Date(Date.now() - idleMs));
        await repo.insertLogin(tx, {
          state,
          binding: secretHash(input.binding),
          codeVerifier,
          nonce,
          redirectUri: input.web.redirectUri,
          returnTo,
          expiresAt: new Date(Date.now() + LOGIN_TTL_SECONDS * 1000),
        });
      });
      return oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: input.web.redirectUri,
        response_type: 'code',
        response_mode: 'query',
        scope: config.oidc.clientScope,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        // offline_access needs consent (OIDC Core §11); a forced login keeps asking for it.
        ...(input.prompt === 'login' ? { prompt: 'login consent' } : {}),
        // OpenID Connect Core 3.1.2.1: the provider's pages in the portal's language.
        ...(input.lang ? { ui_locales: input.lang } : {}),
      });
    },

    /**
     * GET /signin-oidc: consumes the sign-in named by `state` (only from the browser that started it),
     * exchanges the code and creates the session. Throws SignInFailed with the reason otherwise.
     */
    async completeLogin(input: {
      query: Record<string, string | undefined>;
      rawQuery: string;
      binding: string | undefined;
    }): Promise<{ secret: string; returnTo: string }> {
      const { state, error } = input.query;
      if (!state) throw new SignInFailed('no state');
      const login = await repo.takeLogin(db, state);
      if (!login) throw new SignInFailed('unknown or used state');
      if (login.expiresAt.getTime() <= Date.now()) throw new SignInFailed('sign-in expired');
      if (!input.binding || secretHash(input.binding) !== login.binding) {
        throw new SignInFailed('state not bound to this browser');
      }
      if (error) throw new SignInFailed(`provider error ${error}`);
      const callback = new URL(login.redirectUri);
      callback.search = input.rawQuery;
      let response: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
      try {
        response = await oidc.authorizationCodeGrant(await rp.configuration(), callback, {
          pkceCodeVerifier: login.codeVerifier,
          expectedState: login.state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        });
      } catch (cause) {
        throw new SignInFailed(
          `code exchange failed: ${cause instanceof Error ? ((cause as { code?: string }).code ?? cause.message) : 'unknown'}`,
          { cause },
        );
      }
      const tokens = toTokenRecord(response);
      const claims = response.claims();
      if (!tokens || !claims) throw new SignInFailed('no id_token');
      const secret = randomSecret();
      await repo.insertSession(db, {
        id: secretHash(secret),
        subject: claims.sub,
        tokens,
        claims: publicClaims(claims),
        expiresAt: sessionEnd(tokens),
      });
      return { secret, returnTo: login.returnTo };
    },

    /** The access token for an API call with the session cookie, refreshed when due; null without a session. */
    async accessToken(secret: string): Promise<string | null> {
      return (await active(secret))?.tokens.access_token ?? null;
    },

    /** GET /bff/session. */
    async read(secret: string): Promise<WebSession | null> {
      const row = await active(secret);
      if (!row) return null;
      const fresh = await repo.takeFresh(db, row.id);
      return {
        claims: { ...row.claims, sub: row.subject },
        fresh,
        expiresAt: row.expiresAt.toISOString(),
        idleTimeoutSeconds: config.session.idleTimeoutSeconds,
      };
    },

    /** Ends a session without asking the provider (a replaced or abandoned session cookie). */
    async discard(secret: string): Promise<void> {
      await end(secretHash(secret));
    },

    /**
     * POST /bff/logout: deletes the session, revokes its refresh token at the provider (which ends the whole
     * grant), and returns the provider's end-session URL with the ID token hint.
     */
    async logout(
      secret: string | undefined,
      web: WebOrigin,
      lng: Language,
    ): Promise<{ endSessionUrl: string | null }> {
      const row = secret ? await repo.delete(db, secretHash(secret)) : undefined;
      let configuration: oidc.Configuration | null = null;
      try {
        configuration = await rp.configuration();
      } catch (error) {
        log.warn({ err: error }, 'sign-out: the provider configuration is not available');
      }
      if (row?.tokens.refresh_token && configuration) {
        try {
          await oidc.tokenRevocation(configuration, row.tokens.refresh_token, {
            token_type_hint: 'refresh_token',
          });
        } catch (error) {
          // The session is gone either way; the refresh token was only ever known to this server.
          log.warn({ err: error }, 'sign-out: revoking the refresh token failed');
        }
      }
      if (!configuration?.serverMetadata().end_session_endpoint) return { endSessionUrl: null };
      const parameters: Record<string, string> = {
        post_logout_redirect_uri: web.postLogoutRedirectUri,
        client_id: config.oidc.clientId,
        // RP-Initiated Logout §2: the provider's sign-out page in the portal's language (the app sends it).
        ui_locales: lng,
      };
      if (row) parameters.id_token_hint = row.tokens.id_token;
      return { endSessionUrl: oidc.buildEndSessionUrl(configuration, parameters).href };
    },
  };
}
export type SessionService = ReturnType<typeof sessionService>;
