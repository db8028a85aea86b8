import net from 'node:net';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestPerson } from '../../test/harness.ts';
import { devMails, loginThrottle } from '../db/schema/index.ts';
import { THROTTLE } from './throttle.ts';

/** The issuer contains the port, so the port is chosen before the app is built. */
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

/** A minimal browser cookie jar (name + path), enough for the provider's cookies. */
class CookieJar {
  private cookies = new Map<string, { name: string; value: string; path: string }>();

  store(res: Response) {
    for (const header of res.headers.getSetCookie()) {
      const [pair, ...attrs] = header.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const pathAttr = attrs.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('path='));
      const path = pathAttr ? pathAttr.slice(5) : '/';
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      const key = `${name}@${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  header(url: URL): string {
    return [...this.cookies.values()]
      .filter(
        (c) =>
          url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

let ctx: TestContext;
let baseUrl: string;
let config: oidc.Configuration;
let redirectUri: string;
let person: TestPerson;

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  ctx = await createTestContext({ PUBLIC_URL: baseUrl });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  redirectUri = `${baseUrl}/signin-oidc`;
  config = await oidc.discovery(
    new URL(ctx.config.oidc.issuer),
    ctx.config.oidc.clientId,
    undefined,
    oidc.None(),
    {
      execute: [oidc.allowInsecureRequests],
    },
  );
  person = await ctx.createPerson({ firstName: 'Mia', lastName: 'Hoffmann' });
});
afterAll(() => ctx.close());

/** One browser request with the jar; no automatic redirects. */
async function browse(
  jar: CookieJar,
  url: string,
  init: { method?: string; form?: Record<string, string> } = {},
) {
  const target = new URL(url, baseUrl);
  const headers: Record<string, string> = { accept: 'text/html', cookie: jar.header(target) };
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const res = await fetch(target, {
    method: init.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    redirect: 'manual',
  });
  jar.store(res);
  return res;
}

/** Follows redirects until the client's redirect URI (returned, not fetched) or a page. */
async function follow(jar: CookieJar, res: Response): Promise<{ callback?: URL; page?: Response }> {
  let current = res;
  for (let i = 0; i < 10; i++) {
    const location = current.headers.get('location');
    if (current.status < 300 || current.status >= 400 || !location) return { page: current };
    const next = new URL(location, current.url || baseUrl);
    if (next.href.startsWith(redirectUri) || next.protocol === 'de.vereinsheim.app:')
      return { callback: next };
    current = await browse(jar, next.href);
  }
  throw new Error('too many redirects');
}

function formOf(html: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  const hidden = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );
  return { action: action!, hidden };
}

interface Flow {
  jar: CookieJar;
  verifier: string;
  state: string;
  url: URL;
}

async function startFlow(jar = new CookieJar(), extra: Record<string, string> = {}): Promise<Flow> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  return { jar, verifier, state, url };
}

/** Opens the authorization URL and returns the login page (or the callback if a session exists). */
async function openLogin(flow: Flow) {
  const { page, callback } = await follow(flow.jar, await browse(flow.jar, flow.url.href));
  return { page, callback, html: page ? await page.text() : '' };
}

async function submitLogin(flow: Flow, html: string, email: string, password: string) {
  const { action } = formOf(html);
  const res = await browse(flow.jar, action, { form: { email, password } });
  return follow(flow.jar, res);
}

async function exchange(flow: Flow, callback: URL) {
  return oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
  });
}

async function signIn(email: string, password: string, jar = new CookieJar()) {
  const flow = await startFlow(jar);
  const { html } = await openLogin(flow);
  const { callback, page } = await submitLogin(flow, html, email, password);
  if (!callback)
    throw new Error(`no callback: ${page?.status} ${page?.url} ${(await page?.text())?.slice(0, 2000)}`);
  return { flow, tokens: await exchange(flow, callback) };
}

async function expectInvalidGrant(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(oidc.ResponseBodyError);
  expect((error as oidc.ResponseBodyError).error).toBe('invalid_grant');
}

describe('embedded OpenID Connect provider', () => {
  it('publishes discovery with S256 as the only PKCE method', async () => {
    const res = await fetch(`${ctx.config.oidc.issuer}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta.issuer).toBe(ctx.config.oidc.issuer);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.response_types_supported).toEqual(['code']);
  });

  it('signs in with code + PKCE and issues an API access token the API accepts', async () => {
    const { tokens } = await signIn(person.email, person.password);
    const at = decodeJwt(tokens.access_token);
    expect(at.iss).toBe(ctx.config.oidc.issuer);
    expect(at.aud).toBe(ctx.config.oidc.audience);
    expect(at.sub).toBe(person.subject);
    expect(at.exp! - at.iat!).toBeLessThanOrEqual(600);
    expect(tokens.refresh_token).toBeTruthy();

    const idClaims = tokens.claims()!;
    expect(idClaims).toMatchObject({
      sub: person.subject,
      person_id: person.personId,
      given_name: 'Mia',
      family_name: 'Hoffmann',
      name: 'Mia Hoffmann',
      email: person.email,
      person_setupcompleted: false,
      person_privacyaccepted: expect.any(Boolean) as unknown,
    });

    const api = await fetch(`${baseUrl}/api/b2c/person/${person.subject}`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({
      person_id: person.personId,
      given_name: 'Mia',
      family_name: 'Hoffmann',
    });
  });

  it('serves German portal-styled pages under a CSP without inline scripts', async () => {
    const flow = await startFlow();
    const { page, html } = await openLogin(flow);
    expect(page!.status).toBe(200);
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1>Anmelden</h1>');
    expect(html).toContain('autocomplete="username"');
    expect(html).toContain('autocomplete="current-password"');
    expect(html).toContain('Passwort vergessen?');
    expect(html).toContain('Konto erstellen');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    const csp = page!.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline' 'unsafe-eval");
    const css = await fetch(`${ctx.config.oidc.issuer}/assets/portal.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('refuses a wrong password with a German message and no code', async () => {
    const flow = await startFlow();
    const { html } = await openLogin(flow);
    const { callback, page } = await submitLogin(flow, html, person.email, 'falsches-passwort');
    expect(callback).toBeUndefined();
    expect(page!.status).toBe(401);
    expect(await page!.text()).toContain('E-Mail-Adresse oder Passwort ist falsch.');
  });

  it('locks an e-mail address after repeated failed sign-ins', async () => {
    const victim = await ctx.createPerson();
    const flow = await startFlow();
    const { html } = await openLogin(flow);
    let last = '';
    for (let i = 0; i < THROTTLE.perEmail; i++) {
      const { page } = await submitLogin(flow, html, victim.email, `falsch-${i}-passwort`);
      last = await page!.text();
    }
    expect(last).toContain('Zu viele fehlgeschlagene Anmeldeversuche');
    // Even the right password is refused while locked.
    const { callback, page } = await submitLogin(flow, html, victim.email, victim.password);
    expect(callback).toBeUndefined();
    expect(page!.status).toBe(429);
    expect(await page!.text()).toContain('Zu viele fehlgeschlagene Anmeldeversuche');
    // Other accounts are not affected.
    await expect(signIn(person.email, person.password)).resolves.toBeTruthy();
  });

  it('rotates refresh tokens and revokes the grant when an old one is replayed', async () => {
    const { tokens } = await signIn(person.email, person.password);
    const first = tokens.refresh_token!;
    const second = await oidc.refreshTokenGrant(config, first);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first);
    expect(decodeJwt(second.access_token).aud).toBe(ctx.config.oidc.audience);

    await expectInvalidGrant(oidc.refreshTokenGrant(config, first));
    // The replay revoked the whole grant: the newer token is dead too.
    await expectInvalidGrant(oidc.refreshTokenGrant(config, second.refresh_token!));
  });

  it.each([
    ['without PKCE', { code_challenge: '', code_challenge_method: '' }],
    ['with the plain method', { code_challenge_method: 'plain' }],
  ])('refuses an authorization request %s', async (_name, override) => {
    const flow = await startFlow();
    for (const [key, value] of Object.entries(override)) {
      if (value) flow.url.searchParams.set(key, value);
      else flow.url.searchParams.delete(key);
    }
    const res = await browse(flow.jar, flow.url.href);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.href.startsWith(redirectUri)).toBe(true);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it.each([
    ['another host', 'https://evil.example/signin-oidc'],
    ['another loopback port', 'http://127.0.0.1:1/signin-oidc'],
    ['another path', 'REDIRECT/extra'],
  ])('refuses an unknown redirect_uri (%s) with a German error page', async (_name, uri) => {
    const flow = await startFlow();
    flow.url.searchParams.set('redirect_uri', uri.replace('REDIRECT', redirectUri));
    const res = await browse(flow.jar, flow.url.href);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    const html = await res.text();
    expect(html).toContain('lang="de"');
    expect(html).toContain('unbekannten Adresse');
  });

  it('accepts the native apps’ custom-scheme redirect URI', async () => {
    const flow = await startFlow(new CookieJar(), { redirect_uri: ctx.config.nativeRedirectUri });
    const res = await browse(flow.jar, flow.url.href);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/\/oidc\/interaction\//);
  });

  it('signs up a new account that can then sign in', async () => {
    const flow = await startFlow();
    const { html } = await openLogin(flow);
    const signupUrl = /href="([^"]+\/signup)"/.exec(html)![1]!;
    const signupPage = await (await browse(flow.jar, signupUrl)).text();
    expect(signupPage).toContain('autocomplete="new-password"');
    const { action } = formOf(signupPage);
    const email = `neu-${Date.now()}@test.example`;

    const tooShort = await browse(flow.jar, action, {
      form: { firstName: 'Jonas', lastName: 'Becker', email, password: 'kurz' },
    });
    expect(tooShort.status).toBe(400);
    expect(await tooShort.text()).toContain('mindestens 10 Zeichen');

    const res = await browse(flow.jar, action, {
      form: { firstName: 'Jonas', lastName: 'Becker', email, password: 'ein-sicheres-passwort' },
    });
    const { callback } = await follow(flow.jar, res);
    const tokens = await exchange(flow, callback!);
    expect(tokens.claims()).toMatchObject({ given_name: 'Jonas', family_name: 'Becker', email });

    const again = await signIn(email, 'ein-sicheres-passwort');
    const sub = again.tokens.claims()!.sub;
    const api = await fetch(`${baseUrl}/api/b2c/person/${sub}`, {
      headers: { authorization: `Bearer ${again.tokens.access_token}` },
    });
    expect(api.status).toBe(200);

    // The same address cannot be registered twice.
    const flow2 = await startFlow();
    const login2 = await openLogin(flow2);
    const signup2 = /href="([^"]+\/signup)"/.exec(login2.html)![1]!;
    const dup = await browse(flow2.jar, signup2, {
      form: { firstName: 'X', lastName: 'Y', email: email.toUpperCase(), password: 'noch-ein-passwort' },
    });
    expect(dup.status).toBe(409);
    expect(await dup.text()).toContain('bereits ein Konto');
  });

  it('resets a password through a single-use mailed link', async () => {
    const target = await ctx.createPerson();
    const earlier = await signIn(target.email, target.password);
    const flow = await startFlow();
    const { html } = await openLogin(flow);
    const forgotUrl = /href="([^"]+\/forgot)"/.exec(html)![1]!;
    const forgotPage = await (await browse(flow.jar, forgotUrl)).text();
    const { action } = formOf(forgotPage);

    const before = ctx.mailer.sent.length;
    const unknown = await browse(flow.jar, action, { form: { email: 'niemand@test.example' } });
    const known = await browse(flow.jar, action, { form: { email: target.email } });
    const unknownText = await unknown.text();
    expect(unknownText).toContain('Falls es ein Konto mit dieser E-Mail-Adresse gibt');
    expect(await known.text()).toBe(unknownText);
    expect(ctx.mailer.sent.length).toBe(before + 1);
    const mail = ctx.mailer.sent.at(-1)!;
    expect(mail.to).toBe(target.email);
    const link = /(http\S+\/password\/reset\?token=\S+)/.exec(mail.text)![1]!;

    const jar = new CookieJar();
    const resetPage = await browse(jar, link);
    expect(resetPage.status).toBe(200);
    const resetForm = formOf(await resetPage.text());
    const done = await browse(jar, resetForm.action, {
      form: { ...resetForm.hidden, password: 'mein-neues-passwort' },
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Dein Passwort wurde geändert.');

    // The reset signed the account out everywhere: earlier refresh tokens are dead.
    await expectInvalidGrant(oidc.refreshTokenGrant(config, earlier.tokens.refresh_token!));
    await expect(signIn(target.email, 'mein-neues-passwort')).resolves.toBeTruthy();
    const oldFlow = await startFlow();
    const oldLogin = await openLogin(oldFlow);
    const old = await submitLogin(oldFlow, oldLogin.html, target.email, target.password);
    expect(old.callback).toBeUndefined();

    const reused = await browse(jar, link);
    expect(reused.status).toBe(410);
    expect(await reused.text()).toContain('abgelaufen oder wurde bereits verwendet');
    const replay = await browse(jar, resetForm.action, {
      form: { ...resetForm.hidden, password: 'noch-ein-neues-passwort' },
    });
    expect(replay.status).toBe(410);
  });

  it('ends the session on RP-initiated logout without an extra click', async () => {
    const jar = new CookieJar();
    const { tokens } = await signIn(person.email, person.password, jar);

    // With a session the provider answers at once with a code.
    const silent = await openLogin(await startFlow(jar));
    expect(silent.callback?.searchParams.get('code')).toBeTruthy();

    const endUrl = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${baseUrl}/signed-out`,
    });
    const logoutPage = await browse(jar, endUrl.href);
    expect(logoutPage.status).toBe(200);
    const logoutHtml = await logoutPage.text();
    expect(logoutHtml).toContain('lang="de"');
    expect(logoutHtml).toMatch(/<script src="\/oidc\/assets\/logout\.js" defer><\/script>/);
    expect(logoutHtml).not.toMatch(/<script(?![^>]*\bsrc=)/);
    const script = await fetch(`${ctx.config.oidc.issuer}/assets/logout.js`);
    expect(await script.text()).toContain('op.logoutForm');

    const form = formOf(logoutHtml);
    expect(form.hidden.logout).toBe('yes');
    const confirmed = await browse(jar, form.action, { form: form.hidden });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${baseUrl}/signed-out`);

    const after = await openLogin(await startFlow(jar));
    expect(after.callback).toBeUndefined();
    expect(after.html).toContain('<h1>Anmelden</h1>');
  });

  it('lists mails on the development mailbox page', async () => {
    await ctx.db.insert(devMails).values({ to: 'a@test.example', subject: 'Hallo Postfach', text: 'Text' });
    const res = await fetch(`${ctx.config.oidc.issuer}/dev/mailbox`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Hallo Postfach');
  });

  // Last: locks out the test client's address.
  it('locks a client address after many failed sign-ins with different e-mails', async () => {
    await ctx.db.delete(loginThrottle);
    const flow = await startFlow();
    const { html } = await openLogin(flow);
    let last = '';
    for (let i = 0; i < THROTTLE.perAddress; i++) {
      const { page } = await submitLogin(flow, html, `unbekannt-${i}@test.example`, 'irgendein-passwort');
      last = await page!.text();
    }
    expect(last).toContain('Zu viele fehlgeschlagene Anmeldeversuche');
    const { callback, page } = await submitLogin(flow, html, person.email, person.password);
    expect(callback).toBeUndefined();
    expect(page!.status).toBe(429);
  });
});
