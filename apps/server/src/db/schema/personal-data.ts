import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CLOTHING_PART_TYPES, MEDICAL_TYPES, PERSONAL_ITEM_KINDS, PHONE_TYPES } from '@vereinsheim/contracts';
import { persons, tenants } from './core.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Columns every personal-data item has: the owner, who entered it, and when. */
const itemColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  personId: uuid('person_id')
    .notNull()
    .references(() => persons.id, { onDelete: 'cascade' }),
  createdBy: uuid('created_by').references(() => persons.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const personalItemKindEnum = pgEnum('personal_item_kind', PERSONAL_ITEM_KINDS);
export const phoneTypeEnum = pgEnum('phone_type', PHONE_TYPES);
export const clothingPartTypeEnum = pgEnum('clothing_part_type', CLOTHING_PART_TYPES);
export const medicalTypeEnum = pgEnum('medical_type', MEDICAL_TYPES);

export const addresses = pgTable(
  'addresses',
  {
    ...itemColumns(),
    street: text('street').notNull(),
    streetNumber: text('street_number'),
    addition: text('addition'),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    country: text('country'),
    countryCode: text('country_code').notNull().default('DE'),
    description: text('description'),
  },
  (t) => [index('addresses_person_idx').on(t.personId, t.createdAt)],
);

export const mailAddresses = pgTable(
  'mail_addresses',
  {
    ...itemColumns(),
    email: text('email').notNull(),
    description: text('description'),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('mail_addresses_person_idx').on(t.personId, t.createdAt)],
);

export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    ...itemColumns(),
    number: text('number').notNull(),
    type: phoneTypeEnum('type').notNull().default('mobile'),
    description: text('description'),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('phone_numbers_person_idx').on(t.personId, t.createdAt)],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    ...itemColumns(),
    iban: text('iban').notNull(),
    bic: text('bic'),
    bankcode: text('bankcode'),
    name: text('name'),
    description: text('description'),
    accountOwner: text('account_owner'),
    bank: text('bank'),
    city: text('city'),
    zip: text('zip'),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('bank_accounts_person_idx').on(t.personId, t.createdAt)],
);

export const confectionInformations = pgTable(
  'confection_informations',
  {
    ...itemColumns(),
    confectionSize: doublePrecision('confection_size').notNull(),
    clothingPartType: clothingPartTypeEnum('clothing_part_type').notNull(),
    name: text('name'),
  },
  (t) => [index('confection_informations_person_idx').on(t.personId, t.createdAt)],
);

export const medicalInformations = pgTable(
  'medical_informations',
  {
    ...itemColumns(),
    type: medicalTypeEnum('type').notNull(),
    name: text('name').notNull(),
    description: text('description'),
  },
  (t) => [index('medical_informations_person_idx').on(t.personId, t.createdAt)],
);

export const additionalInformations = pgTable(
  'additional_informations',
  {
    ...itemColumns(),
    name: text('name').notNull(),
    description: text('description').notNull(),
  },
  (t) => [index('additional_informations_person_idx').on(t.personId, t.createdAt)],
);

/**
 * Which club holds which item in which view (spec: scopedSharingTenants). The item is referenced by
 * kind + id (one table per kind); the service removes these rows with the item.
 */
export const itemSharing = pgTable(
  'item_sharing',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    itemKind: personalItemKindEnum('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    isDefault: boolean('is_default').notNull().default(false),
    intern: boolean('intern').notNull().default(false),
    extern: boolean('extern').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    lockedReason: text('locked_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('item_sharing_item_tenant_uq').on(t.itemKind, t.itemId, t.tenantId),
    index('item_sharing_person_idx').on(t.personId),
    index('item_sharing_tenant_idx').on(t.tenantId),
  ],
);

/** The activity log: every change to personal data (and invoices) in the same transaction. */
export const logMessages = pgTable(
  'log_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Whose data changed. */
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    actorPersonId: uuid('actor_person_id').references(() => persons.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityKind: text('entity_kind').notNull(),
    entityId: uuid('entity_id'),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    /** The entry's text key and parameters, rendered in the reader's language (src/locales, `log.*`). */
    summaryKey: text('summary_key').notNull(),
    summaryParams: jsonb('summary_params').$type<Record<string, unknown>>().notNull().default({}),
    changes: jsonb('changes')
      .$type<{ field: string; old: string | null; new: string | null }[]>()
      .notNull()
      .default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('log_messages_person_created_idx').on(t.personId, t.createdAt)],
);

/** Files written to the file store, owned by a person (deleted with them). */
export const storedFiles = pgTable(
  'stored_files',
  {
    name: text('name').primaryKey(),
    personId: uuid('person_id').references(() => persons.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('stored_files_person_idx').on(t.personId)],
);

/** A person's avatar per scope (0 default, 1 extern, 2 intern), generally (tenant null) or per club. */
export const personImages = pgTable(
  'person_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    scope: smallint('scope').notNull(),
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('person_images_person_tenant_scope_uq').on(t.personId, t.tenantId, t.scope).nullsNotDistinct(),
  ],
);
