import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationCaseListSchema } from '@vereinsheim/contracts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { DEMO_INVITATION_TOKEN, seedDemoData } from './demo.ts';
import { demoId } from './ids.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  const options = { issuer: ctx.config.oidc.issuer, dataDir: ctx.config.dataDir };
  await seedDemoData(ctx.db, options);
  await seedDemoData(ctx.db, options); // idempotent
});
afterAll(() => ctx.close());

const as = async (key: string) => ({ authorization: `Bearer ${await ctx.token(demoId(`account:${key}`))}` });

describe('demo profile validation', () => {
  it('gives pruefer@ open cases at TSV Grünwald in several states, newest first', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/profilevalidation',
      headers: await as('pruefer'),
    });
    const list = ValidationCaseListSchema.parse(res.json());
    expect(list.items.map((c) => [c.personName, c.reason, c.state])).toEqual([
      ['Emil Brandt', 'application', 'open'],
      ['Lukas Müller', 'identityChange', 'in_review'],
      ['Lea Fischer', 'yearlyCheck', 'corrections_requested'],
      ['Sophie Klein', 'yearlyCheck', 'resubmitted'],
    ]);
    expect(list.counts).toEqual({ open: 1, in_review: 1, corrections_requested: 1, resubmitted: 1 });
    const mia = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/profilevalidation',
      headers: await as('demo'),
    });
    expect(mia.json().items).toEqual([]);
  });

  it('has an invitation link for TSV Grünwald', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/invitation/${DEMO_INVITATION_TOKEN}`,
      headers: await as('demo'),
    });
    expect(res.json()).toMatchObject({ name: 'TSV Grünwald 1894 e.V.', termsVersion: '2026-1' });
  });
});
