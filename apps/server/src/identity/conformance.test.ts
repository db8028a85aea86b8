/**
 * The OpenID Connect Basic OP items (OpenID Foundation conformance suite, "oidcc-basic-certification-test-plan")
 * that can run here, with openid-client 6 as the relying party and a cookie-jar browser against the real
 * embedded provider on a real port. Each test names its suite module.
 */
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPerson } from '../../test/harness.ts';
import { CookieJar, formOf, startOidcDriver, type Flow, type OidcDriver } from '../../test/oidc-browser.ts';

let d: OidcDriver;
let person: TestPerson;
let other: TestPerson;

beforeAll(async () => {
  d = await startOidcDriver();
  person = await d.ctx.createPerson({ firstName: 'Mia', lastName: 'Hoffmann' });
  other = await d.ctx.createPerson({ firstName: 'Jonas', lastName: 'Becker' });
});
afterAll(() => d.close());

const RP_SCOPE = 'openid profile email';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A relying party's authorization request: nonce, state, PKCE S256, no API scope. */
function rpFlow(jar = new CookieJar(), extra: Record<string, string> = {}) {
  return d.startFlow(jar, { scope: RP_SCOPE, nonce: oidc.randomNonce(), ...extra });
}

async function login(flow: Flow, who: TestPerson = person) {
  const { html, callback: silent } = await d.openLogin(flow);
  if (silent) throw new Error('expected the login page, the provider answered at once');
  expect(html).toContain('<h1>Anmelden</h1>');
  const { callback } = await d.submitLogin(flow, html, who.email, who.password);
  expect(callback).toBeDefined();
  return callback!;
}

async function rpSignIn(jar = new CookieJar(), extra: Record<string, string> = {}) {
  const flow = await rpFlow(jar, extra);
  const tokens = await d.exchange(flow, await login(flow));
  return { flow, tokens };
}

