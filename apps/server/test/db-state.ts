import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';

let cachedQuery: { db: Database; text: string } | undefined;

/**
 * One fingerprint of every row of every table in the public schema (PGlite and PostgreSQL): equal fingerprints
 * before and after a request mean the request changed nothing. Of `jobs` only kind and key count: a worker
 * updates the rest in the background when it runs a job an earlier, accepted request enqueued (ADR 0021).
 * `rate_counters` is left out: a rate limit counts every request, refused ones too (ADR 0015).
 */
export async function databaseFingerprint(db: Database): Promise<string> {
  if (cachedQuery?.db !== db) {
    const res = (await db.execute(
      sql`select tablename from pg_tables
          where schemaname = 'public' and tablename <> 'rate_counters' order by tablename`,
    )) as unknown as { rows: { tablename: string }[] };
    const parts = res.rows.map(
      ({ tablename }) =>
        `select '${tablename}' as t, md5(coalesce(string_agg(j::text, '|' order by j::text), '')) as h
           from (select ${tablename === 'jobs' ? `jsonb_build_object('kind', x.kind, 'key', x.key)` : 'to_jsonb(x)'} as j
                 from "${tablename}" x) r`,
    );
    cachedQuery = {
      db,
      text: `select string_agg(t || ':' || h, ',' order by t) as fingerprint from (${parts.join(' union all ')}) s`,
    };
  }
  const res = (await db.execute(sql.raw(cachedQuery.text))) as unknown as { rows: { fingerprint: string }[] };
  return res.rows[0]!.fingerprint;
}

/** The names of the tables whose rows differ between two fingerprints. */
export function changedTables(before: string, after: string): string[] {
  const parse = (f: string) => new Map(f.split(',').map((p) => p.split(':') as [string, string]));
  const a = parse(before);
  const b = parse(after);
  return [...new Set([...a.keys(), ...b.keys()])].filter((t) => a.get(t) !== b.get(t));
}
