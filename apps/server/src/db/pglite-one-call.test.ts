import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OneCallPGlite } from './pglite-one-call.ts';

// What Drizzle's PGlite driver passes: rows as arrays, dates and intervals left as text.
const DRIZZLE: QueryOptions = {
  rowMode: 'array',
  parsers: {
    [types.TIMESTAMP]: (value) => value,
    [types.TIMESTAMPTZ]: (value) => value,
    [types.INTERVAL]: (value) => value,
    [types.DATE]: (value) => value,
  },
};

const SETUP = `
  create type colour as enum ('red', 'green', 'blue');
  create table things (
    id uuid primary key, name text not null unique, n int4, big int8, price numeric(10, 2), ok boolean,
    born date, at timestamptz, tags text[], colours colour[], data jsonb, raw bytea, ratio float8
  );`;

const ROWS: unknown[][] = [
  [
    '00000000-0000-4000-8000-000000000001',
    `O'Brien "quoted" \\ back\nslash`,
    7,
    '9007199254740993',
    '12.50',
    true,
    '2026-11-27',
    '2026-11-27T10:00:00.000Z',
    ['a', 'b,c', 'd"e'],
    '{red,blue}',
    { nested: [1, 'ä'] },
    new Uint8Array([0, 1, 255]),
    0.5,
  ],
  [
    '00000000-0000-4000-8000-000000000002',
    'Zweites',
    null,
    null,
    null,
    false,
    null,
    null,
    [],
    '{}',
    null,
    null,
    null,
  ],
];

const READS: [string, unknown[], QueryOptions | undefined][] = [
  ['select * from things order by id', [], DRIZZLE],
  ['select * from things order by id', [], undefined],
  [
    'select name, n, tags from things where id = any($1::uuid[]) order by id',
    [[ROWS[0]![0], ROWS[1]![0]]],
    DRIZZLE,
  ],
  [
    'select count(*) as c, sum(n) from things where ok = $1 or born = $2',
    [true, '2026-11-27'],
    { rowMode: 'object' },
  ],
  [
    'select $1::jsonb -> $2 as picked, $3::timestamptz as at',
    [{ k: [1, 2] }, 'k', new Date('2026-01-02T03:04:05Z')],
    undefined,
  ],
  ["select 'red'::colour = any(colours) as has_red from things order by id", [], DRIZZLE],
];

