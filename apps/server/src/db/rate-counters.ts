import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Database } from './client.ts';

/**
 * Counts one hit of `key` in a fixed window shared by every instance on the database (ADR 0015): one upsert,
 * so two instances counting at once never lose a hit. Returns the count in the current window and the
 * milliseconds until it ends (at most `windowMs`).
 *
 * The times are the clock's, not `now()`: `now()` is when this statement's transaction began, so a hit that
 * waited for another instance's row lock would measure the window that instance started (after its own start)
 * from too early a time and answer more than `windowMs`. The hit's time is taken once, before any wait, as
 * `excluded.reset_at - window`; its remaining time is measured when the row is written.
 */
export async function countHit(
  db: Database,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const interval = `${Math.max(1, Math.round(windowMs))} milliseconds`;
  const result = await db.execute<{ count: number; ttl: number | string }>(sql`
    insert into rate_counters (key, count, reset_at)
    values (${key}, 1, clock_timestamp() + ${interval}::interval)
    on conflict (key) do update set
      count = case when rate_counters.reset_at <= excluded.reset_at - ${interval}::interval then 1
                   else rate_counters.count + 1 end,
      reset_at = case when rate_counters.reset_at <= excluded.reset_at - ${interval}::interval
                      then excluded.reset_at else rate_counters.reset_at end
    returning count, greatest(0, extract(epoch from (reset_at - clock_timestamp())) * 1000)::int as ttl`);
  const row = result.rows[0]!;
  return { current: Number(row.count), ttl: Number(row.ttl) };
}

/** Removes counters whose window ended (housekeeping; a stale row is reset by the next hit anyway). */
export async function purgeRateCounters(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_counters where reset_at < now() - interval '1 hour'`);
}

/**
 * Purges ended counters when the app is ready and every `everyMs` after: one row per client address and route
 * would otherwise stay forever. Every instance purges (the delete is idempotent); a purge that fails (the
 * database away) is logged and tried again next time.
 */
export function purgeRateCountersRegularly(app: FastifyInstance, db: Database, everyMs = 10 * 60_000): void {
  const purge = () =>
    purgeRateCounters(db).catch((err: unknown) =>
      app.log.warn({ err }, 'purging ended rate counters failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void purge();
    timer = setInterval(() => void purge(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** A store for @fastify/rate-limit on the rate_counters table: the limit holds across all instances. */
export function postgresRateLimitStore(db: Database, prefix = 'http:'): FastifyRateLimitStoreCtor {
  const make = (routePrefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      countHit(db, `${routePrefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error as Error),
      );
    },
    child(routeOptions) {
      return make(`${prefix}${routeOptions.method as string}:${routeOptions.url}:`);
    },
  });
  return class {
    constructor() {
      return make(prefix);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
