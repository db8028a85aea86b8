import { pathTo } from '@vereinsheim/contracts/routes';
import { WEB_SIGNOUT_RELOAD_DELAY_MS } from '@vereinsheim/contracts/constants';
import {
  BFF_PATHS,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  LogoutResponseSchema,
  SIGNIN_FAILED_QUERY,
  WebSessionSchema,
  type WebSession,
} from '@vereinsheim/contracts/session';
import { configureApiClient } from '../api/client.ts';
import { currentUiLocale } from '../i18n/locale.ts';
import { postLogoutRedirectUri, type AppConfig } from '../config/app-config.ts';
import { clearOfflineData } from '../platform/offline-data.ts';
import {
  AUTH_PENDING_KEY,
  clearLocalState,
  establishClaims,
  SessionHolder,
  type AuthService,
  type BootHooks,
  type BootResult,
  type Session,
  type SignInOptions,
} from './auth-service.ts';
import {
  isValidRedirectTarget,
  locationTarget,
  REDIRECT_KEY,
  rememberRedirectTarget,
  takeRedirectTarget,
} from './redirect.ts';
import { browserTabChannel, type TabChannel } from './tab-sync.ts';

export interface BffAuthDeps {
  location?: Location;
  history?: History;
  fetch?: typeof fetch;
  tabs?: TabChannel;
  /** GET /bff/session already asked for at start-up (requestWebSession); the first session read takes it. */
  firstSession?: Promise<Response>;
}

/**
 * GET /bff/session, the one way the app asks for it. The start-up asks beside /app-config.json (issue 14 §6):
 * the question needs no configuration, and a signed-in start (the shell, the dashboard and its data) begins with
 * its answer, one round trip earlier than after the configuration. Hand that one to the service as `firstSession`.
 */
