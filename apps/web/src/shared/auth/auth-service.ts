import { PRODUCT_KEY } from '@vereinsheim/contracts/constants';
import { z } from 'zod';
import { deferred } from '@vereinsheim/contracts/deferred';
import { apiGet, isApiError } from '../api/client.ts';
import type { AppConfig } from '../config/app-config.ts';
import { LANGUAGE_KEY, isLanguage, rememberLanguageForTheServer } from '../i18n/i18n.ts';
import { clearCookies } from '../platform/cookies.ts';
import { isClaimsErrorStatus, mergePersonClaims, parseClaims, type SessionClaims } from './claims.ts';

export const PERSON_ID_KEY = `${PRODUCT_KEY}_person_id`;
export const AUTH_PENDING_KEY = `${PRODUCT_KEY}_auth_pending`;
export const RETRY_KEY = `${PRODUCT_KEY}_auth_retry`;

/** The signed-in person as the app sees it. Tokens never appear here (web: they stay on the server). */
export interface Session {
  claims: SessionClaims;
}

export type BootResult =
  | { kind: 'authenticated'; session: Session; fresh: boolean; redirectTo: string | null }
  | { kind: 'redirecting' }
  | { kind: 'signed-out'; reason: 'unauthenticated' | 'signed-out' | 'failed' };

/** What the start-up tells its caller while it runs. */
export interface BootHooks {
  /**
   * A session exists and its claims are being read (one more round trip): the signed-in code can start
   * loading now, side by side with that request.
   */
  sessionFound?(): void;
}

export interface SignInOptions {
  /** `login`: the provider asks for the password even with a running provider session. */
  prompt?: 'login';
}

/**
 * The sign-in and session flow of spec §4, one instance per page load. Two implementations behind the
 * platform: the web app's session with the backend-for-frontend (bff-auth.ts, ADR 0009) and the native apps'
 * token record in the device's storage (token-auth.ts, RFC 8252). `createAuthService` picks one.
 */
export interface AuthService {
  readonly config: AppConfig;
  readonly session: Session | null;
  subscribe(listener: (session: Session | null) => void): () => void;
  /** person_id from the claims, else the cached value (spec §8). */
  personId(): string | null;
  /** Runs once at start-up: completes a sign-in, restores a session, or reports the signed-out state. */
  boot(hooks?: BootHooks): Promise<BootResult>;
  /** 'Jetzt anmelden': starts the provider login towards the remembered target (else the current location). */
  signIn(options?: SignInOptions): Promise<BootResult>;
  /**
   * A fresh sign-in (the password asked again even within a provider session), back to `target`; for actions
   * the API allows only right after a sign-in (account deletion).
   */
  reauthenticate(target: string): Promise<BootResult>;
  /** Sign-out of spec §4: ends the session at the server/provider, clears local state, leaves for the provider. */
  signOut(): Promise<void>;
  /**
   * Native only: results of sign-ins and sign-outs that finish outside the page load — the provider's redirect
   * reaches the running app through its custom scheme or claimed https link (RFC 8252).
   */
  onSignInResult?(listener: (result: BootResult) => void): () => void;
}

/** Holds the current session and tells subscribers (React) about changes. */
export class SessionHolder {
  private current: Session | null = null;
  private readonly listeners = new Set<(session: Session | null) => void>();

  get session(): Session | null {
    return this.current;
  }

  subscribe(listener: (session: Session | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  set(session: Session | null): void {
    this.current = session;
    for (const listener of this.listeners) listener(session);
  }

  /** person_id from the claims, else the cached value. */
  personId(): string | null {
    const fromClaims = this.current?.claims.person_id;
    if (fromClaims) return fromClaims;
    return sessionStorage.getItem(PERSON_ID_KEY) ?? localStorage.getItem(PERSON_ID_KEY);
  }
}

/** The person-claims response, read leniently (booleans may arrive as 'TRUE', spec §5). */
const PersonClaimsLooseSchema = deferred(() => z.record(z.string(), z.unknown()));

/**
 * Claims of a sign-in: the ID token's claims merged with GET /api/b2c/person/{sub} (spec §4); a 404 or 500
 * of that call sets the claims-error flag (spec §8). The API client must already authenticate as the person.
 */
export async function establishClaims(raw: Record<string, unknown>): Promise<SessionClaims> {
  const cached = sessionStorage.getItem(PERSON_ID_KEY) ?? localStorage.getItem(PERSON_ID_KEY) ?? '';
  let claims = parseClaims(raw, cached);
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
  return claims;
}

/** Sign-out's local part (spec §4): local storage (but the language), session storage and cookies. */
export function clearLocalState(): void {
  const language = localStorage.getItem(LANGUAGE_KEY);
  localStorage.clear();
  if (language) localStorage.setItem(LANGUAGE_KEY, language);
  sessionStorage.clear();
  clearCookies();
  // The language's cookie is kept as its storage is: the signed-out page is drawn in it (ADR 0052).
  if (isLanguage(language)) rememberLanguageForTheServer(language);
}
