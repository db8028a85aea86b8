import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { EVENT_VISIBILITIES, PRICE_OPTION_KINDS, REGISTRATION_STATUSES } from '@vereinsheim/contracts';
import { persons, tenants } from './core.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

export const eventVisibilityEnum = pgEnum('event_visibility', EVENT_VISIBILITIES);
export const registrationStatusEnum = pgEnum('registration_status', REGISTRATION_STATUSES);
export const priceOptionKindEnum = pgEnum('price_option_kind', PRICE_OPTION_KINDS);

/** Global catalogue of disciplines (e.g. Rudern, Leichtathletik) used by the event filters. */
export const eventDisciplines = pgTable('event_disciplines', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
});

/** Global catalogue of divisions (age or performance classes). */
export const eventDivisions = pgTable('event_divisions', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
});

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id').references(() => persons.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    placeName: text('place_name'),
    street: text('street'),
    streetNumber: text('street_number'),
    zip: text('zip'),
    city: text('city'),
    country: text('country'),
    countryCode: text('country_code'),
    organiser: text('organiser'),
    registrationOpen: boolean('registration_open').notNull().default(true),
    /** Registration opens at this time (null: as soon as the event is published). */
    registrationStartsAt: ts('registration_starts_at'),
    registrationDeadline: ts('registration_deadline'),
    freeCancellationDeadline: ts('free_cancellation_deadline'),
    /** null: unlimited places. */
    maxParticipants: integer('max_participants'),
    maxWaiting: integer('max_waiting').notNull().default(0),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    /** Participants who agreed to it see a list of each other's names (ADR 0025). */
    showParticipants: boolean('show_participants').notNull().default(false),
    visibility: eventVisibilityEnum('visibility').notNull().default('members'),
    cancelled: boolean('cancelled').notNull().default(false),
    /**
     * Places taken (participating, requested) and waiting places, kept by statement triggers on
     * event_registrations (migration 0021, ADR 0032): a registration reads them from the row it locks.
     */
    placeCount: integer('place_count').notNull().default(0),
    waitingCount: integer('waiting_count').notNull().default(0),
    /**
     * What a list shows of the event's catalogue links and contract, kept by statement triggers on the link,
     * catalogue, contract and price-option tables (migration 0025, ADR 0035): the disciplines and divisions
     * (id, name; by name), the contract and the cheapest base price. A page of events reads them with its rows
     * instead of four correlated subqueries per event.
     */
    disciplineList: jsonb('discipline_list')
      .$type<{ id: string; name: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    divisionList: jsonb('division_list')
      .$type<{ id: string; name: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    contractId: uuid('contract_id'),
    fee: jsonb('fee').$type<{ amount: number | string; currency: string }>(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('events_tenant_start_idx').on(t.tenantId, t.startsAt),
    index('events_start_idx').on(t.startsAt),
  ],
);

export const eventDisciplineLinks = pgTable(
  'event_discipline_links',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    disciplineId: uuid('discipline_id')
      .notNull()
      .references(() => eventDisciplines.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.disciplineId] }),
    index('event_discipline_links_d_idx').on(t.disciplineId),
  ],
);

export const eventDivisionLinks = pgTable(
  'event_division_links',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    divisionId: uuid('division_id')
      .notNull()
      .references(() => eventDivisions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.divisionId] }),
    index('event_division_links_d_idx').on(t.divisionId),
  ],
);

/** Files attached to an event: metadata here, bytes in the file store as events/<eventId>/<storageKey> (ADR 0015). */
export const eventDocuments = pgTable(
  'event_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Generated name of the stored file (never derived from user input). */
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('event_documents_event_idx').on(t.eventId)],
);

export const eventContactPersons = pgTable(
  'event_contact_persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role'),
    email: text('email'),
    phone: text('phone'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('event_contact_persons_event_idx').on(t.eventId)],
);

/** The event's contract (spec: Contract with foreignKeyId = event id and price.prices). */
export const eventContracts = pgTable('event_contracts', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  eventId: uuid('event_id')
    .notNull()
    .unique()
    .references(() => events.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const eventPriceOptions = pgTable(
  'event_price_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => eventContracts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    kind: priceOptionKindEnum('kind').notNull(),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('EUR'),
    required: boolean('required').notNull().default(false),
    group: text('group'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('event_price_options_contract_idx').on(t.contractId)],
);

export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    status: registrationStatusEnum('status').notNull(),
    priceOptionIds: jsonb('price_option_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The person agreed to be named in the event's participant list ('Meinen Namen … zeigen'). */
    showInParticipantList: boolean('show_in_participant_list').notNull().default(false),
    /** Set (clock_timestamp) when the place or waiting place was taken; orders the waiting list. */
    registeredAt: ts('registered_at').notNull().defaultNow(),
    cancelledAt: ts('cancelled_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_registrations_event_person_uq').on(t.eventId, t.personId),
    index('event_registrations_event_status_idx').on(t.eventId, t.status, t.registeredAt),
    index('event_registrations_person_idx').on(t.personId),
  ],
);

/** Every status change of a registration, with who caused it and why. */
export const eventRegistrationHistory = pgTable(
  'event_registration_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => eventRegistrations.id, { onDelete: 'cascade' }),
    status: registrationStatusEnum('status').notNull(),
    /** registered | cancelled | promoted | notified … */
    reason: text('reason').notNull(),
    note: text('note'),
    actorPersonId: uuid('actor_person_id').references(() => persons.id, { onDelete: 'set null' }),
    at: ts('at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('event_registration_history_reg_idx').on(t.registrationId)],
);

/** A person's secret calendar feed token (GET /api/calendar/{token}.ics); renewing replaces it. */
export const calendarFeeds = pgTable('calendar_feeds', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
});
