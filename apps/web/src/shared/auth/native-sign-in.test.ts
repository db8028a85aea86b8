import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORIGIN, testAppConfig } from '../../test/fixtures.ts';
import { server } from '../../test/msw-server.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { AuthService, BootResult } from './auth-service.ts';
import { SLOW_MACHINE } from '../../test/wait.ts';

/**
 * The iOS/Android sign-in of RFC 8252 through createAuthService with the Capacitor plugins mocked: the system
 * browser (@capacitor/browser), the appUrlOpen listener (@capacitor/app) and the Keychain/Keystore storage
 * (@aparajita/capacitor-secure-storage); the provider is answered by MSW and the real oauth4webapi client runs.
 */
const plugins = vi.hoisted(() => {
  const listeners = new Map<string, (event: { url: string }) => void>();
  const secure = new Map<string, string>();
  let prefix = 'capacitor-storage_';
  return {
    listeners,
    secure,
    browser: {
      open: vi.fn(async (_options: { url: string }) => undefined),
      close: vi.fn(async () => undefined),
    },
    app: {
      addListener: vi.fn(async (event: string, listener: (event: { url: string }) => void) => {
        listeners.set(event, listener);
        return { remove: async () => void listeners.delete(event) };
      }),
    },
    biometric: {
      checkBiometry: vi.fn(async () => ({ isAvailable: true })),
      authenticate: vi.fn(async (_options: { reason?: string }) => undefined),
    },
    preferences: new Map<string, string>(),
    storage: {
      setKeyPrefix: vi.fn(async (value: string) => void (prefix = value)),
      setSynchronize: vi.fn(async () => undefined),
      setDefaultKeychainAccess: vi.fn(async () => undefined),
      getItem: vi.fn(async (key: string) => secure.get(prefix + key) ?? null),
      setItem: vi.fn(async (key: string, value: string) => void secure.set(prefix + key, value)),
      removeItem: vi.fn(async (key: string) => void secure.delete(prefix + key)),
      clear: vi.fn(async () => {
        for (const key of [...secure.keys()]) if (key.startsWith(prefix)) secure.delete(key);
      }),
    },
  };
});

vi.mock('../platform/native.ts', () => ({ isNativePlatform: () => true }));
vi.mock('@capacitor/browser', () => ({ Browser: plugins.browser }));
vi.mock('@capacitor/app', () => ({ App: plugins.app }));
vi.mock('@aparajita/capacitor-biometric-auth', () => ({ BiometricAuth: plugins.biometric }));
vi.mock('@capacitor/preferences', () => ({
  Preferences: {
    get: async ({ key }: { key: string }) => ({ value: plugins.preferences.get(key) ?? null }),
    set: async ({ key, value }: { key: string; value: string }) => void plugins.preferences.set(key, value),
    remove: async ({ key }: { key: string }) => void plugins.preferences.delete(key),
    clear: async () => plugins.preferences.clear(),
  },
}));
vi.mock('@aparajita/capacitor-secure-storage', () => ({
  SecureStorage: plugins.storage,
  KeychainAccess: { whenUnlockedThisDeviceOnly: 1 },
}));

const ISSUER = `${ORIGIN}/oidc`;
const REDIRECT = 'de.vereinsheim.app:/signin-oidc';
const config: AppConfig = { ...testAppConfig, nativeRedirectUri: REDIRECT };
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function idToken(sub = 'sub-1') {
  const now = Math.floor(Date.now() / 1000);
  return `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url({ iss: ISSUER, aud: config.clientId, sub, iat: now, exp: now + 3600, person_id: 'p-1', given_name: 'Mia' })}.c2ln`;
}

async function s256(verifier: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return Buffer.from(digest).toString('base64url');
}

/** The provider's endpoints; records what the app sent. */
function provider() {
  const seen = {
    token: [] as URLSearchParams[],
    revoked: [] as URLSearchParams[],
    bearer: [] as (string | null)[],
  };
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
    http.post(`${ISSUER}/token`, async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      seen.token.push(form);
      return HttpResponse.json({
        access_token: `access-${seen.token.length}`,
        refresh_token: `refresh-${seen.token.length}`,
        id_token: idToken(),
        token_type: 'Bearer',
        expires_in: 600,
        scope: 'openid profile email offline_access',
      });
    }),
    http.post(`${ISSUER}/token/revocation`, async ({ request }) => {
      seen.revoked.push(new URLSearchParams(await request.text()));
      return new HttpResponse(null, { status: 200 });
    }),
    http.get(`${ORIGIN}/api/b2c/person/:sub`, ({ request }) => {
      seen.bearer.push(request.headers.get('authorization'));
      return HttpResponse.json({ person_id: 'p-1', given_name: 'Mia', family_name: 'Hoffmann' });
    }),
  );
  return seen;
}

