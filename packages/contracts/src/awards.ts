import { z } from 'zod';
import { deferred } from './deferred.ts';
import { pagedListSchema, pagedQuerySchema, uuidListQueryParam } from './paging.ts';

/** Days before validUntil during which a licence or qualification counts as expiring. */
export const EXPIRING_WITHIN_DAYS = 90;

export const CREDENTIAL_STATUSES = ['valid', 'expiring', 'expired'] as const;
export const CredentialStatusSchema = deferred(() => z.enum(CREDENTIAL_STATUSES));
export type CredentialStatus = z.infer<typeof CredentialStatusSchema>;

/** GET /api/me/license, /api/me/qualification, /api/me/honor: paging and tenantId; ordered by CreatedAt. */
export const AwardsQuerySchema = deferred(() =>
  pagedQuerySchema(['CreatedAt']).extend({ tenantId: uuidListQueryParam }),
);
export type AwardsQuery = z.infer<typeof AwardsQuerySchema>;

/** A licence or a qualification. */
export const CredentialSchema = deferred(() =>
  z.object({
    id: z.string(),
    tenantId: z.string(),
    tenantName: z.string(),
    name: z.string(),
    issuer: z.string().describe('the club or umbrella association that issued it'),
    number: z.string().nullable(),
    level: z.string().nullable(),
    validFrom: z.string().describe('YYYY-MM-DD'),
    validUntil: z.string().nullable().describe('YYYY-MM-DD; null = unlimited'),
    status: CredentialStatusSchema,
    createdAt: z.string(),
  }),
);
export type Credential = z.infer<typeof CredentialSchema>;
export const CredentialListSchema = deferred(() => pagedListSchema(CredentialSchema));
export type CredentialList = z.infer<typeof CredentialListSchema>;

export const HonorSchema = deferred(() =>
  z.object({
    id: z.string(),
    tenantId: z.string(),
    tenantName: z.string(),
    name: z.string(),
    awardedOn: z.string().describe('YYYY-MM-DD'),
    awardingBody: z.string(),
    description: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type Honor = z.infer<typeof HonorSchema>;
export const HonorListSchema = deferred(() => pagedListSchema(HonorSchema));
export type HonorList = z.infer<typeof HonorListSchema>;

const DAY_MS = 86_400_000;

function dayNumber(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

/**
 * Status of a licence or qualification on `today` (YYYY-MM-DD): expired after validUntil,
 * expiring when validUntil is at most 90 days away, else valid. No end date = valid.
 */
export function credentialStatus(validUntil: string | null, today: string): CredentialStatus {
  if (!validUntil) return 'valid';
  const left = dayNumber(validUntil) - dayNumber(today);
  if (left < 0) return 'expired';
  if (left <= EXPIRING_WITHIN_DAYS) return 'expiring';
  return 'valid';
}
