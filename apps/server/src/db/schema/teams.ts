import {
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TEAM_MEMBER_ROLES } from '@vereinsheim/contracts';
import { persons, tenants } from './core.ts';
import { events } from './events.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const teamMemberRoleEnum = pgEnum('team_member_role', TEAM_MEMBER_ROLES);

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    sport: text('sport'),
    avatarImageUrl: text('avatar_image_url'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('teams_tenant_idx').on(t.tenantId)],
);

/** person × team × role (player, captain, trainer, ...). */
export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    role: teamMemberRoleEnum('role').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_members_team_person_role_uq').on(t.teamId, t.personId, t.role),
    index('team_members_person_idx').on(t.personId),
  ],
);

/** Document metadata; the bytes live in DATA_DIR/files/teams/<storage_key>. */
export const teamDocuments = pgTable(
  'team_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('team_documents_team_idx').on(t.teamId)],
);

/** The team's published contacts (trainer, team manager ...); their contact data is published by the club. */
export const teamContactPersons = pgTable(
  'team_contact_persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    personId: uuid('person_id').references(() => persons.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    function: text('function').notNull(),
    mail: text('mail'),
    phone: text('phone'),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('team_contact_persons_team_idx').on(t.teamId)],
);

/** Events of a team (training camps, matches, regattas): shown as the team's upcoming events. */
export const teamEvents = pgTable(
  'team_events',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.eventId] }), index('team_events_event_idx').on(t.eventId)],
);
