import { count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { insertMany } from '../../db/insert-many.ts';
import { logMessages, persons, tenants } from '../../db/schema/index.ts';
import type { OwnerScope } from '../../policy/index.ts';

export type LogRow = typeof logMessages.$inferSelect;
export type LogInsert = typeof logMessages.$inferInsert;

export const activityLogRepository = {
  async insert(tx: DbOrTx, row: LogInsert): Promise<void> {
    await tx.insert(logMessages).values(row);
  },

  /** Many rows in one statement with one parameter (a bulk change). */
  async insertMany(tx: DbOrTx, rows: LogInsert[]): Promise<void> {
    await insertMany(tx, logMessages, rows);
  },

  /** The owner's log (rows about their data), with the club's name for display. */
  async listForPerson(
    db: DbOrTx,
    owner: OwnerScope,
    page: { order: 'ascending' | 'descending'; limit: number; offset: number },
  ): Promise<{ rows: { log: LogRow; tenantName: string | null }[]; total: number }> {
    const where = eq(logMessages.personId, owner.personId);
    const newestFirst = page.order === 'descending';
    const rows = await db
      .select({ log: logMessages, tenantName: tenants.name })
      .from(logMessages)
      .leftJoin(tenants, eq(tenants.id, logMessages.tenantId))
      .where(where)
      .orderBy(
        newestFirst ? desc(logMessages.createdAt) : logMessages.createdAt,
        newestFirst ? desc(logMessages.id) : logMessages.id,
      )
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await db.select({ n: count() }).from(logMessages).where(where);
    return { rows, total: total?.n ?? 0 };
  },

  /** Names of the persons who made changes (display only). */
  async actorNames(db: DbOrTx, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: persons.id, firstName: persons.firstName, lastName: persons.lastName })
      .from(persons)
      .where(inArray(persons.id, ids));
  },
};
