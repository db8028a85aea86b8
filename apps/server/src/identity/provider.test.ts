import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext, TestPerson } from '../../test/harness.ts';
import { CookieJar, formOf, startOidcDriver, type OidcDriver } from '../../test/oidc-browser.ts';

let driver: OidcDriver;
let ctx: TestContext;
let baseUrl: string;
let config: oidc.Configuration;
let redirectUri: string;
let person: TestPerson;

beforeAll(async () => {
  driver = await startOidcDriver();
  ({ ctx, baseUrl, config, redirectUri } = driver);
  person = await ctx.createPerson({ firstName: 'Mia', lastName: 'Hoffmann' });
});
afterAll(() => driver.close());

const browse: OidcDriver['browse'] = (...args) => driver.browse(...args);
const startFlow: OidcDriver['startFlow'] = (...args) => driver.startFlow(...args);
const openLogin: OidcDriver['openLogin'] = (...args) => driver.openLogin(...args);
const submitLogin: OidcDriver['submitLogin'] = (...args) => driver.submitLogin(...args);
const signIn: OidcDriver['signIn'] = (...args) => driver.signIn(...args);

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
});
