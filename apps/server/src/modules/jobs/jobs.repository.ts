import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';

export interface NewJob {
  kind: string;
  /** Idempotency key: a second enqueue with the same key is ignored, whatever its payload. */
  key: string;
  payload: unknown;
  runAt?: Date;
  maxAttempts?: number;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

/** This instance, as written into `jobs.locked_by` by a claim. */
export const INSTANCE_ID = `${os.hostname()}:${process.pid}`;

export const jobsRepository = {
  /** True when this call created the job; false when one with the key existed (ever). */
  async insert(db: DbOrTx, job: NewJob): Promise<boolean> {
    const rows = await db
      .insert(jobs)
      .values({
        kind: job.kind,
        key: job.key,
        payload: job.payload,
        ...(job.runAt ? { runAt: job.runAt } : {}),
        ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
      })
      .onConflictDoNothing({ target: jobs.key })
      .returning({ id: jobs.id });
    return rows.length > 0;
  },

  /** Several jobs in one statement; keys that exist already are skipped. */
  async insertMany(db: DbOrTx, list: NewJob[]): Promise<number> {
    if (list.length === 0) return 0;
    const rows = await db
      .insert(jobs)
      .values(
        list.map((job) => ({
          kind: job.kind,
          key: job.key,
          payload: job.payload,
          ...(job.runAt ? { runAt: job.runAt } : {}),
          ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
        })),
      )
      .onConflictDoNothing({ target: jobs.key })
      .returning({ id: jobs.id });
    return rows.length;
  },

  /**
   * Takes up to `limit` due jobs of the kinds for `leaseMs`: FOR UPDATE SKIP LOCKED, so instances never take
   * the same job; the lease (locked_until) hands a job to another instance when its worker crashed.
   */
  async claim(db: Database, kinds: string[], limit: number, leaseMs: number): Promise<ClaimedJob[]> {
    const lease = `${leaseMs} milliseconds`;
    const result = await db.execute<{
      id: string;
      kind: string;
      key: string;
      payload: unknown;
      attempts: number;
      max_attempts: number;
    }>(sql`
      update jobs set locked_until = now() + ${lease}::interval, locked_by = ${INSTANCE_ID},
        attempts = attempts + 1
      where id in (
        select id from jobs
        where done_at is null and failed_at is null and run_at <= now()
          and (locked_until is null or locked_until < now())
          and kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
        order by run_at
        limit ${limit}
        for update skip locked
      )
      returning id, kind, key, payload, attempts, max_attempts`);
    return result.rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      key: r.key,
      payload: r.payload,
      attempts: Number(r.attempts),
      maxAttempts: Number(r.max_attempts),
    }));
  },

  /**
   * Done: the key stays (idempotency until `purgeClosed` removes the row a week later), the payload goes — it
   * is not needed any more, and a mail's carries a one-time link.
   */
  async complete(db: Database, id: string): Promise<void> {
    await db.execute(
      sql`update jobs set done_at = now(), locked_until = null, payload = '{}'::jsonb where id = ${id}`,
    );
  },

  /**
   * Deletes what closed jobs leave behind (ADR 0021 amendment): done jobs 7 days after they were done, failed
   * ones after 30 (for the operator), at most `batch` of each per call; then the device marks (push_deliveries)
   * older than a day whose job is not open any more. No producer enqueues a key again (each carries a new id or
   * time), so a key need not outlive its job by long; a job is done or failed within hours (backoff ≤ 1 h).
   */
  async purgeClosed(db: Database, batch = 10_000): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        delete from jobs where id in (
          (select id from jobs where done_at < now() - interval '7 days' limit ${batch})
          union all
          (select id from jobs where failed_at < now() - interval '30 days' limit ${batch}))`);
      await tx.execute(sql`
        delete from push_deliveries d
        where d.sent_at < now() - interval '1 day'
          and not exists (
            select 1 from jobs j where j.key = d.key and j.done_at is null and j.failed_at is null)`);
    });
  },

  /** Another try after `delayMs`, or failed for good after the last attempt. */
  async retry(db: Database, job: ClaimedJob, error: string, delayMs: number): Promise<void> {
    const delay = `${delayMs} milliseconds`;
    await db.execute(sql`
      update jobs set locked_until = null, last_error = ${error.slice(0, 2000)},
        run_at = now() + ${delay}::interval,
        failed_at = case when attempts >= max_attempts then now() else null end
      where id = ${job.id}`);
  },
};
