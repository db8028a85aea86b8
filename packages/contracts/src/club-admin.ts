import { z } from 'zod';
import { MembershipRoleSchema } from './enums.ts';
import { InvoiceStatusSchema } from './invoice.ts';
import { PagedQuerySchema, pagedListSchema } from './paging.ts';

/** The club side (ADR 0019): members and invoices managed by a club's admins and committee. */

const isoDate = z.iso.date();

export const ClubParamsSchema = z.object({ tenantId: z.uuid() });
export const ClubMemberParamsSchema = z.object({ tenantId: z.uuid(), personId: z.uuid() });
export const ClubMemberRoleParamsSchema = z.object({
  tenantId: z.uuid(),
  personId: z.uuid(),
  roleId: z.uuid(),
});
export const ClubInvoiceParamsSchema = z.object({ tenantId: z.uuid(), invoiceId: z.uuid() });

/** One dated role of a member (hitobito-style): valid from `startsOn` to `endsOn` (inclusive; null: open). */
export const MemberRoleSchema = z.object({
  id: z.uuid(),
  role: MembershipRoleSchema,
  startsOn: isoDate,
  endsOn: isoDate.nullable(),
  active: z.boolean(),
});
export type MemberRole = z.infer<typeof MemberRoleSchema>;

/** A member as the club's internal view shows them: name, roles and only the contact data shared intern. */
export const ClubMemberSchema = z.object({
  personId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  /** E-mail addresses and phone numbers the person shares with this club's internal view. */
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  roles: z.array(MemberRoleSchema),
  active: z.boolean(),
});
export type ClubMember = z.infer<typeof ClubMemberSchema>;

export const ClubMemberQuerySchema = PagedQuerySchema.extend({
  /** Also former members (no active role). */
  includeEnded: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type ClubMemberQuery = z.infer<typeof ClubMemberQuerySchema>;
export const ClubMemberListSchema = pagedListSchema(ClubMemberSchema);
export type ClubMemberList = z.infer<typeof ClubMemberListSchema>;

/**
 * GET /tenants/{tenantId}/members/search: the club's current members by name, for picking a recipient or a
 * participant (committee, organisers, admins). Names only: no contact data, no roles.
 */
export const MemberSearchQuerySchema = z.object({ keyword: z.string().trim().min(2).max(100) });
export const MemberSearchResultSchema = z.object({
  items: z.array(z.object({ personId: z.uuid(), firstName: z.string(), lastName: z.string() })),
});
export type MemberSearchResult = z.infer<typeof MemberSearchResultSchema>;
export const MEMBER_SEARCH_LIMIT = 10;

export const AddMemberRoleSchema = z.object({
  role: MembershipRoleSchema,
  startsOn: isoDate.optional(),
  endsOn: isoDate.nullable().optional(),
});
export type AddMemberRole = z.infer<typeof AddMemberRoleSchema>;

export const EndDateSchema = z.object({ endsOn: isoDate.optional() });
export type EndDate = z.infer<typeof EndDateSchema>;

export const MemberImportSchema = z.object({
  /** The CSV file's text (UTF-8; `;` or `,` separated; German or English headers). */
  csv: z.string().min(1).max(2_000_000),
  /** true: only check and preview, nothing is written. */
  dryRun: z.boolean(),
});
export type MemberImport = z.infer<typeof MemberImportSchema>;

export const ImportRowSchema = z.object({
  line: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  birthdate: z.string(),
  /** new: a person is created; existing: matched by e-mail and birthdate; error: skipped. */
  /** `reopened`: a former member of the club, who gets a new `member` role from today. */
  outcome: z.enum(['new', 'existing', 'reopened', 'error']),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const MemberImportResultSchema = z.object({
  dryRun: z.boolean(),
  rows: z.array(ImportRowSchema),
  created: z.number().int(),
  matched: z.number().int(),
  /** Former members whose membership starts again today. */
  reopened: z.number().int(),
  failed: z.number().int(),
});
export type MemberImportResult = z.infer<typeof MemberImportResultSchema>;

// ------------------------------------------------------------------ invoices

export const InvoiceLineInputSchema = z.object({
  description: z.string().trim().min(1).max(200),
  quantity: z.number().int().min(1).max(10_000),
  unitPriceCents: z.number().int().min(0).max(100_000_000),
  vatRatePercent: z.number().min(0).max(100),
});

/** Recipients: named members, or every active member holding a role or in a team (a fee run). */
export const IssueInvoicesSchema = z
  .object({
    personIds: z.array(z.uuid()).max(1000).optional(),
    role: MembershipRoleSchema.optional(),
    teamId: z.uuid().optional(),
    title: z.string().trim().min(1).max(200),
    dueDate: isoDate,
    lines: z.array(InvoiceLineInputSchema).min(1).max(50),
  })
  .refine(
    (v) => [v.personIds?.length ? 1 : 0, v.role ? 1 : 0, v.teamId ? 1 : 0].reduce((a, b) => a + b) === 1,
    {
      message: 'exactly one of personIds, role, teamId',
      path: ['personIds'],
    },
  );
export type IssueInvoices = z.infer<typeof IssueInvoicesSchema>;

export const ClubInvoiceSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  title: z.string(),
  personId: z.uuid().nullable(),
  recipientName: z.string(),
  invoiceDate: isoDate,
  dueDate: isoDate.nullable(),
  status: InvoiceStatusSchema,
  paidOn: isoDate.nullable(),
  grossCents: z.number().int(),
  reminderCount: z.number().int(),
  lastReminderOn: isoDate.nullable(),
});
export type ClubInvoice = z.infer<typeof ClubInvoiceSchema>;

export const ClubInvoiceQuerySchema = PagedQuerySchema.extend({ status: InvoiceStatusSchema.optional() });
export type ClubInvoiceQuery = z.infer<typeof ClubInvoiceQuerySchema>;
export const ClubInvoiceListSchema = pagedListSchema(ClubInvoiceSchema);
export type ClubInvoiceList = z.infer<typeof ClubInvoiceListSchema>;

export const IssueInvoicesResultSchema = z.object({ issued: z.array(ClubInvoiceSchema) });
export type IssueInvoicesResult = z.infer<typeof IssueInvoicesResultSchema>;

export const MarkPaidSchema = z.object({ paidOn: isoDate.optional() });
export type MarkPaid = z.infer<typeof MarkPaidSchema>;
