/* eslint-disable @typescript-eslint/unbound-method -- expectations on vi.fn() members of the fakes */
import { PersonClaimsSchema } from '@vereinsheim/contracts/person';
import { WebSessionSchema, type WebSession } from '@vereinsheim/contracts/session';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ORIGIN, testAppConfig, testPersonClaims } from '../../test/fixtures.ts';
import { initTestI18n } from '../../test/i18n.ts';
import { server } from '../../test/msw-server.ts';
import { apiGet } from '../api/client.ts';
import { PERSON_ID_KEY } from './auth-service.ts';
import { BffAuthService, requestWebSession } from './bff-auth.ts';
import { createAuthService } from './create-auth-service.ts';
import { REDIRECT_KEY } from './redirect.ts';
import type { TabChannel, TabMessage } from './tab-sync.ts';

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
  } as unknown as Location & { assign: ReturnType<typeof vi.fn>; reload: ReturnType<typeof vi.fn> };
}

/** Two tabs of one browser share this channel. */
function fakeTabs() {
  const listeners = new Set<(m: TabMessage) => void>();
  const posted: TabMessage[] = [];
  const tab = (): TabChannel => ({
    post(message) {
      posted.push(message);
      for (const l of listeners) l(message);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  return { tab, posted };
}

function setup(path: string, tabs = fakeTabs(), firstSession?: (location: Location) => Promise<Response>) {
  const location = fakeLocation(path);
  const history = { state: null, replaceState: vi.fn() } as unknown as History & {
    replaceState: ReturnType<typeof vi.fn>;
  };
  const auth = new BffAuthService(testAppConfig, {
    location,
    history,
    tabs: tabs.tab(),
    firstSession: firstSession?.(location),
  });
  return { auth, location, history, tabs };
}

const webSession = (overrides: Partial<WebSession> = {}): WebSession =>
  WebSessionSchema.parse({
    claims: { sub: 'sub-1', person_id: 'p-1', given_name: 'Mia', family_name: 'Hoffmann' },
    fresh: false,
    expiresAt: '2026-12-01T10:00:00.000Z',
    idleTimeoutSeconds: 43_200,
    ...overrides,
  });

/** Handlers of the server's /bff endpoints and the person claims; records what the app sent. */
function serverWith(session: WebSession | null) {
  const seen: Request[] = [];
  server.use(
    http.get(`${ORIGIN}/bff/session`, ({ request }) => {
      seen.push(request);
      return session
        ? HttpResponse.json(session)
        : HttpResponse.json({ type: 'about:blank', title: 'Unauthorized', status: 401 }, { status: 401 });
    }),
    http.get(`${ORIGIN}/api/b2c/person/:sub`, ({ request }) => {
      seen.push(request);
      return HttpResponse.json(testPersonClaims);
    }),
  );
  return seen;
}

const storageValues = () =>
  [
    ...Object.keys(localStorage).map((k) => localStorage.getItem(k)),
    ...Object.keys(sessionStorage).map((k) => sessionStorage.getItem(k)),
  ].join('\n');

describe('web session with the backend-for-frontend', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('is the session flow of the browser (the token flow is for the native apps)', async () => {
    expect(await createAuthService(testAppConfig)).toBeInstanceOf(BffAuthService);
  });

  it('an unauthenticated visit remembers path, query and hash and shows the signed-out screen', async () => {
    serverWith(null);
    const { auth } = setup('/events?from=2026-01-01#top');
    await expect(auth.boot()).resolves.toEqual({ kind: 'signed-out', reason: 'unauthenticated' });
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe('/events?from=2026-01-01#top');
  });

  it('tells the start-up a session exists while its person claims are still on their way, and only then', async () => {
    // The person claims answer only once the start-up has heard of the session: had it to wait for the claims,
    // this boot would never end.
    let heard!: () => void;
    const sessionHeard = new Promise<void>((resolve) => (heard = resolve));
    server.use(
      http.get(`${ORIGIN}/bff/session`, () => HttpResponse.json(webSession())),
      http.get(`${ORIGIN}/api/b2c/person/:sub`, async () => {
        await sessionHeard;
        return HttpResponse.json(testPersonClaims);
      }),
    );
    const sessionFound = vi.fn(() => heard());
    await expect(setup('/').auth.boot({ sessionFound })).resolves.toMatchObject({ kind: 'authenticated' });
    expect(sessionFound).toHaveBeenCalledTimes(1);

    serverWith(null);
    const signedOut = vi.fn();
    await expect(setup('/').auth.boot({ sessionFound: signedOut })).resolves.toMatchObject({
      kind: 'signed-out',
    });
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('reads the 401 of /bff/session to the end, so that the browser does not keep the request open', async () => {
    // An unread body keeps the request open in Chromium: no network quiet for Lighthouse, no networkidle.
    const answered: Response[] = [];
    const auth = new BffAuthService(testAppConfig, {
      location: fakeLocation('/'),
      history: { state: null, replaceState: vi.fn() } as unknown as History,
      tabs: fakeTabs().tab(),
      fetch: () => {
        const response = new Response(
          JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401 }),
          {
            status: 401,
            headers: { 'content-type': 'application/problem+json' },
          },
        );
        answered.push(response);
        return Promise.resolve(response);
      },
    });
    await expect(auth.boot()).resolves.toMatchObject({ kind: 'signed-out' });
    expect(answered).toHaveLength(1);
    expect(answered[0]!.bodyUsed).toBe(true);
  });

  it("'Jetzt anmelden' leaves for the server's /bff/login with the remembered path (no PKCE, no token in the browser)", async () => {
    serverWith(null);
    const { auth, location } = setup('/events?from=2026-01-01#top');
    await auth.boot();
    await expect(auth.signIn()).resolves.toEqual({ kind: 'redirecting' });
    const target = new URL(location.assign.mock.calls[0]![0] as string);
    expect(`${target.origin}${target.pathname}`).toBe(`${ORIGIN}/bff/login`);
    expect(target.searchParams.get('returnTo')).toBe('/events?from=2026-01-01#top');
    expect(target.searchParams.has('prompt')).toBe(false);
    expect(Object.keys(localStorage).concat(Object.keys(sessionStorage))).not.toContainEqual(
      expect.stringMatching(/code_verifier|-token$/),
    );
    await auth.signIn({ prompt: 'login' });
    expect(new URL(location.assign.mock.calls[1]![0] as string).searchParams.get('prompt')).toBe('login');
  });

  it("asks for the provider's pages in the language the portal shows", async () => {
    serverWith(null);
    const { auth, location } = setup('/events');
    await auth.boot();
    await initTestI18n('en');
    try {
      await auth.signIn();
      expect(new URL(location.assign.mock.calls[0]![0] as string).searchParams.get('lang')).toBe('en');
      await initTestI18n('de');
      await auth.signIn();
      expect(new URL(location.assign.mock.calls[1]![0] as string).searchParams.get('lang')).toBe('de');
    } finally {
      await initTestI18n('de');
    }
  });

  it('restores the session from the server, merges the person claims and keeps no token anywhere', async () => {
    const seen = serverWith(webSession({ fresh: true }));
    const { auth } = setup('/events');
    const result = await auth.boot();
    expect(result).toMatchObject({ kind: 'authenticated', fresh: true, redirectTo: null });
    expect(auth.session?.claims).toMatchObject({
      sub: 'sub-1',
      person_id: 'p-1',
      person_setupcompleted: true,
      person_privacyaccepted: true,
      person_claims_error: false,
    });
    expect(sessionStorage.getItem(PERSON_ID_KEY)).toBe('p-1');
    // The session read and the API call carry the cookie's CSRF header, never an Authorization header.
    for (const request of seen) {
      expect(request.headers.get('authorization')).toBeNull();
      expect(request.headers.get('x-vereinsheim-csrf')).toBe('1');
    }
    expect(storageValues()).not.toMatch(/eyJ|access|refresh/);
  });

  it('takes the session asked for at start-up, before the configuration, and does not ask again', async () => {
    const seen = serverWith(webSession());
    const { auth } = setup('/', fakeTabs(), (location) => requestWebSession(location));
    // Asked for when the service was made, before anything booted.
    await vi.waitFor(() => expect(seen.map((r) => new URL(r.url).pathname)).toEqual(['/bff/session']));
    await expect(auth.boot()).resolves.toMatchObject({ kind: 'authenticated' });
    expect(seen.filter((r) => r.url.endsWith('/bff/session'))).toHaveLength(1);
    expect(seen[0]!.headers.get('x-vereinsheim-csrf')).toBe('1');
    expect(auth.session?.claims).toMatchObject({ sub: 'sub-1', person_id: 'p-1' });
  });

  it('a start-up session request that failed shows the failure, as a late one would', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(`${ORIGIN}/bff/session`, () => HttpResponse.error()));
    const { auth } = setup('/', fakeTabs(), (location) => requestWebSession(location));
    await expect(auth.boot()).resolves.toEqual({ kind: 'signed-out', reason: 'failed' });
    vi.restoreAllMocks();
  });

  it('goes to the remembered deep link after the sign-in when the app started elsewhere', async () => {
    serverWith(webSession());
    sessionStorage.setItem(REDIRECT_KEY, '/teams/7');
    const { auth } = setup('/');
    await expect(auth.boot()).resolves.toMatchObject({ kind: 'authenticated', redirectTo: '/teams/7' });
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBeNull();
  });

  it('a failed sign-in (/signed-out?signin=failed) retries the restoration once, then shows the failure', async () => {
    const seen = serverWith(null);
    const { auth, history } = setup('/signed-out?signin=failed');
    await expect(auth.boot()).resolves.toEqual({ kind: 'signed-out', reason: 'failed' });
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/signed-out');
    expect(seen.filter((r) => r.url.endsWith('/bff/session'))).toHaveLength(1);

    serverWith(webSession());
    sessionStorage.setItem(REDIRECT_KEY, '/events');
    const retried = setup('/signed-out?signin=failed');
    await expect(retried.auth.boot()).resolves.toMatchObject({
      kind: 'authenticated',
      redirectTo: '/events',
    });
  });

  it('/signed-out after a sign-out shows the signed-out screen without asking the server', async () => {
    const seen = serverWith(webSession());
    const { auth } = setup('/signed-out');
    await expect(auth.boot()).resolves.toEqual({ kind: 'signed-out', reason: 'signed-out' });
    expect(seen).toEqual([]);
  });

  it('shows the failure when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(`${ORIGIN}/bff/session`, () => HttpResponse.error()));
    const { auth } = setup('/');
    await expect(auth.boot()).resolves.toEqual({ kind: 'signed-out', reason: 'failed' });
    vi.restoreAllMocks();
  });

  it('a 401 from any API call ends the session in the app and remembers where the person was', async () => {
    serverWith(webSession());
    const { auth } = setup('/invoices?year=2026');
    await auth.boot();
    server.use(
      http.get(`${ORIGIN}/api/invoice`, () =>
        HttpResponse.json({ type: 'about:blank', title: 'Unauthorized', status: 401 }, { status: 401 }),
      ),
    );
    const listener = vi.fn();
    auth.subscribe(listener);
    await expect(apiGet('invoice', PersonClaimsSchema)).rejects.toMatchObject({ status: 401 });
    expect(auth.session).toBeNull();
    expect(listener).toHaveBeenCalledWith(null);
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe('/invoices?year=2026');
  });

  it('sign-out ends the session at the server, clears local state and leaves for the end-session URL', async () => {
    serverWith(webSession());
    let logout: Request | null = null;
    const endSessionUrl = `${ORIGIN}/oidc/session/end?id_token_hint=eyJhint&post_logout_redirect_uri=${encodeURIComponent(`${ORIGIN}/signed-out`)}`;
    server.use(
      http.post(`${ORIGIN}/bff/logout`, ({ request }) => {
        logout = request;
        return HttpResponse.json({ endSessionUrl });
      }),
    );
    const tabs = fakeTabs();
    const { auth, location } = setup('/account', tabs);
    await auth.boot();
    localStorage.setItem('vereinsheim_language', 'en');
    localStorage.setItem('something', 'y');
    sessionStorage.setItem(REDIRECT_KEY, '/x');
    document.cookie = 'a=1; path=/';
    await auth.signOut();
    expect(logout!.headers.get('x-vereinsheim-csrf')).toBe('1');
    // The language the portal shows, for the provider's sign-out page.
    expect(logout!.headers.get('accept-language')).toBe('de');
    expect(auth.session).toBeNull();
    expect(localStorage.getItem('something')).toBeNull();
    expect(localStorage.getItem('vereinsheim_language')).toBe('en');
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBeNull();
    expect(document.cookie).not.toContain('a=1');
    // The language's cookie stays with its storage (ADR 0052): the signed-out page is drawn in it.
    expect(document.cookie).toContain('vh_language=en');
    expect(tabs.posted).toEqual([{ type: 'signed-out' }]);
    expect(location.assign).toHaveBeenCalledWith(endSessionUrl);
  });

  it('a failing sign-out request is reported and the sign-out continues to /signed-out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serverWith(webSession());
    server.use(http.post(`${ORIGIN}/bff/logout`, () => HttpResponse.error()));
    const { auth, location } = setup('/account');
    await auth.boot();
    await auth.signOut();
    expect(console.error).toHaveBeenCalledWith('Ending the session at the server failed', expect.any(Error));
    expect(auth.session).toBeNull();
    expect(location.assign).toHaveBeenCalledWith(`${ORIGIN}/signed-out`);
    vi.restoreAllMocks();
  });

  it('a sign-out in another tab shows the signed-out screen here too', async () => {
    serverWith(webSession());
    const tabs = fakeTabs();
    const here = setup('/events', tabs);
    await here.auth.boot();
    server.use(http.post(`${ORIGIN}/bff/logout`, () => HttpResponse.json({ endSessionUrl: null })));
    const other = setup('/account', tabs);
    await other.auth.boot();
    expect(here.auth.session).not.toBeNull();
    await other.auth.signOut();
    expect(here.auth.session).toBeNull();
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe('/events');
  });
});
