import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject as vitestInject, it } from 'vitest';
import { IssueInvoicesResultSchema } from '@vereinsheim/contracts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { invoices } from '../../db/schema/index.ts';

const onPostgres = Boolean(vitestInject('databaseUrl'));
const ISSUES = 50;

// PGlite has a single connection, so concurrency cannot be observed there: this proof needs DATABASE_URL.
describe.skipIf(!onPostgres)(
  'invoice numbers under concurrency on PostgreSQL (skipped without DATABASE_URL)',
  () => {
    let ctx: TestContext;
    let club: string;
    let committee: TestPerson;
    let member: TestPerson;

    beforeAll(async () => {
      ctx = await createTestContext();
      club = await ctx.createClub('Zählverein');
      committee = await ctx.createPerson();
      member = await ctx.createPerson();
      await ctx.addMembership(committee.personId, club);
      await ctx.addMembership(committee.personId, club, 'committee');
      await ctx.addMembership(member.personId, club);
    });
    afterAll(() => ctx.close());

    it(`${ISSUES} concurrent issues get the numbers 1..${ISSUES} without gaps or duplicates`, async () => {
      const headers = await ctx.auth(committee);
      const responses = await Promise.all(
        Array.from({ length: ISSUES }, (_, i) =>
          ctx.app.inject({
            method: 'POST',
            url: `/api/tenants/${club}/invoices`,
            headers,
            payload: {
              personIds: [member.personId],
              title: `Rechnung ${i}`,
              dueDate: '2099-12-31',
              lines: [{ description: 'Beitrag', quantity: 1, unitPriceCents: 100 + i, vatRatePercent: 7 }],
            },
          }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(ISSUES).fill(201));
      const numbers = responses.map((r) => IssueInvoicesResultSchema.parse(r.json()).issued[0]!.number);
      const stored = await ctx.db
        .select({ number: invoices.number })
        .from(invoices)
        .where(eq(invoices.tenantId, club));
      const sorted = (list: string[]) => list.map((n) => Number(n.slice(2))).sort((a, b) => a - b);
      const expected = Array.from({ length: ISSUES }, (_, i) => i + 1);
      expect(sorted(numbers)).toEqual(expected);
      expect(sorted(stored.map((s) => s.number))).toEqual(expected);
    });
  },
);
