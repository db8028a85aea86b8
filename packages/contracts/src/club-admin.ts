import { z } from 'zod';
import { deferred } from './deferred.ts';
import { MembershipRoleSchema } from './enums.ts';
import { fieldError } from './field-errors.ts';
import { InvoiceStatusSchema } from './invoice.ts';
import { PagedQuerySchema, pagedListSchema } from './paging.ts';

/** The club side (ADR 0019): members and invoices managed by a club's admins and committee. */

const isoDate = deferred(() => z.iso.date());

export const ClubParamsSchema = deferred(() => z.object({ tenantId: z.uuid() }));
export const ClubMemberParamsSchema = deferred(() => z.object({ tenantId: z.uuid(), personId: z.uuid() }));
export const ClubMemberRoleParamsSchema = deferred(() =>
  z.object({
    tenantId: z.uuid(),
    personId: z.uuid(),
    roleId: z.uuid(),
  }),
);
export const ClubInvoiceParamsSchema = deferred(() => z.object({ tenantId: z.uuid(), invoiceId: z.uuid() }));

/** One dated role of a member (hitobito-style): valid from `startsOn` to `endsOn` (inclusive; null: open). */
export const MemberRoleSchema = deferred(() =>
  z.object({
    id: z.uuid(),
    role: MembershipRoleSchema,
    startsOn: isoDate,
    endsOn: isoDate.nullable(),
    active: z.boolean(),
  }),
);
export type MemberRole = z.infer<typeof MemberRoleSchema>;

/** A member as the club's internal view shows them: name, roles and only the contact data shared intern. */
export const ClubMemberSchema = deferred(() =>
  z.object({
    personId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    /** E-mail addresses and phone numbers the person shares with this club's internal view. */
    emails: z.array(z.string()),
    phones: z.array(z.string()),
    roles: z.array(MemberRoleSchema),
    active: z.boolean(),
  }),
);
export type ClubMember = z.infer<typeof ClubMemberSchema>;

export const ClubMemberQuerySchema = deferred(() =>
  PagedQuerySchema.extend({
    /** Also former members (no active role). */
    includeEnded: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  }),
);
export type ClubMemberQuery = z.infer<typeof ClubMemberQuerySchema>;
export const ClubMemberListSchema = deferred(() => pagedListSchema(ClubMemberSchema));
export type ClubMemberList = z.infer<typeof ClubMemberListSchema>;

/**
 * GET /tenants/{tenantId}/members/search: the club's current members by name, for picking a recipient or a
 * participant (committee, organisers, admins). Names only: no contact data, no roles.
 */
export const MemberSearchQuerySchema = deferred(() =>
  z.object({ keyword: z.string().trim().min(2).max(100) }),
);
export const MemberSearchResultSchema = deferred(() =>
  z.object({
    items: z.array(z.object({ personId: z.uuid(), firstName: z.string(), lastName: z.string() })),
  }),
);
export type MemberSearchResult = z.infer<typeof MemberSearchResultSchema>;
export const MEMBER_SEARCH_LIMIT = 10;

export const AddMemberRoleSchema = deferred(() =>
  z.object({
    role: MembershipRoleSchema,
    startsOn: isoDate.optional(),
    endsOn: isoDate.nullable().optional(),
  }),
);
export type AddMemberRole = z.infer<typeof AddMemberRoleSchema>;

export const EndDateSchema = deferred(() => z.object({ endsOn: isoDate.optional() }));
export type EndDate = z.infer<typeof EndDateSchema>;

export const MemberImportSchema = deferred(() =>
  z.object({
    /** The CSV file's text (UTF-8; `;` or `,` separated; German or English headers). */
    csv: z.string().min(1).max(2_000_000),
    /** true: only check and preview, nothing is written. */
    dryRun: z.boolean(),
  }),
);
export type MemberImport = z.infer<typeof MemberImportSchema>;

export const ImportRowSchema = deferred(() =>
  z.object({
    line: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    birthdate: z.string(),
    /** new: a person is created; existing: matched by e-mail and birthdate; error: skipped. */
    /** `reopened`: a former member of the club, who gets a new `member` role from today. */
    outcome: z.enum(['new', 'existing', 'reopened', 'error']),
    errors: z.array(z.object({ field: z.string(), message: z.string() })),
  }),
);
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const MemberImportResultSchema = deferred(() =>
  z.object({
    dryRun: z.boolean(),
    rows: z.array(ImportRowSchema),
    created: z.number().int(),
    matched: z.number().int(),
    /** Former members whose membership starts again today. */
    reopened: z.number().int(),
    failed: z.number().int(),
  }),
);
export type MemberImportResult = z.infer<typeof MemberImportResultSchema>;

// ------------------------------------------------------------------ invoices