async function start(): Promise<{ auth: AuthService; results: BootResult[]; boot: BootResult }> {
  vi.resetModules();
  const { createAuthService } = await import('./create-auth-service.ts');
  const auth = await createAuthService(config);
  const results: BootResult[] = [];
  auth.onSignInResult?.((result) => results.push(result));
  // The listener is registered asynchronously; wait until the app can be opened with a URL.
  await vi.waitFor(() => expect(plugins.listeners.has('appUrlOpen')).toBe(true), SLOW_MACHINE);
  return { auth, results, boot: await auth.boot() };
}

const openApp = (url: string) => plugins.listeners.get('appUrlOpen')!({ url });

beforeEach(() => {
  plugins.listeners.clear();
  plugins.secure.clear();
  plugins.preferences.clear();
  vi.clearAllMocks();
  window.history.replaceState(null, '', '/');
});
afterEach(() => vi.resetModules());

// Each test re-imports the auth modules (vi.resetModules) and runs real PKCE crypto: seconds on two busy cores.
describe('native sign-in (RFC 8252) with the Capacitor plugins mocked', { timeout: 60_000 }, () => {
  it('signs in through the system browser with PKCE S256 and finishes on the app’s redirect, back on the stored path', async () => {
    const seen = provider();
    window.history.replaceState(null, '', '/events?tab=mine');
    const { auth, results, boot } = await start();
    expect(boot).toEqual({ kind: 'signed-out', reason: 'unauthenticated' });

    await expect(auth.signIn()).resolves.toEqual({ kind: 'redirecting' });
    // The provider's page opens in the system browser, never in the app's web view.
    expect(plugins.browser.open).toHaveBeenCalledTimes(1);
    const authorization = new URL(plugins.browser.open.mock.calls[0]![0].url);
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${ISSUER}/auth`);
    expect(authorization.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('state')).toBe('/events?tab=mine');
    // The verifier waits in the secure storage (prefixed keys), not in Web Storage.
    const verifier = plugins.secure.get(`vereinsheim_${REDIRECT}-code_verifier`)!;
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(authorization.searchParams.get('code_challenge')).toBe(await s256(verifier));

    openApp(
      `${REDIRECT}?code=code-1&state=${encodeURIComponent('/events?tab=mine')}&iss=${encodeURIComponent(ISSUER)}`,
    );
    await vi.waitFor(() => expect(results).toHaveLength(1), SLOW_MACHINE);
    expect(results[0]).toMatchObject({ kind: 'authenticated', fresh: true, redirectTo: '/events?tab=mine' });
    expect(plugins.browser.close).toHaveBeenCalled();
    expect(Object.fromEntries(seen.token[0]!)).toMatchObject({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: config.clientId,
    });
    // The token record is in the secure storage only; the verifier and state are gone.
    const record = JSON.parse(plugins.secure.get(`vereinsheim_${REDIRECT}-token`)!) as Record<
      string,
      unknown
    >;
    expect(record).toMatchObject({ access_token: 'access-1', refresh_token: 'refresh-1' });
    expect(plugins.secure.has(`vereinsheim_${REDIRECT}-code_verifier`)).toBe(false);
    expect(JSON.stringify({ ...localStorage })).not.toContain('refresh-1');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('refresh-1');
    // API calls carry the bearer token.
    expect(seen.bearer).toEqual(['Bearer access-1']);
    server.use(
      http.get(`${ORIGIN}/api/ping`, ({ request }) =>
        HttpResponse.json({ auth: request.headers.get('authorization') }),
      ),
    );
    const { z } = await import('zod');
    // The module instance the service configured (start() reloads the modules).
    const { apiGet } = await import('../api/client.ts');
    await expect(apiGet('ping', z.object({ auth: z.string() }))).resolves.toEqual({
      auth: 'Bearer access-1',
    });
  });

  it('restores the session from the secure storage on the next start, without the browser', async () => {
    provider();
    const first = await start();
    await first.auth.signIn();
    openApp(`${REDIRECT}?code=code-1&state=%2F`);
    await vi.waitFor(() => expect(first.results).toHaveLength(1), SLOW_MACHINE);

    plugins.browser.open.mockClear();
    const next = await start();
    expect(next.boot).toMatchObject({ kind: 'authenticated', fresh: false });
    expect(plugins.browser.open).not.toHaveBeenCalled();
  });

  it('signs out: revokes the refresh token, clears the secure storage, ends the provider session in the system browser', async () => {
    const seen = provider();
    const { auth, results } = await start();
    await auth.signIn();
    openApp(`${REDIRECT}?code=code-1&state=%2F`);
    await vi.waitFor(() => expect(results).toHaveLength(1), SLOW_MACHINE);
    plugins.browser.open.mockClear();

    await auth.signOut();
    expect(Object.fromEntries(seen.revoked[0]!)).toMatchObject({
      token: 'refresh-1',
      token_type_hint: 'refresh_token',
    });
    expect([...plugins.secure.keys()].filter((k) => k.startsWith('vereinsheim_'))).toEqual([]);
    expect(auth.session).toBeNull();
    const endSession = new URL(plugins.browser.open.mock.calls[0]![0].url);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${ISSUER}/session/end`);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe('de.vereinsheim.app:/signed-out');
    expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();

    openApp('de.vereinsheim.app:/signed-out');
    await vi.waitFor(() => expect(results).toHaveLength(2), SLOW_MACHINE);
    expect(results[1]).toEqual({ kind: 'signed-out', reason: 'signed-out' });
    expect(plugins.browser.close).toHaveBeenCalled();
  });

  it('ignores deep links and refuses a redirect whose state was not issued by this app', async () => {
    const seen = provider();
    const { auth, results } = await start();
    openApp('de.vereinsheim.app:/events/42');
    openApp('https://evil.example/signin-oidc?code=x&state=%2F');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(results).toEqual([]);

    await auth.signIn();
    openApp(`${REDIRECT}?code=stolen&state=%2Fsomewhere-else`);
    await vi.waitFor(() => expect(results).toHaveLength(1), SLOW_MACHINE);
    expect(results[0]!.kind).not.toBe('authenticated');
    expect(seen.token).toHaveLength(0);
    expect(plugins.secure.has(`vereinsheim_${REDIRECT}-token`)).toBe(false);
  });

  it('with biometric unlock on, uses the stored session only after unlocking; refused, it stays locked and asks again', async () => {
    provider();
    const first = await start();
    await first.auth.signIn();
    openApp(`${REDIRECT}?code=code-1&state=%2F`);
    await vi.waitFor(() => expect(first.results).toHaveLength(1), SLOW_MACHINE);
    const { setBiometricUnlock } = await import('../platform/biometric.ts');
    await expect(setBiometricUnlock(true, 'Entsperre Vereinsheim')).resolves.toBe(true);

    // Next start: the person cancels the prompt.
    plugins.biometric.authenticate.mockClear();
    plugins.biometric.authenticate.mockRejectedValueOnce(new Error('userCancel'));
    const locked = await start();
    expect(locked.boot).toEqual({ kind: 'signed-out', reason: 'unauthenticated' });
    expect(plugins.biometric.authenticate).toHaveBeenCalledTimes(1);
    expect(plugins.secure.has(`vereinsheim_${REDIRECT}-token`)).toBe(true);

    // 'Jetzt anmelden' asks to unlock again (no browser); this time it works.
    plugins.browser.open.mockClear();
    await expect(locked.auth.signIn()).resolves.toMatchObject({ kind: 'authenticated' });
    expect(plugins.biometric.authenticate).toHaveBeenCalledTimes(2);
    expect(plugins.browser.open).not.toHaveBeenCalled();
    expect(locked.results).toEqual([expect.objectContaining({ kind: 'authenticated' })]);
  });

  it('without biometric unlock, starts without a prompt', async () => {
    provider();
    const first = await start();
    await first.auth.signIn();
    openApp(`${REDIRECT}?code=code-1&state=%2F`);
    await vi.waitFor(() => expect(first.results).toHaveLength(1), SLOW_MACHINE);
    const next = await start();
    expect(next.boot).toMatchObject({ kind: 'authenticated' });
    expect(plugins.biometric.authenticate).not.toHaveBeenCalled();
  });
});
