import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  SECTION_DECISIONS,
  VALIDATION_REASONS,
  VALIDATION_SECTIONS,
  VALIDATION_STATES,
  type MembershipRole,
} from '@vereinsheim/contracts';
import { persons, tenants } from './core.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const validationReasonEnum = pgEnum('validation_reason', VALIDATION_REASONS);
export const validationStateEnum = pgEnum('validation_state', VALIDATION_STATES);
export const validationSectionEnum = pgEnum('validation_section', VALIDATION_SECTIONS);
export const sectionDecisionEnum = pgEnum('validation_section_decision', SECTION_DECISIONS);

/** Per club: whether it takes applications from its list, and its terms (AGB and privacy notice) with version. */
export const validationClubSettings = pgTable('validation_club_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  acceptsApplications: boolean('accepts_applications').notNull().default(false),
  /** A member's change of name, birthdate or birthplace opens an identity-change case here. */
  reviewsIdentityChanges: boolean('reviews_identity_changes').notNull().default(false),
  termsVersion: text('terms_version').notNull().default('1'),
  termsText: text('terms_text').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One validation case: one person, one club; `version` serialises concurrent reviewers. */
export const validationCases = pgTable(
  'validation_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    reason: validationReasonEnum('reason').notNull(),
    state: validationStateEnum('state').notNull().default('open'),
    version: integer('version').notNull().default(1),
    requestedRoles: jsonb('requested_roles')
      .$type<MembershipRole[]>()
      .notNull()
      .default(sql`'["member"]'::jsonb`),
    message: text('message'),
    termsVersion: text('terms_version'),
    termsText: text('terms_text'),
    termsAcceptedAt: ts('terms_accepted_at'),
    invitationId: uuid('invitation_id'),
    closedBy: uuid('closed_by').references(() => persons.id, { onDelete: 'set null' }),
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('validation_cases_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('validation_cases_person_idx').on(t.personId),
  ],
);

/** The current decision per section of a case (a resubmission clears the corrections). */
export const validationDecisions = pgTable(
  'validation_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => validationCases.id, { onDelete: 'cascade' }),
    section: validationSectionEnum('section').notNull(),
    decision: sectionDecisionEnum('decision').notNull(),
    comment: text('comment'),
    reviewerPersonId: uuid('reviewer_person_id').references(() => persons.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('validation_decisions_case_section_uq').on(t.caseId, t.section)],
);

/** A club's shareable invitation link: its token leads into the join flow until revoked. */
export const clubInvitations = pgTable(
  'club_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    label: text('label'),
    createdBy: uuid('created_by').references(() => persons.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('club_invitations_token_uq').on(t.token),
    index('club_invitations_tenant_idx').on(t.tenantId),
  ],
);
