import { PRODUCT_KEY, WEB_SIGNOUT_RELOAD_DELAY_MS } from '@vereinsheim/contracts/constants';
import { z } from 'zod';
import { apiGet, configureApiClient, isApiError } from '../api/client.ts';
import { postLogoutRedirectUri, type AppConfig } from '../config/app-config.ts';
import { LANGUAGE_KEY } from '../i18n/i18n.ts';
import { clearCookies } from '../platform/cookies.ts';
import { preferences, type KeyValueStore } from '../platform/storage.ts';
import {
  decodeJwtPayload,
  isClaimsErrorStatus,
  mergePersonClaims,
  parseClaims,
  type SessionClaims,
} from './claims.ts';
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

export const PERSON_ID_KEY = `${PRODUCT_KEY}_person_id`;
export const AUTH_PENDING_KEY = `${PRODUCT_KEY}_auth_pending`;
const RETRY_KEY = `${PRODUCT_KEY}_auth_retry`;

export interface Session {
  tokens: TokenRecord;
  claims: SessionClaims;
}

export type BootResult =
  | { kind: 'authenticated'; session: Session; fresh: boolean; redirectTo: string | null }
  | { kind: 'redirecting' }
  | { kind: 'signed-out'; reason: 'unauthenticated' | 'signed-out' | 'failed' };

/** The person-claims response, read leniently (booleans may arrive as 'TRUE', spec §5). */
const PersonClaimsLooseSchema = z.record(z.string(), z.unknown());

export interface AuthServiceDeps {
  store?: KeyValueStore;
  oidc?: OidcClient;
  location?: Location;
  history?: History;
}

/** The sign-in and session flow of spec §4. One instance per page load. */
export class AuthService {
  readonly keys: { verifier: string; state: string; token: string };
  private readonly store: KeyValueStore;
  private readonly oidc: OidcClient;
  private readonly location: Location;
  private readonly history: History;
  private current: Session | null = null;
  private refreshing: Promise<TokenRecord | null> | null = null;
  private readonly listeners = new Set<(session: Session | null) => void>();

  readonly config: AppConfig;
  readonly redirectUri: string;

  constructor(config: AppConfig, redirectUri: string, deps: AuthServiceDeps = {}) {
    this.config = config;
    this.redirectUri = redirectUri;
    this.keys = {
      verifier: `${redirectUri}-code_verifier`,
      state: `${redirectUri}-state`,
      token: `${redirectUri}-token`,
    };
    this.store = deps.store ?? preferences;
    this.oidc = deps.oidc ?? createOidcClient(config, redirectUri);
    this.location = deps.location ?? window.location;
    this.history = deps.history ?? window.history;
    configureApiClient({
      baseUrl: config.apiBaseUrl,
      getAccessToken: () => this.accessToken(),
      getPersonId: () => this.personId(),
    });
  }

  get session(): Session | null {
    return this.current;
  }

