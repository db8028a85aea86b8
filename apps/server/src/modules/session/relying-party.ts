import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import type { TokenRecord } from '@vereinsheim/contracts/token-record';
import type { Config } from '../../config.ts';

/**
 * The embedded provider's endpoints (oidc-provider's routes under the issuer). The BFF does not discover them
 * over HTTP: its calls go to the provider inside this process (`app.inject`), which works whatever the public
 * address resolves to from the server. session.test.ts compares them with the published discovery document.
 */
export function embeddedProviderMetadata(issuer: string): oidc.ServerMetadata {
  return {
    issuer,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    revocation_endpoint: `${issuer}/token/revocation`,
    end_session_endpoint: `${issuer}/session/end`,
    jwks_uri: `${issuer}/jwks`,
    authorization_response_iss_parameter_supported: true,
    code_challenge_methods_supported: ['S256'],
  };
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/** The provider's requests carry form or JSON text; binary bodies are not used by the relying party. */
function fetchBodyText(body: oidc.CustomFetchOptions['body']): string | Buffer {
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('Unsupported request body for the embedded provider.');
}

/** A fetch that answers requests to the embedded provider through Fastify's inject (no network hop). */
export function injectFetch(app: FastifyInstance): oidc.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const body = options.body;
    const res = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...options.headers, host: target.host },
      ...(body === undefined || body === null ? {} : { payload: fetchBodyText(body) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    return new Response(NULL_BODY_STATUS.has(res.statusCode) ? null : res.rawPayload, {
      status: res.statusCode,
      headers,
    });
  };
}

/**
 * The server's OpenID Connect relying party for the web app (openid-client): the embedded provider through
 * inject, an external one by discovery. The web uses the same public client (OIDC_CLIENT_ID, PKCE S256) whose
 * redirect URI `$PUBLIC_URL/signin-oidc` is already registered; the server now receives the code there.
 */
export function relyingParty(config: Config, app: FastifyInstance) {
  const insecure = new URL(config.oidc.issuer).protocol === 'http:';
  let configuration: Promise<oidc.Configuration> | null = null;

  const build = async (): Promise<oidc.Configuration> => {
    if (config.embeddedIdp) {
      const c = new oidc.Configuration(
        embeddedProviderMetadata(config.oidc.issuer),
        config.oidc.clientId,
        undefined,
        oidc.None(),
      );
      c[oidc.customFetch] = injectFetch(app);
      if (insecure) oidc.allowInsecureRequests(c);
      return c;
    }
    return oidc.discovery(new URL(config.oidc.issuer), config.oidc.clientId, undefined, oidc.None(), {
      execute: insecure ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    });
  };

  return {
    /** The provider configuration, discovered once (a failed discovery is retried on the next call). */
    configuration(): Promise<oidc.Configuration> {
      configuration ??= build().catch((error: unknown) => {
        configuration = null;
        throw error;
      });
      return configuration;
    },
  };
}
export type RelyingParty = ReturnType<typeof relyingParty>;

/** The spec §3 token record of a token response (the refresh token is kept when the response has none). */
export function toTokenRecord(
  response: oidc.TokenEndpointResponse,
  previous?: TokenRecord,
  now: number = Date.now(),
): TokenRecord | null {
  if (!response.id_token) return null;
  const refreshLifetime = Number(response.refresh_token_expires_in);
  const record: TokenRecord = {
    id_token: response.id_token,
    access_token: response.access_token,
    expires_in: response.expires_in ?? 300,
    createdAt: now,
  };
  const refresh = response.refresh_token ?? previous?.refresh_token;
  if (refresh) record.refresh_token = refresh;
  if (Number.isFinite(refreshLifetime) && refreshLifetime > 0) {
    record.refresh_token_expires_in = refreshLifetime;
  } else if (previous?.refresh_token_expires_in !== undefined && !response.refresh_token) {
    // The old refresh token stays in use: its expiry does not move.
    record.refresh_token_expires_in =
      previous.refresh_token_expires_in - Math.floor((now - previous.createdAt) / 1000);
  }
  if (response.scope !== undefined) record.scope = response.scope;
  return record;
}
