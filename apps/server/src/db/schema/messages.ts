import { check, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { MESSAGE_KINDS } from '@vereinsheim/contracts';
import { persons, tenants } from './core.ts';

export const messageKindEnum = pgEnum('message_kind', MESSAGE_KINDS);

/** A message in one person's inbox (club messages are copied per recipient). */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    kind: messageKindEnum('kind').notNull(),
    /** A message written by a person (a club message): its title and text as written. */
    title: text('title'),
    body: text('body'),
    /**
     * A message the server writes (a notice): its text key and parameters, rendered in the reader's
     * language on read (`<key>.title`, `<key>.body` in src/locales). Either this or title/body is set.
     */
    textKey: text('text_key'),
    textParams: jsonb('text_params').$type<Record<string, unknown>>().notNull().default({}),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_person_created_idx').on(t.personId, t.createdAt),
    check('messages_text_ck', sql`text_key is not null or (title is not null and body is not null)`),
  ],
);
