import { z } from 'zod';
import { deferred } from './deferred.ts';

/** The word a member types to confirm account deletion. */
export const ACCOUNT_DELETION_CONFIRMATION = 'LÖSCHEN';

/**
 * DELETE /api/me needs a sign-in at most this old (the access token's auth_time). An older one answers
 * 401 problem+json of type FRESH_SIGN_IN_REQUIRED with the RFC 9470 challenge
 * `Bearer error="insufficient_user_authentication", max_age="300"`: the client signs in again with
 * max_age=0 (prompt=login) and retries.
 */
export const FRESH_SIGN_IN_MAX_AGE_SECONDS = 300;
export const FRESH_SIGN_IN_REQUIRED = 'urn:vereinsheim:problem:fresh-sign-in-required';

export const DeleteAccountInputSchema = deferred(() =>
  z.object({
    confirmation: z
      .string({ error: `type ${ACCOUNT_DELETION_CONFIRMATION} to confirm` })
      .refine(
        (v) => v.trim().toUpperCase() === ACCOUNT_DELETION_CONFIRMATION,
        `type ${ACCOUNT_DELETION_CONFIRMATION} to confirm`,
      ),
  }),
);

/** GET /api/me/export: everything stored about the person (GDPR Art. 15/20). */
export const AccountExportSchema = deferred(() =>
  z
    .object({
      exportedAt: z.string(),
      format: z.literal('vereinsheim-export/1'),
      person: z.record(z.string(), z.unknown()),
    })
    .catchall(z.unknown()),
);
export type AccountExport = z.infer<typeof AccountExportSchema>;
