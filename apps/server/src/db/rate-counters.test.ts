import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
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

  it('hold the HTTP rate limit across two app instances on one database', async () => {
    const other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      keys: ctx.keys,
      mailer: ctx.mailer,
    });
    await other.ready();
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
