import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { seedDemoData } from './demo.ts';
import { demoId } from './ids.ts';

let ctx: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  const options = { issuer: ctx.config.oidc.issuer, files: ctx.files };
  await seedDemoData(ctx.db, options);
  await seedDemoData(ctx.db, options); // idempotent
  headers = { authorization: `Bearer ${await ctx.token(demoId('account:demo'))}` };
});
afterAll(() => ctx.close());

describe('demo personal data', () => {
  it('gives Mia every kind of datum, shared with her clubs, one locked with a reason', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers });
    expect(res.statusCode, res.body).toBe(200);
    const me = res.json();
    expect(me.addresses).toHaveLength(2);
    expect(me.mails.length).toBeGreaterThanOrEqual(2);
    expect(me.phoneNumbers.length).toBeGreaterThanOrEqual(1);
    expect(me.bankAccounts[0]).toMatchObject({ iban: 'DE89370400440532013000', isLocked: true });
    expect(me.confectionInformations).toHaveLength(3);
    expect(me.medicalInformations[0]).toMatchObject({ type: 'allergy' });
    const locked = me.bankAccounts[0].scopedSharingTenants.find((t: { isLocked: boolean }) => t.isLocked);
    expect(locked.lockedReason).toMatch(/Lastschrift/);
    const address = me.addresses[0].scopedSharingTenants.find((t: { name: string }) =>
      t.name.startsWith('TSV'),
    );
    expect(address).toMatchObject({ isDefault: true, isIntern: true });
  });

  it('has a history of log entries, newest first', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me/logmessages', headers });
    const page = res.json();
    expect(page.maximumcount).toBeGreaterThanOrEqual(8);
    const dates = page.items.map((i: { createdAt: string }) => i.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});
