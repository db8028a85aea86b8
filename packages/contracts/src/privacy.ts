import { z } from 'zod';
import { deferred } from './deferred.ts';

export const APPROVAL_KINDS = ['privacy', 'terms'] as const;
export const ApprovalKindSchema = deferred(() => z.enum(APPROVAL_KINDS));
export type ApprovalKind = z.infer<typeof ApprovalKindSchema>;

/** The version of the privacy notice and the terms a new approval records. */
export const CURRENT_APPROVAL_VERSION = '2025-01';

/** One club's privacy notice or terms, and whether the person approved them. */
export const ApprovalSchema = deferred(() =>
  z.object({
    tenantId: z.string(),
    tenantName: z.string(),
    kind: ApprovalKindSchema,
    approved: z.boolean(),
    version: z.string().nullable().describe('the approved version'),
    currentVersion: z.string(),
    approvedAt: z.string().nullable().describe('ISO timestamp'),
  }),
);
export type Approval = z.infer<typeof ApprovalSchema>;
export const ApprovalListSchema = deferred(() => z.array(ApprovalSchema));

export const ApproveInputSchema = deferred(() =>
  z.object({
    tenantId: z.uuid({ error: 'expected a club id' }),
    kind: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), ApprovalKindSchema),
  }),
);
