import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { GENDERS, MEMBERSHIP_ROLES, type ThemeInfo } from '@vereinsheim/contracts';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const genderEnum = pgEnum('gender', GENDERS);
export const membershipRoleEnum = pgEnum('membership_role', MEMBERSHIP_ROLES);

/** Clubs and associations. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  primaryUrl: text('primary_url'),
  avatarImageUrl: text('avatar_image_url'),
  logoUrl: text('logo_url'),
  headerImageUrl: text('header_image_url'),
  themeInfos: jsonb('theme_infos')
    .$type<ThemeInfo[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** The club as an invoice issuer (§ 14 Abs. 4 UStG, ADR 0026): address, tax number or VAT id, bank account. */
  street: text('street'),
  city: text('city'),
  taxNumber: text('tax_number'),
  vatId: text('vat_id'),
  bankAccountOwner: text('bank_account_owner'),
  bankIban: text('bank_iban'),
  bankBic: text('bank_bic'),
  bankName: text('bank_name'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const persons = pgTable(
  'persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title'),
    gender: genderEnum('gender').notNull().default('noinformation'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthdate: date('birthdate', { mode: 'string' }),
    birthplace: text('birthplace'),
    avatarImageUrl: text('avatar_image_url'),
    internAvatarImageUrl: text('intern_avatar_image_url'),
    externAvatarImageUrl: text('extern_avatar_image_url'),
    headerImageUrl: text('header_image_url'),
    setupCompleted: boolean('setup_completed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('persons_last_name_idx').on(t.lastName)],
);

/** person × tenant × role, with start and end dates. */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    role: membershipRoleEnum('role').notNull(),
    startsOn: date('starts_on', { mode: 'string' })
      .notNull()
      .default(sql`CURRENT_DATE`),
    endsOn: date('ends_on', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    /** Dated roles (ADR 0019): one open row per person, club and role; ended rows are the history. */
    uniqueIndex('memberships_person_tenant_role_uq')
      .on(t.personId, t.tenantId, t.role)
      .where(sql`${t.endsOn} is null`),
    index('memberships_tenant_idx').on(t.tenantId),
    /**
     * The actor's scope on every request (`ends_on is null or ends_on >= today`) cannot use the partial unique
     * index above; without this one it scanned all memberships (90 ms at 1 M persons; issue 14 §3).
     */
    index('memberships_person_idx').on(t.personId),
  ],
);

/** Links a provider's subject (issuer + sub) to a person: the spec's b2cId. */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('identities_issuer_subject_uq').on(t.issuer, t.subject),
    index('identities_person_idx').on(t.personId),
  ],
);

export const approvalKindEnum = pgEnum('approval_kind', ['privacy', 'terms']);

/** A person's privacy and terms approvals, per club. */
export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: approvalKindEnum('kind').notNull(),
    version: text('version').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('approvals_person_tenant_kind_uq').on(t.personId, t.tenantId, t.kind)],
);
