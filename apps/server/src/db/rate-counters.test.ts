import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { countHit } from './rate-counters.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ TELEMETRY_INSTRUMENTATION_KEY: '6f1c2e9a-1b2c-4d3e-8f90-a1b2c3d4e5f6' });
});
afterAll(() => ctx.close());

describe('shared rate counters (ADR 0015)', () => {
  it('count every hit exactly once when many arrive at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, () => countHit(ctx.db, 'test:burst', 60_000)),
    );
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(results.every((r) => r.ttl > 0 && r.ttl <= 60_000)).toBe(true);
  });

  // PGlite has one connection, so a hit cannot wait for another's row lock there.
  it.runIf(Boolean(inject('databaseUrl')))(
    'answer at most the window when a hit waited for the instance that started it',
    async () => {
      const key = 'test:waited';
      let waited: Promise<{ current: number; ttl: number }> | undefined;
      await ctx.db.transaction(async (tx) => {
        // Another instance holds the counter's row …
        await tx.execute(sql`insert into rate_counters (key, count, reset_at)
          values (${key}, 1, clock_timestamp() + interval '60 seconds')`);
        // … while this hit arrives and waits for its lock.
        waited = countHit(ctx.db, key, 60_000);
        for (let i = 0; ; i++) {
          const blocked = await tx.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and query like '%rate_counters%on conflict (key) do update%'`);
          if (Number(blocked.rows[0]!.n) > 0) break;
          if (i > 500) throw new Error('the hit never waited for the lock');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        // The other instance starts its window after this hit began, then lets go.
        await tx.execute(sql`select pg_sleep(0.05)`);
        await tx.execute(sql`update rate_counters set reset_at = clock_timestamp() + interval '60 seconds'
          where key = ${key}`);
      });
      const hit = await waited!;
      expect(hit.current).toBe(2);
      expect(hit.ttl).toBeGreaterThan(59_000);
      expect(hit.ttl).toBeLessThanOrEqual(60_000);
    },
  );

  it('start a new window when the old one ended', async () => {
    await countHit(ctx.db, 'test:window', 60_000);
    expect((await countHit(ctx.db, 'test:window', 60_000)).current).toBe(2);
    // The window ends (set back in the database, not waited for: a slow machine must not end it early).
    await ctx.db.execute(
      sql`update rate_counters set reset_at = now() - interval '1 millisecond' where key = 'test:window'`,
    );
    const next = await countHit(ctx.db, 'test:window', 60_000);
    expect(next.current).toBe(1);
    expect(next.ttl).toBeGreaterThan(59_000);
  });

  it('remove counters an hour past their window once an instance is ready', async () => {
    await ctx.db.execute(sql`insert into rate_counters (key, count, reset_at) values
      ('test:ended', 3, now() - interval '2 hours'), ('test:recent', 3, now() - interval '10 minutes')`);
    const other = await ctx.anotherInstance();
    try {
      const left = async () =>
        (
          await ctx.db.execute<{ key: string }>(
            sql`select key from rate_counters where key in ('test:ended', 'test:recent') order by key`,
          )
        ).rows.map((r) => r.key);
      for (let i = 0; i < 200 && (await left()).includes('test:ended'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(await left()).toEqual(['test:recent']);
    } finally {
      await other.close();
    }
  });

  it('hold the HTTP rate limit across two app instances on one database', async () => {
    const other = await ctx.anotherInstance();
    try {
      const track = (app: typeof other) =>
        app.inject({
          method: 'POST',
          url: '/api/telemetry/track',
          remoteAddress: '192.0.2.90',
          payload: {
            instrumentationKey: '6f1c2e9a-1b2c-4d3e-8f90-a1b2c3d4e5f6',
            events: [{ type: 'pageView', path: '/', device: 'desktop' }],
          },
        });
      const statuses: number[] = [];
      // 120 per minute in all: 60 on each instance pass, the next one on either is refused.
      for (let i = 0; i < 60; i++) {
        statuses.push((await track(ctx.app)).statusCode, (await track(other)).statusCode);
      }
      expect(statuses.every((s) => s === 202)).toBe(true);
      const refused = await track(other);
      expect(refused.statusCode).toBe(429);
      expect((await track(ctx.app)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});
