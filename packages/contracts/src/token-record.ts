import { z } from 'zod';
import { deferred } from './deferred.ts';

/**
 * The stored token record of spec §3 (createdAt in milliseconds). The web's backend-for-frontend keeps it per
 * browser session on the server; the native apps keep it in the device's secure storage (ADR 0009).
 */
export const TokenRecordSchema = deferred(() =>
  z.object({
    id_token: z.string().min(1),
    access_token: z.string().min(1),
    refresh_token: z.string().min(1).optional(),
    expires_in: z.number(),
    refresh_token_expires_in: z.number().optional(),
    createdAt: z.number(),
    scope: z.string().optional(),
  }),
);
export type TokenRecord = z.infer<typeof TokenRecordSchema>;

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

export function tokenLifecycle(
  record:
    | Pick<
        TokenRecord,
        | 'id_token'
        | 'access_token'
        | 'refresh_token'
        | 'expires_in'
        | 'refresh_token_expires_in'
        | 'createdAt'
      >
    | null
    | undefined,
  now: number,
): TokenDecision {
  if (!record?.id_token || !record.access_token) return 'authorize';
  const accessExpiresAt = record.createdAt + record.expires_in * 1000;
  if (now < accessExpiresAt - EXPIRY_SKEW_MS) return 'use';
  if (!record.refresh_token) return 'clear';
  // A provider that does not state the refresh token's lifetime decides itself when refreshing.
  if (record.refresh_token_expires_in === undefined) return 'refresh';
  const refreshExpiresAt = record.createdAt + record.refresh_token_expires_in * 1000;
  return now < refreshExpiresAt - EXPIRY_SKEW_MS ? 'refresh' : 'clear';
}

/** Parses a stored record leniently: anything that is not a usable record reads as none. */
export function parseTokenRecord(raw: string | null | undefined): TokenRecord | null {
  if (!raw) return null;
  try {
    const parsed = TokenRecordSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
