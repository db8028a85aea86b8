import { pathTo } from '@vereinsheim/contracts/routes';
import { WEB_SIGNOUT_RELOAD_DELAY_MS } from '@vereinsheim/contracts/constants';
import { configureApiClient } from '../api/client.ts';
import { postLogoutRedirectUri, type AppConfig } from '../config/app-config.ts';
import type { KeyValueStore } from '../platform/storage.ts';
import {
  AUTH_PENDING_KEY,
  clearLocalState,
  establishClaims,
  RETRY_KEY,
  SessionHolder,
  type AuthService,
  type BootHooks,
  type BootResult,
  type Session,
} from './auth-service.ts';
import { decodeJwtPayload } from './claims.ts';
import { createOidcClient, type OidcClient } from './oidc.ts';
import { generateCodeVerifier } from './pkce.ts';
import {
  isValidRedirectTarget,
  locationTarget,
  REDIRECT_KEY,
  rememberRedirectTarget,
  takeRedirectTarget,
} from './redirect.ts';
import { parseTokenRecord, tokenLifecycle, type TokenRecord } from './token-record.ts';

export interface TokenAuthDeps {
  /** Where the token record lives: the device's secure storage (Keychain/Keystore) in the native apps. */
  store: KeyValueStore;
  oidc?: OidcClient;
  location?: Location;
  history?: History;
  /** Opens the provider's authorization page (native: the system browser, RFC 8252 §6). */
  openAuthorization?: (url: URL) => Promise<void> | void;
  /** Opens the provider's end-session page (native: the system browser, where the provider's session lives). */
  openEndSession?: (url: string) => Promise<void> | void;
  /** Closes the system browser once the provider has redirected back (iOS keeps its sheet open). */
  closeBrowser?: () => Promise<void>;
  /** Where the provider returns after sign-out (native: `<scheme>:/signed-out` or the claimed https page). */
  postLogoutRedirectUri?: string;
  /** URLs the running app is opened with (native: `appUrlOpen`); the redirects back are taken from there. */
  subscribeToAppUrls?: (handler: (url: string) => void) => () => void;
  /** Optional biometric unlock: asked before a stored token record is used; false keeps the app locked. */
  unlock?: () => Promise<boolean>;
}

