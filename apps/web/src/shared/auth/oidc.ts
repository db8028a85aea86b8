import * as oauth from 'oauth4webapi';
import type { AppConfig } from '../config/app-config.ts';
import { currentUiLocale } from '../i18n/locale.ts';
import { createCodeChallenge, generateCodeVerifier } from './pkce.ts';
import type { TokenRecord } from './token-record.ts';

/**
 * The provider calls of spec §7 for the native apps (RFC 8252 public client, authorization code + PKCE S256),
 * through oauth4webapi. The web app signs in through the server instead (ADR 0009).
 */
export interface OidcClient {
  readonly config: AppConfig;
  readonly redirectUri: string;
  discover(): Promise<oauth.AuthorizationServer>;
  /** `extra`: further parameters, e.g. prompt=login and max_age=0 for a fresh sign-in. */
  authorizationUrl(state: string, verifier: string, extra?: Record<string, string>): Promise<URL>;
  exchangeCode(callback: URL, verifier: string, expectedState: string | null): Promise<TokenRecord>;
  refresh(record: TokenRecord): Promise<TokenRecord | null>;
  /** Revokes a refresh token at the provider's revocation endpoint (RFC 7009), which ends its grant. */
  revoke(refreshToken: string): Promise<void>;
  endSessionUrl(idToken: string | undefined, postLogoutRedirectUri: string): Promise<string | null>;
}

export class MissingIdTokenError extends Error {
  constructor() {
    super('The token response carries no id_token.');
    this.name = 'MissingIdTokenError';
  }
}

function toRecord(response: oauth.TokenEndpointResponse, previous?: TokenRecord): TokenRecord {
  if (!response.id_token) throw new MissingIdTokenError();
  const refreshLifetime = response.refresh_token_expires_in;
  return {
    id_token: response.id_token,
    access_token: response.access_token,
    refresh_token: response.refresh_token ?? previous?.refresh_token,
    expires_in: response.expires_in ?? 300,
    refresh_token_expires_in:
      typeof refreshLifetime === 'number'
        ? refreshLifetime
        : typeof refreshLifetime === 'string'
          ? Number(refreshLifetime) || undefined
          : undefined,
    createdAt: Date.now(),
    scope: response.scope,
  };
}

export function createOidcClient(config: AppConfig, redirectUri: string): OidcClient {
  const issuer = new URL(config.issuer);
  const insecure = { [oauth.allowInsecureRequests]: issuer.protocol === 'http:' };
  const client: oauth.Client = { client_id: config.clientId };
  const clientAuth = oauth.None();
  let server: Promise<oauth.AuthorizationServer> | null = null;

  const discover = () => {
    server ??= oauth
      .discoveryRequest(issuer, { algorithm: 'oidc', ...insecure })
      .then((response) => oauth.processDiscoveryResponse(issuer, response))
      .catch((error: unknown) => {
        server = null;
        throw error;
      });
    return server;
  };

  return {
    config,
    redirectUri,
    discover,
    async authorizationUrl(state, verifier, extra = {}) {
      const as = await discover();
      if (!as.authorization_endpoint) throw new Error('The provider names no authorization endpoint.');
      const { challenge, method } = await createCodeChallenge(verifier);
      const url = new URL(as.authorization_endpoint);
      url.searchParams.set('client_id', config.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('response_mode', 'query');
      url.searchParams.set('scope', config.scope);
      url.searchParams.set('code_challenge', challenge);
      url.searchParams.set('code_challenge_method', method);
      url.searchParams.set('state', state);
      // OpenID Connect Core 3.1.2.1: the provider's pages and mails in the language the app shows.
      url.searchParams.set('ui_locales', currentUiLocale().language);
      for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
      return url;
    },
    async exchangeCode(callback, verifier, expectedState) {
      const as = await discover();
      const params = oauth.validateAuthResponse(as, client, callback, expectedState ?? oauth.skipStateCheck);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        clientAuth,
        params,
        redirectUri,
        verifier,
        insecure,
      );
      const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
        requireIdToken: true,
      });
      return toRecord(result);
    },
    async refresh(record) {
      if (!record.refresh_token) return null;
      try {
        const as = await discover();
        const response = await oauth.refreshTokenGrantRequest(
          as,
          client,
          clientAuth,
          record.refresh_token,
          insecure,
        );
        const result = await oauth.processRefreshTokenResponse(as, client, response);
        return result.id_token ? toRecord(result, record) : null;
      } catch (error) {
        console.warn('Token refresh failed', error);
        return null;
      }
    },
    async revoke(refreshToken) {
      const as = await discover();
      const response = await oauth.revocationRequest(as, client, clientAuth, refreshToken, {
        ...insecure,
        additionalParameters: { token_type_hint: 'refresh_token' },
      });
      await oauth.processRevocationResponse(response);
    },
    async endSessionUrl(idToken, postLogoutRedirectUri) {
      const as = await discover();
      if (!as.end_session_endpoint) return null;
      const url = new URL(as.end_session_endpoint);
      if (idToken) url.searchParams.set('id_token_hint', idToken);
      url.searchParams.set('post_logout_redirect_uri', postLogoutRedirectUri);
      url.searchParams.set('client_id', config.clientId);
      url.searchParams.set('ui_locales', currentUiLocale().language);
      return url.href;
    },
  };
}

export { generateCodeVerifier };
