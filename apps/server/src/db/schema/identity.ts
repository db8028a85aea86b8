import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { persons } from './core.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Accounts of the embedded OpenID Connect provider. The account id is the subject (`sub`). */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  emailVerified: boolean('email_verified').notNull().default(false),
  personId: uuid('person_id')
    .notNull()
    .unique()
    .references(() => persons.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  passwordChangedAt: ts('password_changed_at'),
});

/**
 * oidc-provider's models (sessions, grants, codes, refresh tokens, interactions ...), one row each.
 * `account_id` is the payload's accountId, kept in a column so that an account's rows are found by
 * equality (sign-out everywhere, deletion), never by searching the payload's text.
 */
export const oidcModels = pgTable(
  'oidc_models',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    accountId: text('account_id'),
    expiresAt: ts('expires_at'),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_models_grant_idx').on(t.grantId),
    index('oidc_models_uid_idx').on(t.uid),
    index('oidc_models_account_idx').on(t.accountId),
    index('oidc_models_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Single-use, expiring password reset links; only the token's hash is stored. At most one link per
 * account is open (not used or retired): a new one retires the older ones.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_resets_one_open_idx')
      .on(t.accountId)
      .where(sql`${t.usedAt} is null`),
  ],
);

/** Single-use, expiring links that confirm a sign-up's e-mail address; only the token's hash is stored. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('email_verifications_account_idx').on(t.accountId)],
);

/**
 * Counters of the sign-in, sign-up and reset limits (rate-limiter-flexible's Drizzle store: key,
 * points, expire). Keys hold hashes of addresses, never addresses in clear text.
 */
export const authLimits = pgTable(
  'auth_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: ts('expire'),
  },
  (t) => [index('auth_limits_expire_idx').on(t.expire)],
);

/** The development mailbox of the embedded default: mails are also written to the log. */
export const devMails = pgTable('dev_mails', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
