import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { TokenRecord } from '@vereinsheim/contracts/token-record';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The web app's sessions with the backend-for-frontend (ADR 0009): one row per signed-in browser, holding the
 * spec §3 token record. The browser's cookie is a random secret; only its SHA-256 is stored here.
 */
export const webSessions = pgTable(
  'web_sessions',
  {
    /** base64url SHA-256 of the session cookie's value. */
    id: text('id').primaryKey(),
    /** The provider's subject (`sub`) of the signed-in account. */
    subject: text('subject').notNull(),
    tokens: jsonb('tokens').$type<TokenRecord>().notNull(),
    /** The ID token's claims as verified at the code exchange (or the last refresh). */
    claims: jsonb('claims').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    /** Absolute end: the refresh token's expiry (or the access token's when there is none). */
    expiresAt: ts('expires_at').notNull(),
    /** Set while one request refreshes the tokens; others wait instead of rotating the refresh token twice. */
    refreshLeaseUntil: ts('refresh_lease_until'),
    /** True until the web app has read the session once after the sign-in. */
    fresh: boolean('fresh').notNull().default(true),
  },
  (t) => [index('web_sessions_subject_idx').on(t.subject), index('web_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Sign-ins under way: created by GET /bff/login, consumed once by the callback. Bound to the browser that
 * started them by the hash of a short-lived cookie, so a code sent to another browser is refused.
 */
export const webLogins = pgTable(
  'web_logins',
  {
    /** The `state` sent to the provider (random). */
    state: text('state').primaryKey(),
    /** base64url SHA-256 of the browser-binding cookie. */
    binding: text('binding').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** Path, query and hash to return to after the sign-in (validated, starts with '/'). */
    returnTo: text('return_to').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('web_logins_expires_idx').on(t.expiresAt)],
);
