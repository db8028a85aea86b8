import { z } from 'zod';

/** The word a member types to confirm account deletion. */
export const ACCOUNT_DELETION_CONFIRMATION = 'LÖSCHEN';

export const DeleteAccountInputSchema = z.object({
  confirmation: z
    .string({ error: `type ${ACCOUNT_DELETION_CONFIRMATION} to confirm` })
    .refine(
      (v) => v.trim().toUpperCase() === ACCOUNT_DELETION_CONFIRMATION,
      `type ${ACCOUNT_DELETION_CONFIRMATION} to confirm`,
    ),
});

/** GET /api/me/export: everything stored about the person (GDPR Art. 15/20). */
export const AccountExportSchema = z
  .object({
    exportedAt: z.string(),
    format: z.literal('vereinsheim-export/1'),
    person: z.record(z.string(), z.unknown()),
  })
  .catchall(z.unknown());
export type AccountExport = z.infer<typeof AccountExportSchema>;
