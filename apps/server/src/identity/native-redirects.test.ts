import net from 'node:net';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestPerson } from '../../test/harness.ts';

/**
 * The native apps as RFC 8252 public clients of the embedded provider: exactly the configured redirect URIs
 * (custom scheme NATIVE_REDIRECT_URI, claimed https NATIVE_HTTPS_REDIRECT_URI) and their post-logout pages are
 * accepted; a full sign-in with PKCE S256 over each, refresh, revocation and end-session.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The system browser's cookies (name + path) for the provider's pages. */
class Browser {
  private cookies = new Map<string, { name: string; value: string; path: string }>();
  private readonly baseUrl: string;
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async open(url: string, form?: Record<string, string>): Promise<Response> {
    const target = new URL(url, this.baseUrl);
    const headers: Record<string, string> = {
      accept: 'text/html',
      cookie: [...this.cookies.values()]
        .filter((c) => target.pathname.startsWith(c.path.replace(/\/?$/, '/')) || target.pathname === c.path)
        .map((c) => `${c.name}=${c.value}`)
        .join('; '),
    };
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(target, {
      method: form ? 'POST' : 'GET',
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: 'manual',
    });
    for (const header of res.headers.getSetCookie()) {
      const [pair, ...attrs] = header.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const path =
        attrs
          .map((a) => a.trim())
          .find((a) => /^path=/i.test(a))
          ?.slice(5) ?? '/';
      if (value === '' || attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)))
        this.cookies.delete(`${name}@${path}`);
      else this.cookies.set(`${name}@${path}`, { name, value, path });
    }
    return res;
  }

  /** Follows redirects on the portal's origin; returns the first location elsewhere (the app's redirect). */
  async follow(res: Response): Promise<{ leftTo?: URL; page?: Response }> {
    let current = res;
    for (let i = 0; i < 10; i++) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return { page: current };
      const next = new URL(location, this.baseUrl);
      if (next.origin !== new URL(this.baseUrl).origin) return { leftTo: next };
      current = await this.open(next.href);
    }
    throw new Error('too many redirects');
  }
}

function formOf(html: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  const hidden = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );
  return { action: action!, hidden };
}

const HTTPS_REDIRECT = 'https://app.vereinsheim.example/app/signin-oidc';

let ctx: TestContext;
let baseUrl: string;
let client: oidc.Configuration;
let person: TestPerson;

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  ctx = await createTestContext({
    PUBLIC_URL: baseUrl,
    NATIVE_REDIRECT_URI: 'de.vereinsheim.app:/signin-oidc',
    NATIVE_HTTPS_REDIRECT_URI: HTTPS_REDIRECT,
  });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  client = await oidc.discovery(
    new URL(ctx.config.oidc.issuer),
    ctx.config.oidc.clientId,
    undefined,
    oidc.None(),
    {
      execute: [oidc.allowInsecureRequests],
    },
  );
  person = await ctx.createPerson();
});
afterAll(() => ctx.close());

async function authorizationUrl(redirectUri: string) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = '/events?tab=mine';
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: redirectUri,
    scope: ctx.config.oidc.clientScope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  return { url, verifier, state };
}

describe('native redirect URIs of the embedded provider', () => {
  it('serves the claimed https redirect in /app-config.json as the apps’ redirect', async () => {
    const res = await fetch(`${baseUrl}/app-config.json`);
    expect(((await res.json()) as { nativeRedirectUri: string }).nativeRedirectUri).toBe(HTTPS_REDIRECT);
  });

  it.each([
    ['the custom scheme', 'de.vereinsheim.app:/signin-oidc'],
    ['the claimed https link', HTTPS_REDIRECT],
  ])(
    'signs in through %s with PKCE S256, refreshes, ends the session and revokes',
    async (_name, redirectUri) => {
      const browser = new Browser(baseUrl);
      const flow = await authorizationUrl(redirectUri);
      const login = await browser.follow(await browser.open(flow.url.href));
      const { action } = formOf(await login.page!.text());
      const { leftTo } = await browser.follow(
        await browser.open(action, { email: person.email, password: person.password }),
      );
      expect(leftTo).toBeDefined();
      expect(`${leftTo!.protocol}${leftTo!.host ? `//${leftTo!.host}` : ''}${leftTo!.pathname}`).toBe(
        redirectUri,
      );
      expect(leftTo!.searchParams.get('state')).toBe(flow.state);

      // Without the verifier the code is worthless (RFC 7636).
      await expect(
        oidc.authorizationCodeGrant(client, leftTo!, {
          pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
          expectedState: flow.state,
        }),
      ).rejects.toMatchObject({ error: 'invalid_grant' });
      const second = await authorizationUrl(redirectUri);
      const silent = await browser.follow(await browser.open(second.url.href));
      const tokens = await oidc.authorizationCodeGrant(client, silent.leftTo!, {
        pkceCodeVerifier: second.verifier,
        expectedState: second.state,
      });
      expect(tokens.claims()?.sub).toBe(person.subject);
      const api = await fetch(`${baseUrl}/api/me/push/subscriptions`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(api.status).toBe(200);

      const refreshed = await oidc.refreshTokenGrant(client, tokens.refresh_token!);
      expect(refreshed.id_token).toBeTruthy();

      // Sign-out: the native post-logout page, then the refresh token is revoked (RFC 7009).
      const postLogout = redirectUri.startsWith('https:')
        ? new URL('signed-out', redirectUri).href
        : 'de.vereinsheim.app:/signed-out';
      const endSession = oidc.buildEndSessionUrl(client, {
        id_token_hint: refreshed.id_token!,
        post_logout_redirect_uri: postLogout,
      });
      const logoutPage = await browser.open(endSession.href);
      expect(logoutPage.status).toBe(200);
      const logoutForm = formOf(await logoutPage.text());
      const confirmed = await browser.open(logoutForm.action, logoutForm.hidden);
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.get('location')).toBe(postLogout);

      await oidc.tokenRevocation(client, refreshed.refresh_token!, { token_type_hint: 'refresh_token' });
      await expect(oidc.refreshTokenGrant(client, refreshed.refresh_token!)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
    },
  );

  it.each([
    ['another custom scheme', 'com.evil.app:/signin-oidc'],
    ['the app’s scheme with another path', 'de.vereinsheim.app:/other'],
    ['the app’s scheme with a host', 'de.vereinsheim.app://signin-oidc'],
    ['the claimed link with another path', 'https://app.vereinsheim.example/app/other'],
    ['the claimed link on another host', 'https://evil.example/app/signin-oidc'],
    ['the claimed link over http', 'http://app.vereinsheim.example/app/signin-oidc'],
  ])('refuses %s as redirect URI', async (_name, redirectUri) => {
    const browser = new Browser(baseUrl);
    const flow = await authorizationUrl(redirectUri);
    const res = await browser.open(flow.url.href);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('unbekannten Adresse');
  });

  it('refuses a post-logout redirect that is not one of the apps’ pages', async () => {
    const browser = new Browser(baseUrl);
    for (const uri of ['com.evil.app:/signed-out', 'https://app.vereinsheim.example/app/other']) {
      const res = await browser.open(
        oidc.buildEndSessionUrl(client, {
          post_logout_redirect_uri: uri,
          client_id: ctx.config.oidc.clientId,
        }).href,
      );
      expect(res.status).toBe(400);
    }
  });
});