describe('PGlite with one call per statement (ADR 0038)', () => {
  let plain: PGlite;
  let fast: OneCallPGlite;

  beforeAll(async () => {
    plain = new PGlite();
    fast = new OneCallPGlite();
    for (const db of [plain, fast]) {
      await db.exec(SETUP);
      for (const row of ROWS)
        await db.query(
          'insert into things (id, name, n, big, price, ok, born, at, tags, colours, data, raw, ratio) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)',
          row,
        );
    }
  });
  afterAll(async () => {
    await plain.close();
    await fast.close();
  });

  it('answers every read exactly as PGlite does: rows, fields and types, with and without parsers', async () => {
    for (const [sql, params, options] of READS) {
      const expected = await plain.query(sql, params, options);
      const answered = await fast.query(sql, params, options);
      expect(answered, sql).toEqual(expected);
    }
    // Each text is described once: asking again describes nothing new.
    const known = fast.knownTexts;
    for (const [sql, params, options] of READS) await fast.query(sql, params, options);
    expect(fast.knownTexts).toBe(known);
  });

  it('keeps each read as a named statement of the session and answers from it as PGlite does (ADR 0042)', async () => {
    // Six runs each: PostgreSQL plans the first five with the values and may take a generic plan from then on.
    for (let run = 0; run < 6; run++) {
      for (const [sql, params, options] of READS) {
        expect(await fast.query(sql, params, options), sql).toEqual(await plain.query(sql, params, options));
      }
    }
    const held = await fast.query<{ statement: string }>('select statement from pg_prepared_statements');
    const statements = held.rows.map((row) => row.statement);
    for (const [sql] of READS) expect(statements, sql).toContain(sql);
    // Once each: a text is parsed under its name the first time only.
    expect(new Set(statements).size).toBe(statements.length);
    expect(await plain.query('select count(*)::int as c from pg_prepared_statements')).toMatchObject({
      rows: [{ c: 0 }],
    });
  });

  it('reads a large answer that arrives in several pieces, and a read with a notice, as PGlite does (ADR 0043)', async () => {
    const big = `select g as n, repeat('ä€😀', g % 50) as text, g % 3 = 0 as flag, null::int as nothing,
      timestamptz '2026-01-01 00:00:00+00' + make_interval(secs => g) as at from generate_series(1, $1::int) as g`;
    for (const options of [DRIZZLE, undefined]) {
      const expected = await plain.query(big, [20_000], options);
      expect(expected.rows).toHaveLength(20_000);
      expect(await fast.query(big, [20_000], options)).toEqual(expected);
    }
    for (const db of [plain, fast])
      await db.exec(`create or replace function noisy(v int) returns int language plpgsql as $$
        begin raise notice 'seen %', v; return v * 2; end $$`);
    const notices: string[] = [];
    const read = 'select noisy($1::int) as doubled';
    const answered = await fast.query(read, [21], {
      onNotice: (notice) => notices.push(notice.message ?? ''),
    });
    expect(answered).toEqual(await plain.query(read, [21]));
    expect(notices).toEqual(['seen 21']);
  });

  it("hands a trigger's notification to the listeners when a data-modifying CTE fires it (ADR 0045)", async () => {
    for (const db of [plain, fast])
      await db.exec(`create table watched (id int primary key);
        create function watched_changed() returns trigger language plpgsql as $$
          begin perform pg_notify('watched', (select string_agg(id::text, ',') from new_rows)); return null; end $$;
        create trigger watched_insert after insert on watched referencing new table as new_rows
          for each statement execute function watched_changed();`);
    const heard: string[] = [];
    const unlisten = await fast.listen('watched', (payload) => heard.push(payload));
    try {
      // The text starts with `with`, like a read, and is asked twice: the second time as a named statement.
      const sql =
        'with added as (insert into watched (id) select g from generate_series($1::int, $2::int) g returning id) select count(*)::int as n from added';
      for (const [from, to] of [
        [1, 2],
        [3, 3],
      ]) {
        const expected = await plain.query(sql, [from, to]);
        expect(await fast.query(sql, [from, to])).toEqual(expected);
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(heard).toEqual(['1,2', '3']);
    } finally {
      await unlisten();
    }
  });

  it('keeps a named read usable after a call of it failed at its parameters', async () => {
    const sql = 'select name from things where id = $1';
    for (let run = 0; run < 2; run++) {
      const expected = await plain.query(sql, ['no uuid']).catch((error: unknown) => error);
      await expect(fast.query(sql, ['no uuid'])).rejects.toMatchObject({
        code: '22P02',
        message: (expected as Error).message,
        query: sql,
      });
      expect((await fast.query(sql, [ROWS[1]![0]])).rows).toEqual([{ name: 'Zweites' }]);
    }
  });

  it('writes as PGlite does and reports the rows it changed', async () => {
    const sql = 'update things set n = coalesce(n, 0) + $1 where ok = $2';
    expect(await fast.query(sql, [1, false])).toEqual(await plain.query(sql, [1, false]));
    expect((await fast.query('select n from things where ok = false')).rows).toEqual([{ n: 1 }]);
  });

  it('fails as PGlite does, with the statement attached, and the next statement runs', async () => {
    const sql = 'insert into things (id, name) values ($1, $2)';
    const params = ['00000000-0000-4000-8000-000000000003', 'Zweites'];
    const expected = await plain.query(sql, params).catch((error: unknown) => error);
    const failed = await fast.query(sql, params).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({
      code: '23505',
      constraint: 'things_name_key',
      query: sql,
      params,
      message: (expected as Error).message,
    });
    // A statement PGlite cannot even describe fails the same way.
    const bad = 'select nosuchcolumn from things where id = $1';
    const expectedBad = await plain.query(bad, [params[0]]).catch((error: unknown) => error);
    await expect(fast.query(bad, [params[0]])).rejects.toMatchObject({
      code: '42703',
      message: (expectedBad as Error).message,
    });
    expect((await fast.query('select count(*)::int as c from things')).rows).toEqual([{ c: 2 }]);
  });

  it('waits for a transaction to end instead of running inside it', async () => {
    let insideDone!: () => void;
    const inside = new Promise<void>((resolve) => (insideDone = resolve));
    let countedOutside: Promise<unknown> | undefined;
    const transaction = fast
      .transaction(async (tx) => {
        await tx.query(
          "insert into things (id, name) values ('00000000-0000-4000-8000-000000000004', 'Vorläufig')",
        );
        // A statement from outside while the transaction holds an uncommitted row.
        countedOutside = fast.query('select count(*)::int as c from things');
        await new Promise((resolve) => setTimeout(resolve, 50));
        insideDone();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await inside;
    await transaction;
    // Run inside the transaction, it would have counted the uncommitted row (3).
    expect(((await countedOutside) as { rows: unknown[] }).rows).toEqual([{ c: 2 }]);
  });
});
