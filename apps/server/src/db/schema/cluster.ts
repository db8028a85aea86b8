import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** PostgreSQL bytea as a Node Buffer (node-postgres and PGlite both return Buffer/Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Keys shared by every instance on one database (ADR 0015): OIDC signing keys, cookie keys, VAPID keys.
 * Created once with INSERT … ON CONFLICT DO NOTHING, so two instances starting at once agree on one value.
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Uploaded files (avatars, event and team documents) when FILE_STORE=postgres (the default). */
export const fileBlobs = pgTable('file_blobs', {
  name: text('name').primaryKey(),
  data: bytea('data').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Fixed-window counters shared by all instances: the HTTP rate limit and the sign-in throttles. */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_counters_reset_idx').on(t.resetAt)],
);

/**
 * Durable jobs (push, mails, reminders): written in the business transaction (outbox), claimed with
 * FOR UPDATE SKIP LOCKED, retried with backoff. `key` is the idempotency key: one job per key ever.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').notNull().unique('jobs_key_uq'),
    payload: jsonb('payload').notNull(),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    /** While a worker holds the job; after this time another instance may take it again (crash). */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /** The instance (host:pid) that claimed the job last — for the operator, and the crash test. */
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    // For the purge of closed jobs (jobsRepository.purgeClosed).
    index('jobs_done_idx')
      .on(t.doneAt)
      .where(sql`${t.doneAt} is not null`),
    index('jobs_failed_idx')
      .on(t.failedAt)
      .where(sql`${t.failedAt} is not null`),
  ],
);