describe('OpenID Connect Basic OP', () => {
  it('oidcc-discovery: publishes the metadata a Basic RP needs', async () => {
    const meta = d.config.serverMetadata();
    expect(meta.issuer).toBe(d.ctx.config.oidc.issuer);
    for (const endpoint of [
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'jwks_uri',
      'end_session_endpoint',
    ] as const) {
      expect(meta[endpoint], endpoint).toMatch(new RegExp(`^${d.ctx.config.oidc.issuer}/`));
    }
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.subject_types_supported).toContain('public');
    expect(meta.id_token_signing_alg_values_supported).toContain('RS256');
    expect(meta.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
    expect(meta.claims_supported).toEqual(expect.arrayContaining(['sub', 'email', 'given_name']));
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.ui_locales_supported).toEqual(['de', 'en']);
  });

  it('oidcc-server: code flow with PKCE, ID token claims, signature and nonce', async () => {
    const { flow, tokens } = await rpSignIn();
    const idToken = tokens.id_token!;
    // The signature against the published keys (openid-client checks the claims, not the signature).
    const jwks = createRemoteJWKSet(new URL(d.config.serverMetadata().jwks_uri!));
    const { payload, protectedHeader } = await jwtVerify(idToken, jwks, {
      issuer: d.ctx.config.oidc.issuer,
      audience: d.ctx.config.oidc.clientId,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ sub: person.subject, nonce: flow.nonce });
    expect(payload.exp! - payload.iat!).toBeGreaterThan(0);
    expect(tokens.claims()!.nonce).toBe(flow.nonce);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.expires_in).toBeGreaterThan(0);
    // Without the API scope the access token is for the userinfo endpoint (opaque, no audience).
    expect(tokens.access_token.split('.')).toHaveLength(1);
    expect(tokens.scope!.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
  });

  it('oidcc-codereuse: a code works once', async () => {
    const flow = await rpFlow();
    const callback = await login(flow);
    await d.exchange(flow, callback);
    const error = await d.exchange(flow, callback).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as oidc.ResponseBodyError).error).toBe('invalid_grant');
  });

  it('nonce: a token response whose ID token carries another nonce is refused by the RP', async () => {
    const flow = await rpFlow();
    const callback = await login(flow);
    const error = await oidc
      .authorizationCodeGrant(d.config, callback, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: oidc.randomNonce(),
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    expect((error as { code?: string }).code).toBe('OAUTH_JWT_CLAIM_COMPARISON_FAILED');
    expect((error as { cause?: Error }).cause?.message).toBe('unexpected ID Token "nonce" claim value');
  });

  it('oidcc-userinfo-get / -post-header / -post-body: claims with the access token', async () => {
    const { tokens } = await rpSignIn();
    const claims = await oidc.fetchUserInfo(d.config, tokens.access_token, person.subject);
    expect(claims).toMatchObject({
      sub: person.subject,
      given_name: 'Mia',
      family_name: 'Hoffmann',
      email: person.email,
      email_verified: true,
      person_id: person.personId,
    });
    const userinfo = d.config.serverMetadata().userinfo_endpoint!;
    const postHeader = await fetch(userinfo, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(postHeader.status).toBe(200);
    expect(await postHeader.json()).toMatchObject({ sub: person.subject });
    const postBody = await fetch(userinfo, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ access_token: tokens.access_token }).toString(),
    });
    expect(postBody.status).toBe(200);
  });

  it('userinfo refuses an invalid token with WWW-Authenticate error="invalid_token"', async () => {
    const res = await fetch(d.config.serverMetadata().userinfo_endpoint!, {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
  });

  it.each([
    ['oidcc-scope-email', 'openid email', ['email', 'email_verified'], ['given_name', 'name']],
    ['oidcc-scope-profile', 'openid profile', ['name', 'given_name', 'family_name'], ['email']],
    [
      'oidcc-scope-all',
      'openid profile email',
      ['email', 'given_name', 'family_name', 'name', 'email_verified'],
      [],
    ],
  ])('%s: userinfo returns the claims of the scopes asked for', async (_name, scope, present, absent) => {
    const { tokens } = await rpSignIn(new CookieJar(), { scope });
    const claims = await oidc.fetchUserInfo(d.config, tokens.access_token, person.subject);
    for (const claim of present) expect(claims, claim).toHaveProperty(claim);
    for (const claim of absent) expect(claims, claim).not.toHaveProperty(claim);
  });

  it('oidcc-ensure-other-scope-order-succeeds: scope values in another order', async () => {
    const { tokens } = await rpSignIn(new CookieJar(), { scope: 'email openid' });
    expect(tokens.claims()!.sub).toBe(person.subject);
  });

  it('oidcc-prompt-none-not-logged-in: prompt=none without a session answers login_required', async () => {
    const flow = await rpFlow(new CookieJar(), { prompt: 'none' });
    const { callback } = await d.openLogin(flow);
    expect(callback!.searchParams.get('error')).toBe('login_required');
    expect(callback!.searchParams.get('state')).toBe(flow.state);
  });

  it('oidcc-prompt-none-logged-in: prompt=none with a session answers with a code, no page', async () => {
    const jar = new CookieJar();
    await rpSignIn(jar);
    const flow = await rpFlow(jar, { prompt: 'none' });
    const { callback, page } = await d.openLogin(flow);
    expect(page).toBeUndefined();
    const tokens = await d.exchange(flow, callback!);
    expect(tokens.claims()!.sub).toBe(person.subject);
  });

  it('oidcc-prompt-login: prompt=login asks again despite the session; auth_time moves on', async () => {
    const jar = new CookieJar();
    const first = await rpSignIn(jar, { max_age: '3600' });
    await sleep(1100);
    const { tokens } = await rpSignIn(jar, { prompt: 'login' });
    const before = first.tokens.claims()!.auth_time!;
    expect(tokens.claims()!.auth_time).toBeGreaterThan(before);
  });

  it('oidcc-max-age-1 / max_age=0: an older sign-in asks again; the ID token carries auth_time', async () => {
    const jar = new CookieJar();
    await rpSignIn(jar);
    await sleep(2100); // auth_time has whole seconds
    for (const maxAge of ['1', '0']) {
      const { tokens } = await rpSignIn(jar, { max_age: maxAge });
      expect(typeof tokens.claims()!.auth_time).toBe('number');
    }
    // A generous max_age is met by the session: no page.
    const flow = await rpFlow(jar, { max_age: '3600' });
    const { callback, page } = await d.openLogin(flow);
    expect(page).toBeUndefined();
    expect(callback!.searchParams.get('code')).toBeTruthy();
  });

  it('oidcc-ensure-registered-redirect-uri: a foreign redirect_uri gets an error page, no redirect', async () => {
    const flow = await rpFlow();
    flow.url.searchParams.set('redirect_uri', 'https://evil.example/cb');
    const res = await d.browse(flow.jar, flow.url.href);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('unbekannten Adresse');
    // In the language the request asks for.
    flow.url.searchParams.set('ui_locales', 'en');
    const english = await (await d.browse(flow.jar, flow.url.href)).text();
    expect(english).toContain('<h1>Something went wrong</h1>');
    expect(english).toContain('The sign-in was requested from an unknown address and has been stopped.');
  });

  it('oidcc-ensure-redirect-uri-in-authorization-request: redirect_uri is required', async () => {
    const flow = await rpFlow();
    flow.url.searchParams.delete('redirect_uri');
    const res = await d.browse(flow.jar, flow.url.href);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('lang="de"');
  });

  it('oidcc-response-type-missing / unsupported: refused, back to the RP with the error', async () => {
    const missing = await rpFlow();
    missing.url.searchParams.delete('response_type');
    const back = await d.follow(missing.jar, await d.browse(missing.jar, missing.url.href));
    expect(back.callback!.searchParams.get('error')).toBe('invalid_request');
    expect(back.callback!.searchParams.get('code')).toBeNull();

    const token = await rpFlow();
    token.url.searchParams.set('response_type', 'token');
    const { callback } = await d.follow(token.jar, await d.browse(token.jar, token.url.href));
    const error =
      callback?.searchParams.get('error') ?? new URLSearchParams(callback?.hash.slice(1)).get('error');
    expect(error).toBe('unsupported_response_type');
  });

  it('oidcc-ensure-post-request-succeeds: the authorization request as a form POST', async () => {
    const flow = await rpFlow();
    const params = Object.fromEntries(flow.url.searchParams);
    const endpoint = `${flow.url.origin}${flow.url.pathname}`;
    const posted = await d.browse(flow.jar, endpoint, { form: params });
    expect(posted.status).toBe(303);
    const { page } = await d.follow(flow.jar, posted);
    const html = await page!.text();
    expect(html).toContain('<h1>Anmelden</h1>');
    const { callback } = await d.submitLogin(flow, html, person.email, person.password);
    const tokens = await d.exchange(flow, callback!);
    expect(tokens.claims()).toMatchObject({ sub: person.subject, nonce: flow.nonce });
  });

  it('oidcc-login-hint: login_hint fills in the address', async () => {
    const flow = await rpFlow(new CookieJar(), { login_hint: person.email });
    const { html } = await d.openLogin(flow);
    expect(html).toContain(`value="${person.email}"`);
  });

  it('oidcc-refresh-token: a refresh keeps the subject; token responses carry scope and refresh_token_expires_in', async () => {
    const flow = await d.startFlow(new CookieJar(), { nonce: oidc.randomNonce() });
    const tokens = await d.exchange(flow, await login(flow));
    // The web client's request (api scope): an API access token with its scope and the refresh lifetime.
    expect(decodeJwt(tokens.access_token).aud).toBe(d.ctx.config.oidc.audience);
    expect(tokens.scope).toBe('api');
    expect(tokens.refresh_token_expires_in).toBeGreaterThan(29 * 24 * 3600);
    expect(tokens.refresh_token_expires_in).toBeLessThanOrEqual(30 * 24 * 3600);
    const refreshed = await oidc.refreshTokenGrant(d.config, tokens.refresh_token!);
    expect(refreshed.claims()!.sub).toBe(person.subject);
    expect(refreshed.scope).toBe('api');
    expect(refreshed.refresh_token_expires_in).toBeLessThanOrEqual(tokens.refresh_token_expires_in as number);
  });

  it('unknown provider paths answer problem+json', async () => {
    const res = await fetch(`${d.ctx.config.oidc.issuer}/no-such-endpoint`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });
});

describe('RP-Initiated Logout', () => {
  async function endSession(jar: CookieJar, params: Record<string, string>, method: 'GET' | 'POST' = 'GET') {
    const endpoint = d.config.serverMetadata().end_session_endpoint!;
    if (method === 'POST') {
      const posted = await d.browse(jar, endpoint, { form: params });
      expect(posted.status).toBe(303);
      return d.browse(jar, posted.headers.get('location')!);
    }
    return d.browse(jar, `${endpoint}?${new URLSearchParams(params).toString()}`);
  }

  async function stillSignedIn(jar: CookieJar) {
    const { callback } = await d.openLogin(await rpFlow(jar, { prompt: 'none' }));
    return callback?.searchParams.get('code') ? true : false;
  }

  it('with the session’s own id_token_hint signs out without a question', async () => {
    const jar = new CookieJar();
    const { tokens } = await rpSignIn(jar);
    const page = await endSession(jar, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${d.baseUrl}/signed-out`,
    });
    const html = await page.text();
    expect(html).toContain('<script src="/oidc/assets/logout.js" defer></script>');
    const form = formOf(html);
    const done = await d.browse(jar, form.action, { form: form.hidden });
    expect(done.headers.get('location')).toBe(`${d.baseUrl}/signed-out`);
    expect(await stillSignedIn(jar)).toBe(false);
  });

  it.each([
    ['without id_token_hint', 'GET' as const, () => ({ client_id: d.ctx.config.oidc.clientId })],
    ['without id_token_hint, as POST', 'POST' as const, () => ({ client_id: d.ctx.config.oidc.clientId })],
  ])('%s asks the person and changes nothing until they answer', async (_name, method, params) => {
    const jar = new CookieJar();
    await rpSignIn(jar);
    const page = await endSession(jar, params(), method);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Möchtest du dich abmelden?</h1>');
    expect(html).toContain('Angemeldet bleiben');
    expect(html).not.toContain('<script');
    // Nothing happened yet.
    expect(await stillSignedIn(jar)).toBe(true);
    // Pressing 'Abmelden' signs out.
    const form = formOf(html);
    const done = await d.browse(jar, form.action, { form: form.hidden });
    expect(done.status).toBeLessThan(400);
    expect(await stillSignedIn(jar)).toBe(false);
  });

  it('asks when the id_token_hint belongs to another account', async () => {
    const theirs = await (async () => {
      const flow = await rpFlow();
      return d.exchange(flow, await login(flow, other));
    })();
    const jar = new CookieJar();
    await rpSignIn(jar);
    const page = await endSession(jar, { id_token_hint: theirs.id_token! });
    expect(await page.text()).toContain('Möchtest du dich abmelden?');
    expect(await stillSignedIn(jar)).toBe(true);
  });

  it('asks in the language of ui_locales, else of the browser', async () => {
    const jar = new CookieJar();
    await rpSignIn(jar);
    const params = { client_id: d.ctx.config.oidc.clientId };
    const asked = await (await endSession(jar, { ...params, ui_locales: 'en' })).text();
    expect(asked).toContain('<h1>Do you want to sign out?</h1>');
    expect(asked).toContain('Stay signed in');
    const endpoint = d.config.serverMetadata().end_session_endpoint!;
    const browser = await d.browse(jar, `${endpoint}?${new URLSearchParams(params).toString()}`, {
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(await browser.text()).toContain('<h1>Do you want to sign out?</h1>');
    expect(await stillSignedIn(jar)).toBe(true);
  });
});
