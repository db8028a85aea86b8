import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { COUNT_QUERIES_HEADER, queryCountPlugin } from './query-count.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

/** An app with the plugin and one route that sends two statements (the test database counts its statements). */
async function appWith(enabled: boolean) {
  const app = Fastify();
  await app.register(queryCountPlugin, { enabled });
  app.get('/two', async () => {
    await ctx.db.execute(sql`select 1`);
    await ctx.db.execute(sql`select 2`);
    return { ok: true };
  });
  await app.ready();
  return app;
}

describe('the benchmark’s query count (DB_COUNT_QUERIES=1)', () => {
  it('answers the statements of a request that asks for them, and counts no other request', async () => {
    const app = await appWith(true);
    try {
      const asked = await app.inject({ url: '/two', headers: { [COUNT_QUERIES_HEADER]: '1' } });
      expect(asked.headers['x-db-queries']).toBe('2');
      expect(asked.json()).toEqual({ ok: true });
      const unasked = await app.inject({ url: '/two' });
      expect(unasked.headers['x-db-queries']).toBeUndefined();
      expect(unasked.json()).toEqual({ ok: true });
    } finally {
      await app.close();
    }
  });

  it('adds nothing without DB_COUNT_QUERIES', async () => {
    const app = await appWith(false);
    try {
      const asked = await app.inject({ url: '/two', headers: { [COUNT_QUERIES_HEADER]: '1' } });
      expect(asked.headers['x-db-queries']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
