import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, type WebSession } from '@vereinsheim/contracts';
import { browse, CookieJar, formOf, freePort } from '../../../test/browser.ts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { webLogins, webSessions } from '../../db/schema/index.ts';
import { embeddedProviderMetadata } from './relying-party.ts';
import { secretHash } from './session.http.ts';

/**
 * The web app's backend-for-frontend (ADR 0009) on the real server, database and embedded provider: a browser
 * (cookie jar) signs in through the provider's pages, uses the API with the session cookie, and signs out.
 */

const SESSION = '__Host-vh_session';
const LOGIN = '__Host-vh_login';

let ctx: TestContext;
let baseUrl: string;
let person: TestPerson;
let rp: oidc.Configuration;

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  ctx = await createTestContext({ PUBLIC_URL: baseUrl });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  person = await ctx.createPerson({ firstName: 'Mia', lastName: 'Hoffmann' });
  // A second relying party of the same public client, to try stolen refresh tokens at the provider.
  rp = await oidc.discovery(
    new URL(ctx.config.oidc.issuer),
    ctx.config.oidc.clientId,
    undefined,
    oidc.None(),
    {
      execute: [oidc.allowInsecureRequests],
    },
  );
});
afterAll(() => ctx.close());

const go = (jar: CookieJar, url: string, init?: Parameters<typeof browse>[3]) =>
  browse(baseUrl, jar, url, init);

/** Follows redirects until a response that is not one, or until the app's own pages (returned unfetched). */
async function follow(jar: CookieJar, res: Response): Promise<Response | URL> {
  let current = res;
  for (let i = 0; i < 12; i++) {
    const location = current.headers.get('location');
    if (current.status < 300 || current.status >= 400 || !location) return current;
    const next = new URL(location, current.url || baseUrl);
    if (next.origin !== baseUrl || !/^\/(oidc|bff|signin-oidc)/.test(next.pathname)) return next;
    current = await go(jar, next.href);
  }
  throw new Error('too many redirects');
}

/** The whole web sign-in: /bff/login → provider login page → /signin-oidc → back in the app. */
async function signIn(
  jar = new CookieJar(),
  returnTo = '/',
  who = person,
): Promise<{ jar: CookieJar; landed: URL }> {
  const start = await go(jar, `/bff/login?returnTo=${encodeURIComponent(returnTo)}`);
  const page = await follow(jar, start);
  // With a provider session the provider answers at once (no login page).
  if (page instanceof URL) return { jar, landed: page };
  const { action } = formOf(await page.text());
  const landed = await follow(
    jar,
    await go(jar, action, { form: { email: who.email, password: who.password } }),
  );
  if (!(landed instanceof URL))
    throw new Error(`not back in the app: ${landed.status} ${await landed.text()}`);
  if (landed.pathname === '/signed-out') throw new Error(`sign-in failed: ${landed.href}`);
  return { jar, landed };
}

/** Runs the sign-in up to the provider's redirect to /signin-oidc and returns that callback URL unfetched. */
async function codeFor(jar: CookieJar): Promise<URL> {
  const page = await follow(jar, await go(jar, '/bff/login?returnTo=%2F'));
  if (page instanceof URL) throw new Error('no login page');
  const { action } = formOf(await page.text());
  let res = await go(jar, action, { form: { email: person.email, password: person.password } });
  for (let i = 0; i < 10; i++) {
    const next = new URL(res.headers.get('location')!, baseUrl);
    if (next.pathname === '/signin-oidc') return next;
    res = await go(jar, next.href);
  }
  throw new Error('no callback');
}

const api = (
  jar: CookieJar,
  path: string,
  init: { method?: string; headers?: Record<string, string> } = {},
) => go(jar, path, { ...init, headers: { accept: 'application/json', ...init.headers } });

const unsafeHeaders = { origin: '', [CSRF_HEADER]: '1' };
const fromPortal = () => ({ ...unsafeHeaders, origin: baseUrl });

async function sessionRow(jarOrSecret: CookieJar | string) {
  const secret = typeof jarOrSecret === 'string' ? jarOrSecret : jarOrSecret.get(SESSION)!.value;
  const [row] = await ctx.db
    .select()
    .from(webSessions)
    .where(eq(webSessions.id, secretHash(secret)));
  return row;
}