  subscribe(listener: (session: Session | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setSession(session: Session | null) {
    this.current = session;
    for (const listener of this.listeners) listener(session);
  }

  /** person_id from the claims, else the cached value, else '' with a warning (spec §8). */
  personId(): string | null {
    const fromClaims = this.current?.claims.person_id;
    if (fromClaims) return fromClaims;
    return sessionStorage.getItem(PERSON_ID_KEY) ?? localStorage.getItem(PERSON_ID_KEY);
  }

  /** Runs once at start-up: code exchange, session restoration or the start of an authorization. */
  async boot(): Promise<BootResult> {
    const url = new URL(this.location.href);
    if (url.pathname === '/signed-out') return { kind: 'signed-out', reason: 'signed-out' };
    if (url.pathname === '/signin-oidc' && (url.searchParams.has('code') || url.searchParams.has('error'))) {
      return this.completeAuthorization(url);
    }
    return this.restore(false);
  }

  private async completeAuthorization(url: URL): Promise<BootResult> {
    const state = url.searchParams.get('state');
    // The code and state leave the address at once, whatever the outcome.
    const clean = new URL(url.href);
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
        redirectTo: takeRedirectTarget('/signin-oidc') ?? '/',
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
    switch (tokenLifecycle(record, Date.now())) {
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

  /** 'Jetzt anmelden': starts the provider login towards the remembered target (else the current location). */
  signIn(): Promise<BootResult> {
    const remembered = sessionStorage.getItem(REDIRECT_KEY);
    const here = locationTarget(this.location);
    return this.authorize(
      isValidRedirectTarget(remembered) ? remembered : isValidRedirectTarget(here) ? here : '/',
    );
  }

  /** Starts the provider login; the state carries path, query and hash. */
  async authorize(target: string = locationTarget(this.location)): Promise<BootResult> {
    const state = isValidRedirectTarget(target) ? target : '/';
    const verifier = generateCodeVerifier();
    const url = await this.oidc.authorizationUrl(state, verifier);
    await this.store.set(this.keys.verifier, verifier);
    await this.store.set(this.keys.state, state);
    sessionStorage.setItem(AUTH_PENDING_KEY, '1');
    this.location.assign(url.href);
    return { kind: 'redirecting' };
  }

  /** Claims from the ID token merged with GET /api/b2c/person/{sub}. */
  private async establish(tokens: TokenRecord): Promise<Session> {
    const raw = decodeJwtPayload(tokens.id_token);
    if (!raw) throw new Error('The ID token cannot be parsed.');
    const cached = sessionStorage.getItem(PERSON_ID_KEY) ?? localStorage.getItem(PERSON_ID_KEY) ?? '';
    let claims = parseClaims(raw, cached);
    // The API client reads the token from the session.
    this.current = { tokens, claims };
    try {
      const person = await apiGet(`b2c/person/${encodeURIComponent(claims.sub)}`, PersonClaimsLooseSchema);
      claims = mergePersonClaims(claims, person);
    } catch (error) {
      console.error('The person claims could not be fetched', error);
      if (isApiError(error) && isClaimsErrorStatus(error.status))
        claims = { ...claims, person_claims_error: true };
    }
    if (!claims.person_id) console.warn('The session carries no person_id.');
    else {
      sessionStorage.setItem(PERSON_ID_KEY, claims.person_id);
      localStorage.setItem(PERSON_ID_KEY, claims.person_id);
    }
    const session = { tokens, claims };
    this.setSession(session);
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

  /** The access token for an API call; refreshes per the lifecycle table, and signs in again when that fails. */
  async accessToken(): Promise<string | null> {
    const session = this.current;
    if (!session) return null;
    const decision = tokenLifecycle(session.tokens, Date.now());
    if (decision === 'use') return session.tokens.access_token;
    if (decision === 'refresh') {
      this.refreshing ??= this.oidc.refresh(session.tokens).finally(() => {
        this.refreshing = null;
      });
      const tokens = await this.refreshing;
      if (tokens) {
        await this.saveTokens(tokens);
        this.setSession({ tokens, claims: session.claims });
        return tokens.access_token;
      }
    }
    // Refresh failed or returned no id_token: clear the token and treat the user as unauthenticated.
    await this.clearTokens();
    rememberRedirectTarget(locationTarget(this.location));
    this.setSession(null);
    return null;
  }

  /** Sign-out of spec §4: clear preferences, storage, redirect key and cookies; end the provider session. */
  async signOut(): Promise<void> {
    const idToken = this.current?.tokens.id_token;
    const language = localStorage.getItem(LANGUAGE_KEY);
    try {
      await this.store.remove(this.keys.token);
      await this.store.clear();
    } catch (error) {
      console.error('Clearing the stored preferences failed', error);
    }
    localStorage.clear();
    if (language) localStorage.setItem(LANGUAGE_KEY, language);
    sessionStorage.removeItem(REDIRECT_KEY);
    sessionStorage.clear();
    clearCookies();
    this.setSession(null);

    const afterLogout = postLogoutRedirectUri(this.location.origin);
    const endSession = await this.oidc.endSessionUrl(idToken, afterLogout).catch(() => null);
    // Web: reload after 2 s unless the browser has already left for the provider.
    const timer = setTimeout(() => this.location.reload(), WEB_SIGNOUT_RELOAD_DELAY_MS);
    window.addEventListener('pagehide', () => clearTimeout(timer), { once: true });
    this.location.assign(endSession ?? afterLogout);
  }
}
