import {
  bigint,
  boolean,
  check,
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
import { sql } from 'drizzle-orm';
import { persons, tenants } from './core.ts';
import { teams } from './teams.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const seq = (name: string) => bigint(name, { mode: 'number' });

export const chatConversationKindEnum = pgEnum('chat_conversation_kind', ['direct', 'team', 'club']);

/**
 * A chat conversation (docs/chat-protocol.md): a direct one between two persons of a club, a team's
 * (one per team) or a club's announcements channel (one per club). `lastSeq` is the sequence of its
 * newest message; sending increments it under the row lock, so sequences are gapless per conversation.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: chatConversationKindEnum('kind').notNull(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    /** Direct conversations: the two persons, `a` < `b` (one conversation per pair and club; gone with either). */
    directPersonA: uuid('direct_person_a').references(() => persons.id, { onDelete: 'cascade' }),
    directPersonB: uuid('direct_person_b').references(() => persons.id, { onDelete: 'cascade' }),
    lastSeq: seq('last_seq').notNull().default(0),
    lastMessageAt: ts('last_message_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_conversations_team_uq').on(t.teamId),
    uniqueIndex('chat_conversations_club_uq')
      .on(t.tenantId)
      .where(sql`kind = 'club'`),
    uniqueIndex('chat_conversations_direct_uq').on(t.tenantId, t.directPersonA, t.directPersonB),
    index('chat_conversations_direct_b_idx').on(t.directPersonB),
    check(
      'chat_conversations_kind_ck',
      sql`(kind = 'team') = (team_id is not null) and (kind = 'direct') = (direct_person_a is not null and direct_person_b is not null and direct_person_a < direct_person_b)`,
    ),
  ],
);

/**
 * A person's state in a conversation: read marker, unread counter (kept in the sending transaction),
 * mute, and the delayed-push bookkeeping (`pushDueAt` set on a new message, cleared by the sweep).
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    readSeq: seq('read_seq').notNull().default(0),
    unreadCount: integer('unread_count').notNull().default(0),
    muted: boolean('muted').notNull().default(false),
    pushDueAt: ts('push_due_at'),
    lastPushedAt: ts('last_pushed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.personId] }),
    index('chat_members_person_idx').on(t.personId),
    index('chat_members_push_due_idx')
      .on(t.pushDueAt)
      .where(sql`push_due_at is not null`),
  ],
);

/** A chat message: plain text; edits and deletes keep the row and set a mark. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    seq: seq('seq').notNull(),
    senderPersonId: uuid('sender_person_id').references(() => persons.id, { onDelete: 'set null' }),
    /** The sender's idempotency key: a retried send returns the stored message instead of a second one. */
    clientId: text('client_id'),
    body: text('body').notNull(),
    replyToId: uuid('reply_to_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    editedAt: ts('edited_at'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('chat_messages_conversation_seq_uq').on(t.conversationId, t.seq),
    uniqueIndex('chat_messages_client_uq').on(t.conversationId, t.senderPersonId, t.clientId),
  ],
);

/** A person blocks another: the blocked person cannot write to them directly. */
export const chatBlocks = pgTable(
  'chat_blocks',
  {
    blockerPersonId: uuid('blocker_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    blockedPersonId: uuid('blocked_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerPersonId, t.blockedPersonId] }),
    index('chat_blocks_blocked_idx').on(t.blockedPersonId),
  ],
);

/** A message reported to the club's admins. */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    reporterPersonId: uuid('reporter_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_reports_message_reporter_uq').on(t.messageId, t.reporterPersonId),
    index('chat_reports_tenant_idx').on(t.tenantId),
  ],
);

/** A person's chat settings; without a row direct messages are on. */
export const chatSettings = pgTable('chat_settings', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  directMessages: boolean('direct_messages').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A person's emoji reaction to a message (one of CHAT_REACTIONS; one row per person and emoji). */
export const chatReactions = pgTable(
  'chat_reactions',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.personId, t.emoji] })],
);

/**
 * A single-use WebSocket connection ticket for clients that cannot send a cookie or an Authorization
 * header on the upgrade (the native apps, docs/chat-protocol.md "Tickets"): only the SHA-256 of the
 * ticket is stored, and the access token it stands for encrypted with a key derived from the ticket.
 */
export const chatTickets = pgTable(
  'chat_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    sealedToken: text('sealed_token').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('chat_tickets_expires_idx').on(t.expiresAt)],
);