/** True when `url` is `base` with a query (and no other path): the provider's redirect to `base`. */
function isRedirectTo(url: string, base: string): boolean {
  const [path] = url.split(/[?#]/, 1);
  return path === base;
}

/**
 * The native apps' session (RFC 8252 public client): authorization code + PKCE S256 through oauth4webapi,
 * the spec §3 token record under `<redirect uri>-token` in the given store, refreshed per spec §4, sent as a
 * bearer token. Sign-out revokes the refresh token at the provider before the record is cleared.
 */
export class TokenAuthService implements AuthService {
  readonly keys: { verifier: string; state: string; token: string };
  readonly config: AppConfig;
  readonly redirectUri: string;
  private readonly holder = new SessionHolder();
  private readonly store: KeyValueStore;
  private readonly oidc: OidcClient;
  private readonly location: Location;
  private readonly history: History;
  private readonly openAuthorization: (url: URL) => Promise<void> | void;
  private tokens: TokenRecord | null = null;
  private refreshing: Promise<TokenRecord | null> | null = null;
  private readonly deps: TokenAuthDeps;
  private readonly resultListeners = new Set<(result: BootResult) => void>();
  /** A stored session the person did not unlock (biometrics refused or cancelled). */
  private locked = false;
  /** The start-up's hooks; a later sign-in (from the system browser, or after unlocking) calls them too. */
  private hooks: BootHooks = {};

  constructor(config: AppConfig, redirectUri: string, deps: TokenAuthDeps) {
    this.config = config;
    this.redirectUri = redirectUri;
    this.keys = {
      verifier: `${redirectUri}-code_verifier`,
      state: `${redirectUri}-state`,
      token: `${redirectUri}-token`,
    };
    this.store = deps.store;
    this.oidc = deps.oidc ?? createOidcClient(config, redirectUri);
    this.location = deps.location ?? window.location;
    this.history = deps.history ?? window.history;
    this.openAuthorization = deps.openAuthorization ?? ((url) => this.location.assign(url.href));
    this.deps = deps;
    deps.subscribeToAppUrls?.((url) => {
      void this.handleAppUrl(url).then((result) => {
        if (result) for (const listener of this.resultListeners) listener(result);
      });
    });
    configureApiClient({
      baseUrl: config.apiBaseUrl,
      getAccessToken: () => this.accessToken(),
      getPersonId: () => this.personId(),
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

  /** Runs once at start-up: code exchange, session restoration or the signed-out state. */
  async boot(hooks: BootHooks = {}): Promise<BootResult> {
    this.hooks = hooks;
    const url = new URL(this.location.href);
    if (url.pathname === pathTo('signedOut')) return { kind: 'signed-out', reason: 'signed-out' };
    if (
      url.pathname === pathTo('signinCallback') &&
      (url.searchParams.has('code') || url.searchParams.has('error'))
    ) {
      return this.completeAuthorization(url);
    }
    return this.restore(false);
  }

  onSignInResult(listener: (result: BootResult) => void): () => void {
    this.resultListeners.add(listener);
    return () => this.resultListeners.delete(listener);
  }

  /**
   * A URL the app was opened with: the provider's redirect back after sign-in (→ code exchange) or sign-out
   * (→ signed out); null for any other URL (deep links are the router's).
   */
  async handleAppUrl(url: string): Promise<BootResult | null> {
    const afterLogout = this.deps.postLogoutRedirectUri;
    if (isRedirectTo(url, this.redirectUri)) {
      await this.deps.closeBrowser?.();
      return this.completeAuthorization(new URL(url));
    }
    if (afterLogout && isRedirectTo(url, afterLogout)) {
      await this.deps.closeBrowser?.();
      return { kind: 'signed-out', reason: 'signed-out' };
    }
    return null;
  }

  /** The provider's redirect back (native: the custom-scheme URL the app was opened with). */
  async completeAuthorization(url: URL): Promise<BootResult> {
    const state = url.searchParams.get('state');
    // The code and state leave the address at once, whatever the outcome.
    const clean = new URL(this.location.href);
    for (const key of ['code', 'state', 'session_state', 'iss', 'error', 'error_description']) {
      clean.searchParams.delete(key);
    }
    this.history.replaceState(this.history.state, '', `${clean.pathname}${clean.search}${clean.hash}`);
    if (isValidRedirectTarget(state)) sessionStorage.setItem(REDIRECT_KEY, state);

    try {
      const verifier = await this.store.get(this.keys.verifier);
      if (!verifier) {
        console.warn('No PKCE verifier stored; the authorization restarts.');
        return this.authorize('/');
      }
      const expectedState = await this.store.get(this.keys.state);
      const tokens = await this.oidc.exchangeCode(url, verifier, expectedState);
      await this.saveTokens(tokens);
      const session = await this.establish(tokens);
      sessionStorage.removeItem(RETRY_KEY);
      return {
        kind: 'authenticated',
        session,
        fresh: true,
        redirectTo: takeRedirectTarget(pathTo('signinCallback')) ?? '/',
      };
    } catch (error) {
      console.error('The code exchange failed', error);
      await this.clearTokens();
      // Log out and retry the restoration once.
      if (sessionStorage.getItem(RETRY_KEY)) {
        sessionStorage.removeItem(RETRY_KEY);
        return { kind: 'signed-out', reason: 'failed' };
      }
      sessionStorage.setItem(RETRY_KEY, '1');
      return this.restore(true);
    } finally {
      await this.store.remove(this.keys.verifier).catch(() => undefined);
      await this.store.remove(this.keys.state).catch(() => undefined);
      sessionStorage.setItem(AUTH_PENDING_KEY, '0');
    }
  }

  private async restore(retrying: boolean): Promise<BootResult> {
    const record = parseTokenRecord(await this.store.get(this.keys.token));
    const here = locationTarget(this.location);
    const target = here.startsWith('/signin') ? '/' : here;
    let tokens: TokenRecord | null = null;
    const lifecycle = tokenLifecycle(record, Date.now());
    if ((lifecycle === 'use' || lifecycle === 'refresh') && this.deps.unlock && !(await this.deps.unlock())) {
      // Locked: the record stays; 'Jetzt anmelden' asks to unlock once more, then for the password.
      this.locked = true;
      rememberRedirectTarget(target);
      return { kind: 'signed-out', reason: 'unauthenticated' };
    }
    this.locked = false;
    switch (lifecycle) {
      case 'use':
        tokens = record;
        break;
      case 'refresh':
        tokens = record ? await this.oidc.refresh(record) : null;
        if (tokens) await this.saveTokens(tokens);
        else await this.clearTokens();
        break;
      case 'clear':
        await this.clearTokens();
        break;
      case 'authorize':
        break;
    }
    if (!tokens) {
      rememberRedirectTarget(target);
      return { kind: 'signed-out', reason: 'unauthenticated' };
    }
    try {
      const session = await this.establish(tokens);
      sessionStorage.removeItem(RETRY_KEY);
      const redirectTo = takeRedirectTarget(here);
      return {
        kind: 'authenticated',
        session,
        fresh: retrying,
        redirectTo: redirectTo ?? (here.startsWith('/signin') ? '/' : null),
      };
    } catch (error) {
      console.error('The stored token cannot be used', error);
      await this.clearTokens();
      rememberRedirectTarget(target);
      return { kind: 'signed-out', reason: 'unauthenticated' };
    }
  }

  async signIn(): Promise<BootResult> {
    if (this.locked) {
      const unlocked = await this.restore(false);
      if (unlocked.kind === 'authenticated') {
        for (const listener of this.resultListeners) listener(unlocked);
        return unlocked;
      }
      this.locked = false;
    }
    const remembered = sessionStorage.getItem(REDIRECT_KEY);
    const here = locationTarget(this.location);
    return this.authorize(
      isValidRedirectTarget(remembered) ? remembered : isValidRedirectTarget(here) ? here : '/',
    );
  }

  /** Starts the provider login; the state carries path, query and hash (spec §4). */
  async authorize(
    target: string = locationTarget(this.location),
    extra?: Record<string, string>,
  ): Promise<BootResult> {
    const state = isValidRedirectTarget(target) ? target : '/';
    const verifier = generateCodeVerifier();
    const url = extra
      ? await this.oidc.authorizationUrl(state, verifier, extra)
      : await this.oidc.authorizationUrl(state, verifier);
    await this.store.set(this.keys.verifier, verifier);
    await this.store.set(this.keys.state, state);
    sessionStorage.setItem(AUTH_PENDING_KEY, '1');
    await this.openAuthorization(url);
    return { kind: 'redirecting' };
  }

  /** A fresh sign-in: the provider asks for the password again (prompt=login, max_age=0), back to `target`. */
  reauthenticate(target: string): Promise<BootResult> {
    return this.authorize(target, { prompt: 'login', max_age: '0' });
  }

  /** Claims from the ID token merged with GET /api/b2c/person/{sub}. */
  private async establish(tokens: TokenRecord): Promise<Session> {
    const raw = decodeJwtPayload(tokens.id_token);
    if (!raw) throw new Error('The ID token cannot be parsed.');
    // The API client reads the token from here.
    this.tokens = tokens;
    this.hooks.sessionFound?.();
    const session = { claims: await establishClaims(raw) };
    this.holder.set(session);
    return session;
  }

  private async saveTokens(tokens: TokenRecord) {
    await this.store.set(this.keys.token, JSON.stringify(tokens));
  }

  private async clearTokens() {
    try {
      await this.store.remove(this.keys.token);
    } catch (error) {
      console.error('Clearing the token failed', error);
    }
  }

  /** The access token for an API call; refreshes per the lifecycle table, and signs out when that fails. */
  async accessToken(): Promise<string | null> {
    const tokens = this.tokens;
    if (!tokens) return null;
    const decision = tokenLifecycle(tokens, Date.now());
    if (decision === 'use') return tokens.access_token;
    if (decision === 'refresh') {
      this.refreshing ??= this.oidc.refresh(tokens).finally(() => {
        this.refreshing = null;
      });
      const next = await this.refreshing;
      if (next) {
        await this.saveTokens(next);
        this.tokens = next;
        return next.access_token;
      }
    }
    // Refresh failed or returned no id_token: clear the token and treat the user as unauthenticated.
    await this.clearTokens();
    this.tokens = null;
    rememberRedirectTarget(locationTarget(this.location));
    this.holder.set(null);
    return null;
  }

  /**
   * Sign-out of spec §4, which now ends the session at the provider: the refresh token is revoked (RFC 7009,
   * ending its grant), then preferences, storage, redirect key and cookies are cleared, then the provider's
   * end-session endpoint gets the ID token hint. A failure while revoking or clearing is reported and the
   * sign-out continues.
   */
  async signOut(): Promise<void> {
    const tokens = this.tokens ?? parseTokenRecord(await this.store.get(this.keys.token).catch(() => null));
    if (tokens?.refresh_token) {
      try {
        await this.oidc.revoke(tokens.refresh_token);
      } catch (error) {
        console.error('Revoking the refresh token failed', error);
      }
    }
    try {
      await this.store.remove(this.keys.token);
      await this.store.clear();
    } catch (error) {
      console.error('Clearing the stored preferences failed', error);
    }
    this.tokens = null;
    clearLocalState();
    this.holder.set(null);

    const afterLogout = this.deps.postLogoutRedirectUri ?? postLogoutRedirectUri(this.location.origin);
    const endSession = await this.oidc.endSessionUrl(tokens?.id_token, afterLogout).catch(() => null);
    if (this.deps.openEndSession) {
      // Native: the app already shows the signed-out screen; the provider's page opens in the system browser
      // and redirects back to the app, which then closes it.
      if (endSession) await this.deps.openEndSession(endSession);
      return;
    }
    // Web: reload after 2 s unless the browser has already left for the provider.
    const timer = setTimeout(() => this.location.reload(), WEB_SIGNOUT_RELOAD_DELAY_MS);
    window.addEventListener('pagehide', () => clearTimeout(timer), { once: true });
    this.location.assign(endSession ?? afterLogout);
  }
}