async function expectInvalidGrant(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(oidc.ResponseBodyError);
  expect((error as oidc.ResponseBodyError).error).toBe('invalid_grant');
}

describe('web sign-in through the backend-for-frontend', () => {
  it('signs in through the provider, returns to the deep link and sets only an HttpOnly __Host- cookie', async () => {
    const jar = new CookieJar();
    const start = await go(jar, `/bff/login?returnTo=${encodeURIComponent('/events?from=2026-01-01#top')}`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.href.startsWith(`${ctx.config.oidc.issuer}/auth?`)).toBe(true);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${baseUrl}/signin-oidc`);
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    // The state is random: the return path stays on the server.
    expect(authorize.searchParams.get('state')).not.toContain('events');
    expect(jar.get(LOGIN)!.attributes).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax']),
    );

    const { landed } = await signIn(jar, '/events?from=2026-01-01#top');
    expect(`${landed.pathname}${landed.search}${landed.hash}`).toBe('/events?from=2026-01-01#top');
    const cookie = jar.get(SESSION)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Strict']),
    );
    expect(cookie.attributes.some((a) => /^(domain|max-age|expires)=/i.test(a))).toBe(false);
    expect(jar.get(LOGIN)).toBeUndefined();
    // Only the hash of the cookie is stored.
    const row = await sessionRow(jar);
    expect(row?.id).toBe(secretHash(cookie.value));
    expect(row?.subject).toBe(person.subject);
  });

  it('answers the session with the claims, once marked fresh, never with a token, never cached', async () => {
    const { jar } = await signIn();
    const first = await api(jar, '/bff/session');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const text = await first.text();
    const body = JSON.parse(text) as WebSession;
    expect(body.claims).toMatchObject({
      sub: person.subject,
      person_id: person.personId,
      given_name: 'Mia',
      family_name: 'Hoffmann',
    });
    expect(body.fresh).toBe(true);
    expect(body.idleTimeoutSeconds).toBe(720 * 60);
    const row = (await sessionRow(jar))!;
    for (const secret of [row.tokens.access_token, row.tokens.refresh_token!, row.tokens.id_token]) {
      expect(text).not.toContain(secret);
    }
    const second = (await (await api(jar, '/bff/session')).json()) as WebSession;
    expect(second.fresh).toBe(false);

    const none = await api(new CookieJar(), '/bff/session', { headers: { 'accept-language': 'de' } });
    expect(none.status).toBe(401);
    // A key with its text in the reader's language, not an English sentence as the code.
    expect(await none.json()).toMatchObject({
      code: 'auth.noSession',
      detail: 'Es besteht keine Sitzung; melde dich an.',
    });
  });

  it('authenticates API calls by the session cookie, with no-store on every authenticated answer', async () => {
    const { jar } = await signIn();
    const res = await api(jar, '/api/me/tenant/find');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const refused = await api(new CookieJar(), '/api/me/tenant/find');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const bearer = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/tenant/find',
      headers: await ctx.auth(person),
    });
    expect(bearer.headers['cache-control']).toBe('no-store');
  });

  it('demands the portal origin and the CSRF header on unsafe methods with the cookie', async () => {
    const { jar } = await signIn();
    const body = { endpoint: 'https://fcm.googleapis.com/fcm/send/nothing-registered' };
    const del = (headers: Record<string, string>) =>
      fetch(`${baseUrl}/api/me/push/subscriptions`, {
        method: 'DELETE',
        headers: {
          cookie: jar.header(new URL(`${baseUrl}/api`)),
          'content-type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(body),
      });
    const noOrigin = await del({ [CSRF_HEADER]: '1' });
    expect(noOrigin.status).toBe(403);
    const otherOrigin = await del({ origin: 'https://evil.example', [CSRF_HEADER]: '1' });
    expect(otherOrigin.status).toBe(403);
    const noHeader = await del({ origin: baseUrl });
    expect(noHeader.status).toBe(403);
    // Past the CSRF check the route answers: nothing registered under this endpoint.
    const ok = await del({ origin: baseUrl, [CSRF_HEADER]: '1' });
    expect(ok.status).toBe(404);
  });

  it('refreshes the tokens on the server when the access token is due, rotating the refresh token', async () => {
    const { jar } = await signIn();
    const before = (await sessionRow(jar))!;
    await ctx.db
      .update(webSessions)
      .set({ tokens: { ...before.tokens, createdAt: Date.now() - 3600_000 } })
      .where(eq(webSessions.id, before.id));
    expect((await api(jar, '/api/me/tenant/find')).status).toBe(200);
    const after = (await sessionRow(jar))!;
    expect(after.tokens.access_token).not.toBe(before.tokens.access_token);
    expect(after.tokens.refresh_token).not.toBe(before.tokens.refresh_token);
    expect(after.tokens.id_token).toBeTruthy();
    expect(after.refreshLeaseUntil).toBeNull();
  });

  it('refreshes once for many parallel requests (no refresh token replay that would revoke the grant)', async () => {
    const { jar } = await signIn();
    const before = (await sessionRow(jar))!;
    await ctx.db
      .update(webSessions)
      .set({ tokens: { ...before.tokens, createdAt: Date.now() - 3600_000 } })
      .where(eq(webSessions.id, before.id));
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        fetch(`${baseUrl}/api/me/tenant/find`, {
          headers: { cookie: jar.header(new URL(`${baseUrl}/api`)) },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const after = (await sessionRow(jar))!;
    // The grant is alive: the current refresh token still works (a replay would have revoked it).
    await expect(oidc.refreshTokenGrant(rp, after.tokens.refresh_token!)).resolves.toMatchObject({
      access_token: expect.any(String) as unknown,
    });
  });

  it('refreshes once when two instances on one database get requests of the same session at once', async () => {
    const second = await ctx.anotherInstance();
    try {
      const { jar } = await signIn();
      const before = (await sessionRow(jar))!;
      await ctx.db
        .update(webSessions)
        .set({ tokens: { ...before.tokens, createdAt: Date.now() - 3600_000 } })
        .where(eq(webSessions.id, before.id));
      const cookie = jar.header(new URL(`${baseUrl}/api`));
      const results = await Promise.all(
        [ctx.app, second, ctx.app, second, ctx.app, second].map((instance) =>
          instance.inject({ method: 'GET', url: '/api/me/tenant/find', headers: { cookie } }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const after = (await sessionRow(jar))!;
      expect(after.tokens.refresh_token).not.toBe(before.tokens.refresh_token);
      await expect(oidc.refreshTokenGrant(rp, after.tokens.refresh_token!)).resolves.toMatchObject({
        access_token: expect.any(String) as unknown,
      });
    } finally {
      await second.close();
    }
  });

  it('ends a session that was idle longer than the idle timeout', async () => {
    const { jar } = await signIn();
    const secret = jar.get(SESSION)!.value;
    await ctx.db
      .update(webSessions)
      .set({ lastSeenAt: new Date(Date.now() - (720 * 60 + 5) * 1000) })
      .where(eq(webSessions.id, secretHash(secret)));
    const res = await api(jar, '/api/me/tenant/find');
    expect(res.status).toBe(401);
    // The cookie is cleared and the row is gone.
    expect(jar.get(SESSION)).toBeUndefined();
    expect(await sessionRow(secret)).toBeUndefined();
  });

  it('ends the session when the provider refuses the refresh (grant revoked elsewhere)', async () => {
    const { jar } = await signIn();
    const secret = jar.get(SESSION)!.value;
    const row = (await sessionRow(secret))!;
    await oidc.tokenRevocation(rp, row.tokens.refresh_token!, { token_type_hint: 'refresh_token' });
    await ctx.db
      .update(webSessions)
      .set({ tokens: { ...row.tokens, createdAt: Date.now() - 3600_000 } })
      .where(eq(webSessions.id, row.id));
    expect((await api(jar, '/api/me/tenant/find')).status).toBe(401);
    expect(await sessionRow(secret)).toBeUndefined();
  });
});

describe('sign-out', () => {
  it('revokes the refresh token, deletes the session and names the end-session URL with the ID token hint', async () => {
    const { jar } = await signIn();
    const stolenCookie = jar.get(SESSION)!.value;
    const row = (await sessionRow(jar))!;

    const res = await api(jar, '/bff/logout', { method: 'POST', headers: fromPortal() });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { endSessionUrl } = (await res.json()) as { endSessionUrl: string };
    const end = new URL(endSessionUrl);
    expect(`${end.origin}${end.pathname}`).toBe(`${ctx.config.oidc.issuer}/session/end`);
    expect(end.searchParams.get('id_token_hint')).toBe(row.tokens.id_token);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${baseUrl}/signed-out`);
    expect(end.searchParams.get('ui_locales')).toBe('de');
    expect(jar.get(SESSION)).toBeUndefined();

    // The old cookie no longer opens anything ...
    const replay = new CookieJar();
    replay.set({ name: SESSION, value: stolenCookie, path: '/', attributes: [] });
    expect((await api(replay, '/bff/session')).status).toBe(401);
    expect((await api(replay, '/api/me/tenant/find')).status).toBe(401);
    expect(await sessionRow(stolenCookie)).toBeUndefined();
    // ... and the old refresh token gets no new tokens at the provider.
    await expectInvalidGrant(oidc.refreshTokenGrant(rp, row.tokens.refresh_token!));
  });

  it('names the portal’s language on the end-session URL, so the provider’s sign-out page speaks it', async () => {
    const { jar } = await signIn();
    const res = await api(jar, '/bff/logout', {
      method: 'POST',
      headers: { ...fromPortal(), 'accept-language': 'en' },
    });
    const { endSessionUrl } = (await res.json()) as { endSessionUrl: string };
    expect(new URL(endSessionUrl).searchParams.get('ui_locales')).toBe('en');
    const html = await (await go(jar, endSessionUrl, { headers: { 'accept-language': 'de' } })).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Signing you out …</h1>');
  });

  it('ends the provider session through the end-session URL, so signing in asks for the password again', async () => {
    const { jar } = await signIn();
    const { endSessionUrl } = (await (
      await api(jar, '/bff/logout', { method: 'POST', headers: fromPortal() })
    ).json()) as { endSessionUrl: string };
    const page = await go(jar, endSessionUrl);
    const form = formOf(await page.text());
    const confirmed = await go(jar, form.action, { form: form.hidden });
    expect(confirmed.headers.get('location')).toBe(`${baseUrl}/signed-out`);
    const again = await follow(jar, await go(jar, '/bff/login?returnTo=%2F'));
    expect(again).toBeInstanceOf(Response);
    expect(await (again as Response).text()).toContain('autocomplete="current-password"');
  });

  it('refuses a cross-site sign-out (no Origin, no CSRF header) and keeps the session', async () => {
    const { jar } = await signIn();
    expect((await api(jar, '/bff/logout', { method: 'POST' })).status).toBe(403);
    expect(
      (
        await api(jar, '/bff/logout', {
          method: 'POST',
          headers: { origin: 'https://evil.example', [CSRF_HEADER]: '1' },
        })
      ).status,
    ).toBe(403);
    expect((await api(jar, '/bff/session')).status).toBe(200);
  });
});

