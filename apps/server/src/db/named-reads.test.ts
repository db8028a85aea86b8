import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import { openPostgres, type DatabaseHandle } from './client.ts';
import { statementNamer } from './statement-names.ts';
import { tenants } from './schema/index.ts';

describe('statementNamer (ADR 0034)', () => {
  it('names a read by its text: the same text the same name, another text another', () => {
    const nameFor = statementNamer();
    const a = nameFor('select "id" from "tenants" where "tenants"."id" = $1');
    expect(a).toMatch(/^vh_read_\d+$/);
    expect(nameFor('select "id" from "tenants" where "tenants"."id" = $1')).toBe(a);
    expect(nameFor('(select 1) union all (select 2)')).not.toBe(a);
    expect(nameFor('with x as (select 1) select * from x')).toMatch(/^vh_read_/);
  });

  it('leaves writes, overlong texts and everything past the cap unnamed', () => {
    const nameFor = statementNamer(2, 100);
    expect(nameFor('insert into "tenants" ("id") values ($1)')).toBeUndefined();
    expect(nameFor('update "tenants" set "name" = $1')).toBeUndefined();
    expect(nameFor(`select ${'1, '.repeat(60)}1`)).toBeUndefined();
    expect(nameFor('select 1')).toBeDefined();
    expect(nameFor('select 2')).toBeDefined();
    expect(nameFor('select 3')).toBeUndefined();
    expect(nameFor('select 1')).toBeDefined();
  });
});

// PGlite has no statements to name: this needs DATABASE_URL.
describe.skipIf(!inject('databaseUrl'))('reads as named prepared statements on PostgreSQL', () => {
  let handle: DatabaseHandle & { drop(): Promise<void> };
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.drop());

  it('parses a repeated read once per connection and lets PostgreSQL keep its plan; writes stay unnamed', async () => {
    const prepared = await handle.db.transaction(async (tx) => {
      const id = '00000000-0000-4000-8000-000000000001';
      await tx.insert(tenants).values({ id, slug: 'named-reads', name: 'Benannt' });
      for (let i = 0; i < 6; i += 1) {
        const [row] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, id));
        expect(row?.name).toBe('Benannt');
      }
      const { rows } = await tx.execute<{ name: string; statement: string; runs: number }>(
        sql.raw(
          'select name, statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements',
        ),
      );
      return rows;
    });
    const read = prepared.find((p) => p.statement.startsWith('select "name" from "tenants"'));
    expect(read).toMatchObject({ name: expect.stringMatching(/^vh_read_/), runs: 6 });
    expect(prepared.filter((p) => p.statement.startsWith('insert'))).toEqual([]);
  });

  /** Six runs of a read built by the builder and of one built once with a name, in one transaction (one connection). */
  async function statementsAfterReads(db: DatabaseHandle['db'], statementName: string) {
    return db.transaction(async (tx) => {
      const id = '00000000-0000-4000-8000-000000000002';
      await tx
        .insert(tenants)
        .values({ id, slug: statementName, name: 'Einmal gebaut' })
        .onConflictDoNothing();
      const builtOnce = tx
        .select({ slug: tenants.slug })
        .from(tenants)
        .where(eq(tenants.id, sql.placeholder('id')))
        .prepare(statementName);
      for (let i = 0; i < 6; i += 1) {
        expect(await builtOnce.execute({ id })).toHaveLength(1);
        expect(await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, id))).toHaveLength(
          1,
        );
      }
      const { rows } = await tx.execute<{ name: string; statement: string }>(
        sql.raw('select name, statement from pg_prepared_statements'),
      );
      return rows;
    });
  }

  it('keeps the name of a statement built once (Drizzle prepare)', async () => {
    const prepared = await statementsAfterReads(handle.db, 'vh_test_built_once');
    expect(prepared.map((p) => p.name)).toContain('vh_test_built_once');
  });

  it('with named statements off (DB_NAMED_READS=0, PgBouncer before 1.21) sends no statement with a name', async () => {
    const unnamed = openPostgres(handle.pool!.options.connectionString!, 2, { namedStatements: false });
    try {
      expect(await statementsAfterReads(unnamed.db, 'vh_test_unnamed')).toEqual([]);
    } finally {
      await unnamed.close();
    }
  });
});
