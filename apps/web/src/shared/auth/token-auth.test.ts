/* eslint-disable @typescript-eslint/unbound-method -- expectations on vi.fn() members of the fakes */
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ORIGIN, testAppConfig, testPersonClaims } from '../../test/fixtures.ts';
import { server } from '../../test/msw-server.ts';
import { memoryStore } from '../platform/storage.ts';
import type { OidcClient } from './oidc.ts';
import { REDIRECT_KEY } from './redirect.ts';
import { TokenAuthService } from './token-auth.ts';
import type { TokenRecord } from './token-record.ts';

const REDIRECT_URI = `${ORIGIN}/signin-oidc`;
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const idToken = (claims: object) => `${b64url({ alg: 'none' })}.${b64url(claims)}.sig`;

const tokens = (overrides: Partial<TokenRecord> = {}): TokenRecord => ({
  id_token: idToken({ sub: 'sub-1', person_id: 'p-1', given_name: 'Mia' }),
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  expires_in: 3600,
  refresh_token_expires_in: 86_400,
  createdAt: Date.now(),
  scope: 'openid offline_access',
  ...overrides,
});

function fakeLocation(path: string) {
  const url = new URL(path, ORIGIN);
  return {
    get href() {
      return url.href;
    },
    get pathname() {
      return url.pathname;
    },
    get search() {
      return url.search;
    },
    get hash() {
      return url.hash;
    },
    origin: ORIGIN,
    assign: vi.fn(),
    reload: vi.fn(),
  } as unknown as Location & { assign: ReturnType<typeof vi.fn> };
}

function fakeOidc(
  overrides: Partial<OidcClient> = {},
): OidcClient & { exchangeCode: Mock<OidcClient['exchangeCode']>; revoke: Mock<OidcClient['revoke']> } {
  return {
    config: testAppConfig,
    redirectUri: REDIRECT_URI,
    discover: vi.fn(),
    authorizationUrl: vi.fn(
      async (state: string) => new URL(`${ORIGIN}/oidc/auth?state=${encodeURIComponent(state)}`),
    ),
    exchangeCode: vi.fn(async () => tokens()),
    refresh: vi.fn(async () => null),
    revoke: vi.fn(async () => undefined),
    endSessionUrl: vi.fn(
      async (hint?: string, after?: string) =>
        `${ORIGIN}/oidc/session/end?id_token_hint=${hint}&post_logout_redirect_uri=${after}`,
    ),
    ...overrides,
  } as OidcClient & { exchangeCode: Mock<OidcClient['exchangeCode']>; revoke: Mock<OidcClient['revoke']> };
}

function setup(path: string, stored: Record<string, string> = {}, oidc = fakeOidc()) {
  const store = memoryStore(stored);
  const location = fakeLocation(path);
  const history = { state: null, replaceState: vi.fn() } as unknown as History & {
    replaceState: ReturnType<typeof vi.fn>;
  };
  const auth = new TokenAuthService(testAppConfig, REDIRECT_URI, { store, oidc, location, history });
  return { auth, store, location, history, oidc };
}

const personClaims = (body: object, status = 200) =>
  http.get(`${ORIGIN}/api/b2c/person/:sub`, () => HttpResponse.json(body, { status }));

