import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, pushDeliveries, pushSubscriptions } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { enqueue, MAIL_JOB, mailJobs, startJobWorker } from './index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('durable jobs (ADR 0015, 0021)', () => {
  it('exist only when the business transaction commits, once per idempotency key', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueue(tx, { kind: 'test', key: 'rolled-back', payload: {} });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await ctx.db.select().from(jobs).where(eq(jobs.key, 'rolled-back'))).toHaveLength(0);

    expect(
      await ctx.db.transaction((tx) => enqueue(tx, { kind: 'test', key: 'once', payload: { n: 1 } })),
    ).toBe(true);
    expect(
      await ctx.db.transaction((tx) => enqueue(tx, { kind: 'test', key: 'once', payload: { n: 2 } })),
    ).toBe(false);
    const rows = await ctx.db.select().from(jobs).where(eq(jobs.key, 'once'));
    expect(rows.map((r) => r.payload)).toEqual([{ n: 1 }]);
  });

  it("run in their worker's own context, not in that of the request whose enqueue woke them", async () => {
    const enqueueing = (key: string) => () =>
      ctx.db.transaction((tx) => enqueue(tx, { kind: 'woken', key, payload: {} }));
    // An enqueue wakes the workers 25 and 300 ms later; each measure below starts once earlier wakes have passed.
    const wakesPassed = () => new Promise((resolve) => setTimeout(resolve, 400));
    await wakesPassed();
    // The request's own statements: the enqueue's transaction, counted before any worker ran.
    const own = await ctx.countQueries(enqueueing('woken-0'));
    await wakesPassed();

    const ran: string[] = [];
    const worker = startJobWorker(ctx.db, { woken: async (_p, job) => void ran.push(job.key) }, ctx.app.log, {
      pollMs: 60_000,
    });
    try {
      const woke = await ctx.countQueries(async () => {
        await enqueueing('woken-1')();
        // The job runs while the request's context is still open.
        await vi.waitFor(() => expect(ran).toContain('woken-1'), { timeout: 10_000, interval: 20 });
      });
      // The workers' claims and completions are not the request's statements.
      expect(woke.queries).toBe(own.queries);
    } finally {
      await worker.stop();
    }
  });

  it('run every job exactly once with two workers on one database', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 30; i++) await enqueue(ctx.db, { kind: 'count', key: `count-${i}`, payload: { i } });
    const handler = { count: async (_p: unknown, job: { key: string }) => void seen.push(job.key) };
    const a = startJobWorker(ctx.db, handler, ctx.app.log, { pollMs: 60_000, batch: 4 });
    const b = startJobWorker(ctx.db, handler, ctx.app.log, { pollMs: 60_000, batch: 4 });
    while ((await Promise.all([a.runDue(), b.runDue()])).some((n) => n > 0));
    await Promise.all([a.stop(), b.stop()]);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
  });

  it('retry a failing job with backoff and give up after max attempts', async () => {
    let calls = 0;
    await enqueue(ctx.db, { kind: 'flaky', key: 'flaky-1', payload: {} });
    await enqueue(ctx.db, { kind: 'broken', key: 'broken-1', payload: {}, maxAttempts: 2 });
    const worker = startJobWorker(
      ctx.db,
      {
        flaky: async () => {
          calls++;
          if (calls < 3) throw new Error(`try ${calls}`);
        },
        broken: async () => {
          throw new Error('always');
        },
      },
      ctx.app.log,
      { pollMs: 60_000, backoffBaseMs: 20 },
    );
    for (let i = 0; i < 20; i++) {
      await worker.runDue();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await worker.stop();
    const [flaky] = await ctx.db.select().from(jobs).where(eq(jobs.key, 'flaky-1'));
    const [broken] = await ctx.db.select().from(jobs).where(eq(jobs.key, 'broken-1'));
    expect(calls).toBe(3);
    expect(flaky).toMatchObject({ attempts: 3, failedAt: null });
    expect(flaky!.doneAt).not.toBeNull();
    expect(broken).toMatchObject({ attempts: 2, doneAt: null, lastError: 'always' });
    expect(broken!.failedAt).not.toBeNull();
  });

  it('hand a job whose worker crashed to another worker once the lease ends', async () => {
    await enqueue(ctx.db, { kind: 'lease', key: 'lease-1', payload: {} });
    const runs: string[] = [];
    // The first worker claims the job and "crashes" (its handler never finishes).
    const crashed = startJobWorker(ctx.db, { lease: () => new Promise<void>(() => undefined) }, ctx.app.log, {
      pollMs: 60_000,
      leaseMs: 1_500,
    });
    void crashed.runDue();
    const lockedBy = async () =>
      (await ctx.db.select().from(jobs).where(eq(jobs.key, 'lease-1')))[0]!.lockedBy;
    while (!(await lockedBy())) await new Promise((resolve) => setTimeout(resolve, 20));
    // The claim names the instance that holds the job (host:pid), for the operator.
    expect(await lockedBy()).toBe(`${os.hostname()}:${process.pid}`);
    const other = startJobWorker(ctx.db, { lease: async () => void runs.push('other') }, ctx.app.log, {
      pollMs: 60_000,
    });
    expect(await other.runDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(await other.runDue()).toBe(1);
    await other.stop();
    expect(runs).toEqual(['other']);
  });
});