export const InvoiceLineInputSchema = deferred(() =>
  z
    .object({
      description: z.string().trim().min(1).max(200),
      quantity: z.number().int().min(1).max(10_000),
      unitPriceCents: z.number().int().min(0).max(100_000_000),
      vatRatePercent: z.number().min(0).max(100),
      /** Required for a 0 % line (§ 14 Abs. 4 Nr. 8 UStG), e.g. 'nicht steuerbarer Mitgliedsbeitrag'. */
      vatExemptionReason: z.string().trim().max(200, fieldError('tooLong', 200)).optional(),
    })
    .refine((l) => l.vatRatePercent > 0 || (l.vatExemptionReason ?? '') !== '', {
      message: fieldError('required'),
      path: ['vatExemptionReason'],
    }),
);

/** Recipients: named members, or every active member holding a role or in a team (a fee run). */
export const IssueInvoicesSchema = deferred(() =>
  z
    .object({
      personIds: z.array(z.uuid()).max(1000).optional(),
      role: MembershipRoleSchema.optional(),
      teamId: z.uuid().optional(),
      title: z.string().trim().min(1).max(200),
      dueDate: isoDate,
      /** Date of the service, or the first day of the service period; the invoice date when left out. */
      serviceDateFrom: isoDate.optional(),
      serviceDateTill: isoDate.optional(),
      lines: z.array(InvoiceLineInputSchema).min(1).max(50),
    })
    .refine(
      (v) =>
        !v.serviceDateTill || (v.serviceDateFrom !== undefined && v.serviceDateFrom <= v.serviceDateTill),
      {
        message: fieldError('invalid'),
        path: ['serviceDateTill'],
      },
    )
    .refine(
      (v) => [v.personIds?.length ? 1 : 0, v.role ? 1 : 0, v.teamId ? 1 : 0].reduce((a, b) => a + b) === 1,
      {
        message: 'exactly one of personIds, role, teamId',
        path: ['personIds'],
      },
    ),
);
export type IssueInvoices = z.infer<typeof IssueInvoicesSchema>;

export const ClubInvoiceSchema = deferred(() =>
  z.object({
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
  }),
);
export type ClubInvoice = z.infer<typeof ClubInvoiceSchema>;

export const ClubInvoiceQuerySchema = deferred(() =>
  PagedQuerySchema.extend({ status: InvoiceStatusSchema.optional() }),
);
export type ClubInvoiceQuery = z.infer<typeof ClubInvoiceQuerySchema>;
export const ClubInvoiceListSchema = deferred(() => pagedListSchema(ClubInvoiceSchema));
export type ClubInvoiceList = z.infer<typeof ClubInvoiceListSchema>;

export const IssueInvoicesResultSchema = deferred(() =>
  z.object({
    issued: z.array(ClubInvoiceSchema),
    /** The invoices carry a GiroCode: the club has bank details (ADR 0026). */
    girocode: z.boolean(),
  }),
);
export type IssueInvoicesResult = z.infer<typeof IssueInvoicesResultSchema>;

export const MarkPaidSchema = deferred(() => z.object({ paidOn: isoDate.optional() }));
export type MarkPaid = z.infer<typeof MarkPaidSchema>;

// ------------------------------------------------------------------ club settings (ADR 0026)

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const settingsText = (max: number) =>
  z.preprocess(blank, z.string().trim().max(max, fieldError('tooLong', max)).nullish());

/**
 * What a club's invoices need (§ 14 Abs. 4 UStG): its address, Steuernummer or USt-IdNr., and the bank account
 * members pay to (GiroCode). The server checks the IBAN and BIC and fills BIC and bank name from a German IBAN.
 */
export const ClubSettingsInputSchema = deferred(() =>
  z.object({
    street: settingsText(120),
    city: settingsText(120),
    taxNumber: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .regex(/^[0-9][0-9 /]{8,18}[0-9]$/, fieldError('invalidFormat'))
        .nullish(),
    ),
    vatId: z.preprocess(
      (v) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() || null : v),
      z
        .string()
        .regex(/^[A-Z]{2}[0-9A-Z+*]{2,12}$/, fieldError('invalidFormat'))
        .nullish(),
    ),
    bankAccountOwner: settingsText(70),
    bankIban: z.preprocess(blank, z.string().max(42, fieldError('tooLong', 42)).nullish()),
    bankBic: z.preprocess(blank, z.string().max(11, fieldError('tooLong', 11)).nullish()),
    bankName: settingsText(120),
  }),
);
export type ClubSettingsInput = z.infer<typeof ClubSettingsInputSchema>;

export const ClubSettingsSchema = deferred(() =>
  z.object({
    tenantId: z.uuid(),
    name: z.string(),
    street: z.string().nullable(),
    city: z.string().nullable(),
    taxNumber: z.string().nullable(),
    vatId: z.string().nullable(),
    bankAccountOwner: z.string().nullable(),
    bankIban: z.string().nullable().describe('electronic format'),
    bankBic: z.string().nullable(),
    bankName: z.string().nullable(),
    /** Invoices the club issues carry a GiroCode (owner and valid IBAN present). */
    girocode: z.boolean(),
    /** Address and a tax number or VAT id present, as § 14 Abs. 4 UStG requires on an invoice. */
    invoiceDataComplete: z.boolean(),
  }),
);
export type ClubSettings = z.infer<typeof ClubSettingsSchema>;