describe('native session flow (token record on the device)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('an unauthenticated visit stores path, query and hash as the redirect target and shows the signed-out screen', async () => {
    const { auth } = setup('/events?from=2026-01-01#top');
    await expect(auth.boot()).resolves.toEqual({ kind: 'signed-out', reason: 'unauthenticated' });
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe('/events?from=2026-01-01#top');
  });

  it("'Jetzt anmelden' stores a 64-character verifier and sends the remembered path as state", async () => {
    const { auth, store, location, oidc } = setup('/events');
    await auth.boot();
    await auth.signIn();
    const verifier = store.data.get(`${REDIRECT_URI}-code_verifier`);
    expect(verifier).toMatch(/^[A-Za-z0-9\-_]{64}$/);
    expect(oidc.authorizationUrl).toHaveBeenCalledWith('/events', verifier);
    expect(location.assign).toHaveBeenCalledWith(`${ORIGIN}/oidc/auth?state=%2Fevents`);
  });

  it('a fresh sign-in asks the provider for the password again (prompt=login, max_age=0)', async () => {
    const { auth, store, location, oidc } = setup('/account');
    await auth.reauthenticate('/account');
    const verifier = store.data.get(`${REDIRECT_URI}-code_verifier`);
    expect(oidc.authorizationUrl).toHaveBeenCalledWith('/account', verifier, {
      prompt: 'login',
      max_age: '0',
    });
    expect(location.assign).toHaveBeenCalledWith(`${ORIGIN}/oidc/auth?state=%2Faccount`);
  });

  it('exchanges the code at /signin-oidc, removes code and state from the address and returns to the state path', async () => {
    server.use(
      personClaims({
        person_id: 'p-1',
        person_setupcompleted: 'TRUE',
        person_privacyaccepted: 'true',
        given_name: 'Mia',
        family_name: 'Hoffmann',
        avatar_image_url: null,
      }),
    );
    const { auth, store, history, oidc } = setup('/signin-oidc?code=abc&state=%2Fevents&iss=x', {
      [`${REDIRECT_URI}-code_verifier`]: 'v'.repeat(64),
      [`${REDIRECT_URI}-state`]: '/events',
    });
    const result = await auth.boot();
    expect(result).toMatchObject({ kind: 'authenticated', fresh: true, redirectTo: '/events' });
    expect(oidc.exchangeCode).toHaveBeenCalledWith(expect.any(URL), 'v'.repeat(64), '/events');
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/signin-oidc');
    const record = JSON.parse(store.data.get(`${REDIRECT_URI}-token`) ?? '{}') as TokenRecord;
    expect(record).toMatchObject({ access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 3600 });
    expect(typeof record.createdAt).toBe('number');
    expect(store.data.has(`${REDIRECT_URI}-code_verifier`)).toBe(false);
    expect(auth.session?.claims).toMatchObject({
      person_id: 'p-1',
      person_setupcompleted: true,
      person_privacyaccepted: true,
      family_name: 'Hoffmann',
      person_claims_error: false,
    });
    expect(sessionStorage.getItem('vereinsheim_person_id')).toBe('p-1');
    expect(localStorage.getItem('vereinsheim_person_id')).toBe('p-1');
  });

  it('a failed exchange logs out and retries the restoration once, then shows the failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = fakeOidc({ exchangeCode: vi.fn(async () => Promise.reject(new Error('invalid_grant'))) });
    const stored = {
      [`${REDIRECT_URI}-code_verifier`]: 'v'.repeat(64),
      [`${REDIRECT_URI}-token`]: JSON.stringify(tokens()),
    };
    const first = setup('/signin-oidc?code=bad&state=%2F', stored, failing);
    await expect(first.auth.boot()).resolves.toEqual({ kind: 'signed-out', reason: 'unauthenticated' });
    expect(first.store.data.has(`${REDIRECT_URI}-token`)).toBe(false);

    const second = setup(
      '/signin-oidc?code=bad&state=%2F',
      { [`${REDIRECT_URI}-code_verifier`]: 'v'.repeat(64) },
      failing,
    );
    await expect(second.auth.boot()).resolves.toEqual({ kind: 'signed-out', reason: 'failed' });
    vi.restoreAllMocks();
  });

  it.each([404, 500])('a %s of the person-claims call sets the claims-error flag', async (status) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(personClaims({ type: 'about:blank', title: 'x', status }, status));
    const { auth } = setup('/', { [`${REDIRECT_URI}-token`]: JSON.stringify(tokens()) });
    const result = await auth.boot();
    expect(result).toMatchObject({ kind: 'authenticated', fresh: false });
    expect(auth.session?.claims).toMatchObject({
      person_id: 'p-1',
      given_name: 'Mia',
      person_claims_error: true,
    });
    vi.restoreAllMocks();
  });

  it('refreshes an expired access token and clears the record when the refresh fails', async () => {
    server.use(
      personClaims({
        person_id: 'p-1',
        person_setupcompleted: true,
        person_privacyaccepted: true,
        given_name: 'Mia',
        family_name: 'H',
        avatar_image_url: null,
      }),
    );
    const expired = tokens({ createdAt: Date.now() - 2 * 3600_000 });
    const refreshed = tokens({ access_token: 'access-2' });
    const ok = setup(
      '/',
      { [`${REDIRECT_URI}-token`]: JSON.stringify(expired) },
      fakeOidc({ refresh: vi.fn(async () => refreshed) }),
    );
    await expect(ok.auth.boot()).resolves.toMatchObject({ kind: 'authenticated' });
    expect(await ok.auth.accessToken()).toBe('access-2');

    const bad = setup('/teams', { [`${REDIRECT_URI}-token`]: JSON.stringify(expired) });
    await expect(bad.auth.boot()).resolves.toEqual({ kind: 'signed-out', reason: 'unauthenticated' });
    expect(bad.store.data.has(`${REDIRECT_URI}-token`)).toBe(false);
  });

  it('tells the start-up a stored session exists before its person claims answer; not without one', async () => {
    let heard!: () => void;
    const sessionHeard = new Promise<void>((resolve) => (heard = resolve));
    server.use(
      http.get(`${ORIGIN}/api/b2c/person/:sub`, async () => {
        await sessionHeard;
        return HttpResponse.json(testPersonClaims);
      }),
    );
    const sessionFound = vi.fn(() => heard());
    const stored = setup('/', { [`${REDIRECT_URI}-token`]: JSON.stringify(tokens()) });
    await expect(stored.auth.boot({ sessionFound })).resolves.toMatchObject({ kind: 'authenticated' });
    expect(sessionFound).toHaveBeenCalledTimes(1);

    const none = vi.fn();
    await expect(setup('/').auth.boot({ sessionFound: none })).resolves.toMatchObject({ kind: 'signed-out' });
    expect(none).not.toHaveBeenCalled();
  });

  it('sign-out revokes the refresh token, clears preferences, storage and cookies and ends the provider session with the id token hint', async () => {
    server.use(
      personClaims({
        person_id: 'p-1',
        person_setupcompleted: true,
        person_privacyaccepted: true,
        given_name: 'Mia',
        family_name: 'H',
        avatar_image_url: null,
      }),
    );
    const record = tokens();
    const { auth, store, location, oidc } = setup('/account', {
      [`${REDIRECT_URI}-token`]: JSON.stringify(record),
      other: 'x',
    });
    await auth.boot();
    let recordAtRevocation: boolean | null = null;
    oidc.revoke.mockImplementation(async () => {
      recordAtRevocation = store.data.has(`${REDIRECT_URI}-token`);
    });
    localStorage.setItem('vereinsheim_language', 'en');
    localStorage.setItem('something', 'y');
    sessionStorage.setItem(REDIRECT_KEY, '/x');
    document.cookie = 'a=1; path=/';
    await auth.signOut();
    expect(oidc.revoke).toHaveBeenCalledExactlyOnceWith('refresh-1');
    // Revoked before anything was cleared.
    expect(recordAtRevocation).toBe(true);
    expect(store.data.size).toBe(0);
    expect(auth.session).toBeNull();
    expect(localStorage.getItem('something')).toBeNull();
    expect(localStorage.getItem('vereinsheim_language')).toBe('en');
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBeNull();
    expect(document.cookie).not.toContain('a=1');
    expect(location.assign).toHaveBeenCalledWith(
      `${ORIGIN}/oidc/session/end?id_token_hint=${record.id_token}&post_logout_redirect_uri=${ORIGIN}/signed-out`,
    );
  });

  it('a failing revocation is reported and the sign-out continues', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      personClaims({
        person_id: 'p-1',
        person_setupcompleted: true,
        person_privacyaccepted: true,
        given_name: 'Mia',
        family_name: 'H',
        avatar_image_url: null,
      }),
    );
    const failing = fakeOidc({ revoke: vi.fn(async () => Promise.reject(new Error('offline'))) });
    const { auth, store, location } = setup(
      '/',
      { [`${REDIRECT_URI}-token`]: JSON.stringify(tokens()) },
      failing,
    );
    await auth.boot();
    await auth.signOut();
    expect(console.error).toHaveBeenCalledWith('Revoking the refresh token failed', expect.any(Error));
    expect(store.data.size).toBe(0);
    expect(location.assign).toHaveBeenCalledWith(expect.stringContaining('/oidc/session/end?id_token_hint='));
    vi.restoreAllMocks();
  });
});
