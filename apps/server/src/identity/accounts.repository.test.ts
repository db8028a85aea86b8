import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { emailVerifications, passwordResets } from '../db/schema/index.ts';
import { accountsRepository } from './accounts.repository.ts';

// PGlite has one connection, so two requests cannot overlap there: this needs DATABASE_URL.
describe.skipIf(!inject('databaseUrl'))('link replacements at once on PostgreSQL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const expires = () => new Date(Date.now() + 3_600_000);

  it('ten reset requests at once each leave a link, and one stays open', async () => {
    const { subject: accountId } = await ctx.createPerson();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ctx.db.transaction((tx) =>
          accountsRepository.replacePasswordReset(tx, accountId, `reset-${accountId}-${i}`, expires()),
        ),
      ),
    );
    const rows = await ctx.db.select().from(passwordResets).where(eq(passwordResets.accountId, accountId));
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => r.usedAt === null)).toHaveLength(1);
  });

  it('ten verification links at once leave one open', async () => {
    const { subject: accountId } = await ctx.createPerson();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ctx.db.transaction((tx) =>
          accountsRepository.replaceEmailVerification(tx, accountId, `verify-${accountId}-${i}`, expires()),
        ),
      ),
    );
    const open = await ctx.db
      .select()
      .from(emailVerifications)
      .where(and(eq(emailVerifications.accountId, accountId), isNull(emailVerifications.usedAt)));
    expect(open).toHaveLength(1);
  });
});
