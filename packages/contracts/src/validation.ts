import { z } from 'zod';
import { deferred } from './deferred.ts';
import { pagedListSchema, pagedQuerySchema, uuidListQueryParam } from './paging.ts';
import { VALIDATION_SECTIONS } from './routes.ts';

const uuid = deferred(() => z.uuid({ error: 'expected a UUID' }));

/** Why a case was opened: joining a club, a change of name/birthdate/birthplace, the club's yearly data check. */
export const VALIDATION_REASONS = ['application', 'identityChange', 'yearlyCheck'] as const;
export const ValidationReasonSchema = deferred(() => z.enum(VALIDATION_REASONS));
export type ValidationReason = z.infer<typeof ValidationReasonSchema>;

/**
 * open → in_review (first section decided) → approved | corrections_requested (closed by a reviewer);
 * corrections_requested → resubmitted (by the person) → in_review → …
 */
export const VALIDATION_STATES = [
  'open',
  'in_review',
  'corrections_requested',
  'resubmitted',
  'approved',
] as const;
export const ValidationStateSchema = deferred(() => z.enum(VALIDATION_STATES));
export type ValidationState = z.infer<typeof ValidationStateSchema>;

export const ValidationSectionSchema = deferred(() => z.enum(VALIDATION_SECTIONS));

export const SECTION_DECISIONS = ['approved', 'correction'] as const;
export const SectionDecisionKindSchema = deferred(() => z.enum(SECTION_DECISIONS));
export type SectionDecisionKind = z.infer<typeof SectionDecisionKindSchema>;

export const SectionDecisionSchema = deferred(() =>
  z.object({
    section: ValidationSectionSchema,
    decision: SectionDecisionKindSchema,
    comment: z.string().nullable(),
    decidedAt: z.string(),
  }),
);
export type SectionDecision = z.infer<typeof SectionDecisionSchema>;

/** One case as a list shows it. */
export const ValidationCaseSummarySchema = deferred(() =>
  z.object({
    id: z.string(),
    tenantId: z.string(),
    tenantName: z.string(),
    personId: z.string(),
    personName: z.string(),
    reason: ValidationReasonSchema,
    state: ValidationStateSchema,
    version: z.number().int(),
    decidedSections: z.number().int(),
    correctionSections: z.array(ValidationSectionSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type ValidationCaseSummary = z.infer<typeof ValidationCaseSummarySchema>;

/** GET /me/profilevalidation (spec §7): paging, tenantId, state; newest first. */
export const ValidationQuerySchema = deferred(() =>
  pagedQuerySchema(['CreatedAt']).extend({
    tenantId: uuidListQueryParam,
    state: ValidationStateSchema.optional(),
  }),
);
export type ValidationQuery = z.infer<typeof ValidationQuerySchema>;

export const ValidationCaseListSchema = deferred(() =>
  pagedListSchema(ValidationCaseSummarySchema).extend({
    /** Cases per state over the reviewer's clubs (the tenantId filter applies, the state filter not). */
    counts: z.partialRecord(ValidationStateSchema, z.number().int()),
  }),
);
export type ValidationCaseList = z.infer<typeof ValidationCaseListSchema>;

const item = deferred(() => z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])));

/** What the reviewer sees of the person: only the data shared with this club or that the case requires. */
export const ValidationDataSchema = deferred(() =>
  z.object({
    profile: z.object({
      firstName: z.string(),
      lastName: z.string(),
      title: z.string().nullable(),
      gender: z.string(),
      birthdate: z.string().nullable(),
      birthplace: z.string().nullable(),
    }),
    address: z.array(item),
    mail: z.array(item),
    phone: z.array(item),
    confectioninformation: z.array(item),
    bank: z.array(item),
    miscellaneous: z.array(item),
    agb: z.object({
      termsVersion: z.string().nullable(),
      termsText: z.string().nullable(),
      acceptedAt: z.string().nullable(),
    }),
    clubs: z.object({
      roles: z.array(z.string()),
      requestedRoles: z.array(z.string()),
      message: z.string().nullable(),
    }),
  }),
);
export type ValidationData = z.infer<typeof ValidationDataSchema>;

export const ValidationCaseSchema = deferred(() =>
  ValidationCaseSummarySchema.extend({
    decisions: z.array(SectionDecisionSchema),
    data: ValidationDataSchema,
  }),
);
export type ValidationCase = z.infer<typeof ValidationCaseSchema>;

/** The person's own view of a case: state and the reviewer's decisions (not the data: it is theirs). */
export const MyValidationCaseSchema = deferred(() =>
  ValidationCaseSummarySchema.extend({
    decisions: z.array(SectionDecisionSchema),
  }),
);
export type MyValidationCase = z.infer<typeof MyValidationCaseSchema>;
export const MyValidationCaseListSchema = deferred(() =>
  z.object({ items: z.array(MyValidationCaseSchema) }),
);
export type MyValidationCaseList = z.infer<typeof MyValidationCaseListSchema>;

export const DecideSectionSchema = deferred(() =>
  z.object({
    decision: SectionDecisionKindSchema,
    comment: z.string().trim().max(2000).optional(),
    /** The case version the reviewer saw; another reviewer's decision in between answers 409. */
    version: z.number().int().min(1),
  }),
);
export type DecideSection = z.infer<typeof DecideSectionSchema>;

export const VersionBodySchema = deferred(() => z.object({ version: z.number().int().min(1) }));
export type VersionBody = z.infer<typeof VersionBodySchema>;

export const OpenCaseSchema = deferred(() =>
  z.object({
    personId: uuid,
    reason: z.enum(['identityChange', 'yearlyCheck']),
  }),
);
export type OpenCase = z.infer<typeof OpenCaseSchema>;

/** A person applies to join a club: through an invitation link's token, or a club that accepts applications. */
export const ApplySchema = deferred(() =>
  z
    .object({
      invitationToken: z.string().trim().min(8).max(100).optional(),
      tenantId: uuid.optional(),
      /** The terms version the person accepted (must be the club's current one). */
      termsVersion: z.string().trim().min(1).max(50),
      message: z.string().trim().max(2000).optional(),
    })
    .refine((v) => !!v.invitationToken !== !!v.tenantId, {
      message: 'give either invitationToken or tenantId',
    }),
);
export type Apply = z.infer<typeof ApplySchema>;

/** A club one may apply to, with its terms. */
export const JoinableClubSchema = deferred(() =>
  z.object({
    tenantId: z.string(),
    name: z.string(),
    termsVersion: z.string(),
    termsText: z.string(),
  }),
);
export type JoinableClub = z.infer<typeof JoinableClubSchema>;
export const JoinableClubListSchema = deferred(() => z.object({ items: z.array(JoinableClubSchema) }));
export type JoinableClubList = z.infer<typeof JoinableClubListSchema>;
export const JoinableClubQuerySchema = deferred(() =>
  z.object({ keyword: z.string().trim().max(200).optional() }),
);

export const InvitationSchema = deferred(() =>
  z.object({
    id: z.string(),
    tenantId: z.string(),
    token: z.string(),
    label: z.string().nullable(),
    createdAt: z.string(),
    revokedAt: z.string().nullable(),
  }),
);
export type Invitation = z.infer<typeof InvitationSchema>;
export const InvitationListSchema = deferred(() => z.object({ items: z.array(InvitationSchema) }));
export type InvitationList = z.infer<typeof InvitationListSchema>;
export const CreateInvitationSchema = deferred(() =>
  z.object({ label: z.string().trim().max(200).optional() }),
);
export type CreateInvitation = z.infer<typeof CreateInvitationSchema>;
