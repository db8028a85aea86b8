import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { persons, tenants } from './core.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const credentialColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  personId: uuid('person_id')
    .notNull()
    .references(() => persons.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** The club or umbrella association that issued it. */
  issuer: text('issuer').notNull(),
  number: text('number'),
  level: text('level'),
  validFrom: date('valid_from', { mode: 'string' }).notNull(),
  validUntil: date('valid_until', { mode: 'string' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Licences (e.g. trainer or referee licences) of a person, recorded by a club. */
export const licenses = pgTable('licenses', credentialColumns(), (t) => [
  index('licenses_person_idx').on(t.personId, t.createdAt),
]);

/** Qualifications (e.g. first-aid course, lifeguard badge) of a person, recorded by a club. */
export const qualifications = pgTable('qualifications', credentialColumns(), (t) => [
  index('qualifications_person_idx').on(t.personId, t.createdAt),
]);

export const honors = pgTable(
  'honors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    awardedOn: date('awarded_on', { mode: 'string' }).notNull(),
    awardingBody: text('awarding_body').notNull(),
    description: text('description'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('honors_person_idx').on(t.personId, t.createdAt)],
);
