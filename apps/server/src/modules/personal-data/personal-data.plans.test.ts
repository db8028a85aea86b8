import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';
import { kindByName } from './personal-data.kinds.ts';
import { personalDataRepository } from './personal-data.repository.ts';

// Plans of prepared statements are PostgreSQL's (ADR 0034 amendment): this needs DATABASE_URL.
describe.skipIf(!inject('databaseUrl'))('personal data statements on PostgreSQL', () => {
  let handle: DatabaseHandle & { drop(): Promise<void> };
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.drop());

  it('keep one plan for the clubs at 3 000 clubs instead of planning every call again', async () => {
    await handle.db.execute(sql`insert into tenants (id, slug, name)
      select gen_random_uuid(), 'plan-' || g, 'Verein ' || g from generate_series(1, 3000) g`);
    await handle.db.execute(sql`analyze tenants`);
    const clubs = await handle.db.select({ id: tenants.id }).from(tenants).limit(2);
    const plans = await handle.db.transaction(async (tx) => {
      for (let i = 0; i < 8; i += 1) {
        const { clubs: found } = await personalDataRepository.sharingWithClubs(
          tx,
          { personId: '00000000-0000-4000-8000-000000000003' },
          kindByName('address'),
          ['00000000-0000-4000-8000-000000000004'],
          clubs.map((c) => c.id),
        );
        expect(found.map((c) => c.id).sort()).toEqual(clubs.map((c) => c.id).sort());
      }
      const { rows } = await tx.execute<{ name: string; generic: number; custom: number }>(
        sql.raw(`select name, generic_plans::int as generic, custom_plans::int as custom
          from pg_prepared_statements where name like 'personal_sharing_%'`),
      );
      return rows;
    });
    // PostgreSQL plans the first five calls for their values, then keeps one plan if it is not dearer.
    expect(plans).toEqual([{ name: 'personal_sharing_address', generic: 3, custom: 5 }]);
  });
});
