import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ORIGIN, testAppConfig } from '../../test/fixtures.ts';
import { initTestI18n } from '../../test/i18n.ts';
import { server } from '../../test/msw-server.ts';
import { createOidcClient } from './oidc.ts';
import { generateCodeVerifier } from './pkce.ts';

const ISSUER = `${ORIGIN}/oidc`;
const NATIVE_REDIRECT = 'de.vereinsheim.app:/signin-oidc';

function provider() {
  const revocations: URLSearchParams[] = [];
  server.use(
    http.get(`${ISSUER}/.well-known/openid-configuration`, () =>
      HttpResponse.json({
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/auth`,
        token_endpoint: `${ISSUER}/token`,
        revocation_endpoint: `${ISSUER}/token/revocation`,
        end_session_endpoint: `${ISSUER}/session/end`,
        jwks_uri: `${ISSUER}/jwks`,
        code_challenge_methods_supported: ['S256'],
      }),
    ),
    http.post(`${ISSUER}/token/revocation`, async ({ request }) => {
      revocations.push(new URLSearchParams(await request.text()));
      return new HttpResponse(null, { status: 200 });
    }),
  );
  return { revocations };
}

describe('native OpenID Connect client (RFC 8252 public client)', () => {
  it('asks for the code with PKCE S256 and the native redirect URI', async () => {
    provider();
    const client = createOidcClient(testAppConfig, NATIVE_REDIRECT);
    const url = await client.authorizationUrl('/events', generateCodeVerifier());
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(NATIVE_REDIRECT);
    expect(url.searchParams.get('ui_locales')).toBe('de');
  });

  it("asks for the provider's pages in the language the app shows (ui_locales)", async () => {
    provider();
    await initTestI18n('en');
    try {
      const client = createOidcClient(testAppConfig, NATIVE_REDIRECT);
      const url = await client.authorizationUrl('/', generateCodeVerifier());
      expect(url.searchParams.get('ui_locales')).toBe('en');
      const end = new URL((await client.endSessionUrl('id-token', 'de.vereinsheim.app:/signed-out'))!);
      expect(end.searchParams.get('ui_locales')).toBe('en');
    } finally {
      await initTestI18n('de');
    }
  });

  it('revokes a refresh token at the revocation endpoint as the public client (RFC 7009)', async () => {
    const { revocations } = provider();
    await createOidcClient(testAppConfig, NATIVE_REDIRECT).revoke('refresh-token-1');
    expect(revocations).toHaveLength(1);
    expect(Object.fromEntries(revocations[0]!)).toEqual({
      token: 'refresh-token-1',
      token_type_hint: 'refresh_token',
      client_id: 'vereinsheim-web',
    });
  });

  it('reports a failed revocation', async () => {
    provider();
    server.use(http.post(`${ISSUER}/token/revocation`, () => new HttpResponse(null, { status: 503 })));
    await expect(createOidcClient(testAppConfig, NATIVE_REDIRECT).revoke('x')).rejects.toThrow();
  });
});
