import { getTableColumns, sql, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/**
 * Inserts many rows in one statement with one parameter: the rows as a JSON array, which PostgreSQL reads back with
 * `jsonb_to_recordset` typed by the table's own columns. Drizzle's multi-row `.values()` sends one parameter per value
 * and builds its text on the event loop: for a member import of 2,000 rows (five tables) that held the loop for up
 * to 361 ms at a time. Here the text is a few hundred characters whatever the row count, and the rows cost one
 * `JSON.stringify`.
 *
 * Every row must set the same columns (those of the first row; an `undefined` is stored as NULL, not as the
 * column's default). Values are taken as they are in JSON: strings for uuid, text, enum and `mode: 'string'` dates,
 * booleans, numbers, objects for json/jsonb columns, `Date` as its ISO text. Returns how many rows were inserted
 * (with `onConflictDoNothing`, those that did not conflict with a unique index).
 */
export async function insertMany<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: readonly InferInsertModel<T>[],
  options: { onConflictDoNothing?: boolean } = {},
): Promise<number> {
  const first = rows[0];
  if (first === undefined) return 0;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in first);
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const types = sql.join(
    columns.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(
        columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key] ?? null]),
      ),
    ),
  );
  const conflict = options.onConflictDoNothing ? sql` on conflict do nothing` : sql``;
  const result = await db.execute(
    sql`with inserted as (insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb)
      as rows(${types})${conflict} returning 1) select count(*)::int as n from inserted`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}