describe('account deletion with the session cookie', () => {
  it('deletes every web session of the account (they hold its tokens and claims)', async () => {
    const leaving = await ctx.createPerson({ firstName: 'Lea', lastName: 'Geht' });
    const { jar } = await signIn(new CookieJar(), '/', leaving);
    const { jar: otherBrowser } = await signIn(new CookieJar(), '/', leaving);
    const secrets = [jar.get(SESSION)!.value, otherBrowser.get(SESSION)!.value];
    const res = await fetch(`${baseUrl}/api/me`, {
      method: 'DELETE',
      headers: {
        cookie: jar.header(new URL(`${baseUrl}/api`)),
        'content-type': 'application/json',
        ...fromPortal(),
      },
      body: JSON.stringify({ confirmation: 'LÖSCHEN' }),
    });
    expect(res.status).toBe(204);
    for (const secret of secrets) expect(await sessionRow(secret)).toBeUndefined();
    expect(await ctx.db.select().from(webSessions).where(eq(webSessions.subject, leaving.subject))).toEqual(
      [],
    );
    expect((await api(otherBrowser, '/bff/session')).status).toBe(401);
  });
});

describe('sign-in error paths', () => {
  it('refuses a code brought to another browser (state bound to the browser that started it)', async () => {
    const callback = await codeFor(new CookieJar());
    const otherBrowser = new CookieJar();
    const res = await go(otherBrowser, callback.href);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/signed-out?signin=failed');
    expect(otherBrowser.get(SESSION)).toBeUndefined();
    // The state was used up: it is gone from the database.
    expect(
      await ctx.db
        .select()
        .from(webLogins)
        .where(eq(webLogins.state, callback.searchParams.get('state')!)),
    ).toEqual([]);
  });

  it('refuses a replayed callback and an unknown state', async () => {
    const jar = new CookieJar();
    const callback = await codeFor(jar);
    const loginCookie = jar.get(LOGIN)!;
    expect((await go(jar, callback.href)).headers.get('location')).toBe('/');
    jar.set(loginCookie);
    const replay = await go(jar, callback.href);
    expect(replay.headers.get('location')).toBe('/signed-out?signin=failed');
    const unknown = await go(jar, '/signin-oidc?code=x&state=unknown');
    expect(unknown.headers.get('location')).toBe('/signed-out?signin=failed');
  });

  it('lands on the failure screen when the provider answers with an error', async () => {
    const jar = new CookieJar();
    const start = await go(jar, '/bff/login');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const res = await go(
      jar,
      `/signin-oidc?error=access_denied&state=${state}&iss=${encodeURIComponent(ctx.config.oidc.issuer)}`,
    );
    expect(res.headers.get('location')).toBe('/signed-out?signin=failed');
    expect(jar.get(SESSION)).toBeUndefined();
  });

  it.each([
    ['another site', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example/x'],
    ['a backslash trick', '/\\evil.example'],
    ['the callback itself', '/signin-oidc?code=x'],
    ['the API', '/api/me'],
  ])('never returns to %s', async (_name, returnTo) => {
    const { landed } = await signIn(new CookieJar(), returnTo);
    expect(landed.href).toBe(`${baseUrl}/`);
  });

  it('forces a fresh login with prompt=login (and keeps offline_access)', async () => {
    const res = await go(new CookieJar(), '/bff/login?prompt=login');
    const authorize = new URL(res.headers.get('location')!);
    expect(authorize.searchParams.get('prompt')).toBe('login consent');
    expect(authorize.searchParams.get('scope')).toContain('offline_access');
    expect((await go(new CookieJar(), '/bff/login?prompt=none')).status).toBe(400);
  });

  it('asks the provider for its pages in the portal’s language (ui_locales) and refuses other languages', async () => {
    const jar = new CookieJar();
    const res = await go(jar, '/bff/login?lang=en');
    expect(new URL(res.headers.get('location')!).searchParams.get('ui_locales')).toBe('en');
    const page = await follow(jar, res);
    if (page instanceof URL) throw new Error('no login page');
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Sign in</h1>');
    const german = await go(new CookieJar(), '/bff/login');
    expect(new URL(german.headers.get('location')!).searchParams.has('ui_locales')).toBe(false);
    expect((await go(new CookieJar(), '/bff/login?lang=fr')).status).toBe(400);
  });

  it('replaces a session the browser already had at the next sign-in (no fixation)', async () => {
    const { jar } = await signIn();
    const first = jar.get(SESSION)!.value;
    await signIn(jar);
    const second = jar.get(SESSION)!.value;
    expect(second).not.toBe(first);
    const [old] = await ctx.db
      .select()
      .from(webSessions)
      .where(eq(webSessions.id, secretHash(first)));
    expect(old).toBeUndefined();
  });
});

describe('the embedded provider as seen by the backend-for-frontend', () => {
  it('has the endpoints its discovery document publishes', async () => {
    const res = await fetch(`${ctx.config.oidc.issuer}/.well-known/openid-configuration`);
    const discovered = (await res.json()) as Record<string, unknown>;
    const known = embeddedProviderMetadata(ctx.config.oidc.issuer);
    for (const key of [
      'issuer',
      'authorization_endpoint',
      'token_endpoint',
      'revocation_endpoint',
      'end_session_endpoint',
      'jwks_uri',
      'authorization_response_iss_parameter_supported',
    ] as const) {
      expect(discovered[key], key).toEqual(known[key]);
    }
  });
});