describe('closed jobs (ADR 0021 amendment)', () => {
  it('are deleted a week after they were done or a month after they failed, with their device marks', async () => {
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
    await ctx.db.insert(jobs).values([
      { kind: 'old', key: 'purge:done-8d', payload: {}, doneAt: ago(8) },
      { kind: 'old', key: 'purge:done-6d', payload: {}, doneAt: ago(6) },
      { kind: 'old', key: 'purge:failed-31d', payload: {}, failedAt: ago(31) },
      { kind: 'old', key: 'purge:failed-8d', payload: {}, failedAt: ago(8) },
      { kind: 'old', key: 'purge:open', payload: {}, runAt: ago(2) },
    ]);
    const person = await ctx.createPerson();
    const [device] = await ctx.db
      .insert(pushSubscriptions)
      .values({ personId: person.personId, platform: 'android', address: 'purge-test-device' })
      .returning({ id: pushSubscriptions.id });
    await ctx.db.insert(pushDeliveries).values([
      { key: 'purge:done-6d', subscriptionId: device!.id, sentAt: ago(6) },
      { key: 'purge:open', subscriptionId: device!.id, sentAt: ago(2) },
      { key: 'purge:done-8d', subscriptionId: device!.id, sentAt: ago(0) },
    ]);

    // A worker purges when it starts (and every purgeEveryMs); stop() waits for the purge.
    await startJobWorker(ctx.db, {}, ctx.app.log, { pollMs: 60_000 }).stop();

    const keys = await ctx.db.execute<{ key: string }>(
      sql`select key from jobs where key like 'purge:%' order by key`,
    );
    expect(keys.rows.map((r) => r.key)).toEqual(['purge:done-6d', 'purge:failed-8d', 'purge:open']);
    const marks = await ctx.db
      .select({ key: pushDeliveries.key })
      .from(pushDeliveries)
      .where(eq(pushDeliveries.subscriptionId, device!.id));
    // The open job's mark stays (its retry skips the device), and so does a fresh one; the closed job's goes.
    expect(marks.map((m) => m.key).sort()).toEqual(['purge:done-8d', 'purge:open']);
  });
});

describe('mail jobs (ADR 0021)', () => {
  it('send a repeated job with the same Message-ID, derived from the key', async () => {
    const sent: { messageId?: string }[] = [];
    const handler = mailJobs(
      { send: async (mail) => void sent.push(mail) },
      'Verein <no-reply@verein.example>',
    )[MAIL_JOB]!;
    const mail = { to: 'a@test.example', subject: 'Hallo', text: 'Text' };
    const job = { id: 'j', kind: MAIL_JOB, key: 'mail:test:1', payload: mail, attempts: 1, maxAttempts: 8 };
    await handler(mail, job);
    await handler(mail, { ...job, attempts: 2 });
    await handler(mail, { ...job, key: 'mail:test:2' });
    expect(sent[0]!.messageId).toMatch(/^<[0-9a-f]{40}@verein\.example>$/);
    expect(sent[1]!.messageId).toBe(sent[0]!.messageId);
    expect(sent[2]!.messageId).not.toBe(sent[0]!.messageId);
  });
});