export function requestWebSession(
  location: Location = window.location,
  fetcher: typeof fetch = fetch,
): Promise<Response> {
  const response = fetcher(new URL(BFF_PATHS.session, location.origin).href, {
    headers: { accept: 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    credentials: 'same-origin',
  });
  // Whoever takes it sees a failure; until then (or if the start-up fails before) it is not unhandled.
  response.catch(() => undefined);
  return response;
}

/**
 * The API on the page's own origin (same path as configured): the session cookie goes there and only there,
 * also when the app is served by a development server that proxies /api.
 */
export function sameOriginApiBase(apiBaseUrl: string, origin: string): string {
  return new URL(new URL(apiBaseUrl, origin).pathname, origin).href;
}

/**
 * The web app's session (ADR 0009): the server signs in at the provider, keeps and refreshes the tokens and
 * gives the browser an HttpOnly `__Host-` session cookie. No token ever reaches JavaScript, so a script that
 * slipped in cannot carry one away; API calls carry the cookie and the CSRF header instead of a bearer token.
 */
export class BffAuthService implements AuthService {
  readonly config: AppConfig;
  private readonly holder = new SessionHolder();
  private readonly location: Location;
  private readonly history: History;
  private readonly fetcher: typeof fetch;
  private readonly tabs: TabChannel;
  private firstSession: Promise<Response> | undefined;

  constructor(config: AppConfig, deps: BffAuthDeps = {}) {
    this.config = config;
    this.location = deps.location ?? window.location;
    this.history = deps.history ?? window.history;
    this.fetcher = deps.fetch ?? ((input, init) => fetch(input, init));
    this.tabs = deps.tabs ?? browserTabChannel();
    this.firstSession = deps.firstSession;
    configureApiClient({
      baseUrl: sameOriginApiBase(config.apiBaseUrl, this.location.origin),
      getAccessToken: async () => null,
      getPersonId: () => this.personId(),
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      onUnauthorized: () => this.lost(),
      fetch: this.fetcher,
    });
    // Another tab signed out: the shared cookie is gone, this tab shows the signed-out screen too.
    this.tabs.listen(() => {
      if (this.holder.session) this.lost();
    });
  }

  get session(): Session | null {
    return this.holder.session;
  }

  subscribe(listener: (session: Session | null) => void): () => void {
    return this.holder.subscribe(listener);
  }

  personId(): string | null {
    return this.holder.personId();
  }

  /** The session ended on the server (idle, revoked, signed out elsewhere): back to the signed-out screen. */
  private lost(): void {
    if (!this.holder.session) return;
    rememberRedirectTarget(locationTarget(this.location));
    this.holder.set(null);
  }

  private url(path: string): string {
    return new URL(path, this.location.origin).href;
  }

  /**
   * GET /bff/session (the first time, the one asked for at start-up): the session, or null without one. Network
   * failures throw.
   */
  private async fetchSession(): Promise<WebSession | null> {
    const asked = this.firstSession ?? requestWebSession(this.location, this.fetcher);
    this.firstSession = undefined;
    const response = await asked;
    if (response.status === 401) {
      // Read to the end: a body nobody reads keeps the request open in the browser (no network quiet for
      // Lighthouse and networkidle, and the connection is not free for the next request).
      await response.arrayBuffer().catch(() => undefined);
      return null;
    }
    if (!response.ok) throw new Error(`${BFF_PATHS.session} answered ${response.status}`);
    return WebSessionSchema.parse(await response.json());
  }

  async boot(hooks: BootHooks = {}): Promise<BootResult> {
    const url = new URL(this.location.href);
    sessionStorage.setItem(AUTH_PENDING_KEY, '0');
    if (url.pathname === pathTo('signedOut')) {
      if (url.searchParams.get(SIGNIN_FAILED_QUERY.name) !== SIGNIN_FAILED_QUERY.value) {
        return { kind: 'signed-out', reason: 'signed-out' };
      }
      // The sign-in failed at the server (spec §8): drop the marker, retry the restoration once.
      this.history.replaceState(this.history.state, '', pathTo('signedOut'));
      const retried = await this.restore(pathTo('signedOut'), hooks);
      if (retried.kind === 'authenticated') return { ...retried, redirectTo: retried.redirectTo ?? '/' };
      return { kind: 'signed-out', reason: 'failed' };
    }
    return this.restore(locationTarget(this.location), hooks);
  }

  private async restore(here: string, hooks: BootHooks = {}): Promise<BootResult> {
    let web: WebSession | null;
    try {
      web = await this.fetchSession();
    } catch (error) {
      console.error('The session could not be read', error);
      return { kind: 'signed-out', reason: 'failed' };
    }
    if (!web) {
      rememberRedirectTarget(here);
      return { kind: 'signed-out', reason: 'unauthenticated' };
    }
    hooks.sessionFound?.();
    // The API client authenticates by the cookie: the person claims can be read right away.
    const claims = await establishClaims(web.claims);
    const session: Session = { claims };
    this.holder.set(session);
    return { kind: 'authenticated', session, fresh: web.fresh, redirectTo: takeRedirectTarget(here) };
  }

  /** Leaves for the server's /bff/login, which sends the browser to the provider and brings it back here. */
  async signIn(options: SignInOptions = {}): Promise<BootResult> {
    const remembered = sessionStorage.getItem(REDIRECT_KEY);
    const here = locationTarget(this.location);
    const target = isValidRedirectTarget(remembered) ? remembered : isValidRedirectTarget(here) ? here : '/';
    return this.login(target, options);
  }

  /** /bff/login with prompt=login: the provider asks for the password again, which renews auth_time. */
  reauthenticate(target: string): Promise<BootResult> {
    return this.login(isValidRedirectTarget(target) ? target : '/', { prompt: 'login' });
  }

  private async login(target: string, options: SignInOptions): Promise<BootResult> {
    const login = new URL(this.url(BFF_PATHS.login));
    login.searchParams.set('returnTo', target);
    if (options.prompt) login.searchParams.set('prompt', options.prompt);
    // The provider's pages and mails in the language the portal shows (sent on as ui_locales).
    login.searchParams.set('lang', currentUiLocale().language);
    sessionStorage.setItem(AUTH_PENDING_KEY, '1');
    this.location.assign(login.href);
    return { kind: 'redirecting' };
  }

  /**
   * POST /bff/logout (the server revokes the refresh token and deletes the session), then the local part of
   * spec §4, then the provider's end-session URL with the ID token hint; reload after 2 s (web).
   */
  async signOut(): Promise<void> {
    let endSessionUrl: string | null = null;
    try {
      const response = await this.fetcher(this.url(BFF_PATHS.logout), {
        method: 'POST',
        // The portal's language: the server puts it on the end-session URL (ui_locales) for the provider's page.
        headers: {
          accept: 'application/json',
          'accept-language': currentUiLocale().acceptLanguage,
          [CSRF_HEADER]: CSRF_HEADER_VALUE,
        },
        credentials: 'same-origin',
      });
      if (!response.ok) throw new Error(`${BFF_PATHS.logout} answered ${response.status}`);
      endSessionUrl = LogoutResponseSchema.parse(await response.json()).endSessionUrl;
    } catch (error) {
      // Reported; the sign-out continues (spec §4).
      console.error('Ending the session at the server failed', error);
    }
    clearLocalState();
    await clearOfflineData();
    this.holder.set(null);
    this.tabs.post({ type: 'signed-out' });

    const afterLogout = postLogoutRedirectUri(this.location.origin);
    const timer = setTimeout(() => this.location.reload(), WEB_SIGNOUT_RELOAD_DELAY_MS);
    window.addEventListener('pagehide', () => clearTimeout(timer), { once: true });
    this.location.assign(endSessionUrl ?? afterLogout);
  }
}
