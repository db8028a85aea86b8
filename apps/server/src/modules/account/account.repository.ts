import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { OwnerScope } from '../../policy/index.ts';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The GDPR export reads across every module on purpose: every table of the public schema that has a
 * person_id column, filtered by the owner. It only reads; deletion goes through the owning modules.
 */
export const accountRepository = {
  async tablesWithPersonId(db: DbOrTx): Promise<string[]> {
    const result = await db.execute<{ table_name: string }>(sql`
      select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and c.column_name = 'person_id' and t.table_type = 'BASE TABLE'
      order by c.table_name`);
    return result.rows.map((r) => r.table_name);
  },

  async rowsOf(db: DbOrTx, owner: OwnerScope, table: string): Promise<Record<string, unknown>[]> {
    const result = await db.execute<{ row: Record<string, unknown> }>(
      sql`select row_to_json(t) as row from ${sql.raw(quoteIdent(table))} t where t.person_id = ${owner.personId}`,
    );
    return result.rows.map((r) => r.row);
  },
};
