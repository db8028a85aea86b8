/** The stored token record of spec §3; createdAt is in milliseconds. */
export interface TokenRecord {
  id_token: string;
  access_token: string;
  refresh_token?: string | undefined;
  expires_in: number;
  refresh_token_expires_in?: number | undefined;
  createdAt: number;
  scope?: string | undefined;
}

/** Tokens are treated as expired this long before their stated expiry. */
export const EXPIRY_SKEW_MS = 30_000;

/**
 * The token lifecycle of spec §4:
 * - no token → `authorize` (clear, unauthenticated, start the authorization)
 * - access token valid → `use`
 * - access token expired, refresh token valid → `refresh` (a failed refresh or one without id_token clears)
 * - refresh token expired too (or none) → `clear`
 */
export type TokenDecision = 'authorize' | 'use' | 'refresh' | 'clear';

export function tokenLifecycle(record: TokenRecord | null | undefined, now: number): TokenDecision {
  if (!record?.id_token || !record.access_token) return 'authorize';
  const accessExpiresAt = record.createdAt + record.expires_in * 1000;
  if (now < accessExpiresAt - EXPIRY_SKEW_MS) return 'use';
  if (!record.refresh_token) return 'clear';
  // A provider that does not state the refresh token's lifetime decides itself when refreshing.
  if (record.refresh_token_expires_in === undefined) return 'refresh';
  const refreshExpiresAt = record.createdAt + record.refresh_token_expires_in * 1000;
  return now < refreshExpiresAt - EXPIRY_SKEW_MS ? 'refresh' : 'clear';
}

export function parseTokenRecord(raw: string | null): TokenRecord | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<TokenRecord>;
    if (
      typeof value.id_token !== 'string' ||
      typeof value.access_token !== 'string' ||
      typeof value.expires_in !== 'number' ||
      typeof value.createdAt !== 'number'
    ) {
      return null;
    }
    return value as TokenRecord;
  } catch {
    return null;
  }
}
