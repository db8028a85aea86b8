import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { honors, licenses, qualifications, tenants } from '../../db/schema/index.ts';

export type CredentialRow = typeof licenses.$inferSelect;
export type HonorRow = typeof honors.$inferSelect;
export type CredentialKind = 'license' | 'qualification';

export interface ListScope {
  personId: string;
  tenantIds?: string[];
  order: 'ascending' | 'descending';
  limit: number;
  offset: number;
}

const credentialTables = { license: licenses, qualification: qualifications } as const;

export const awardsRepository = {
  /** The person's licences or qualifications, by creation time. */
  async findCredentials(
    db: DbOrTx,
    kind: CredentialKind,
    scope: ListScope,
  ): Promise<{ rows: (CredentialRow & { tenantName: string })[]; total: number }> {
    const table = credentialTables[kind];
    const where = and(
      eq(table.personId, scope.personId),
      scope.tenantIds ? inArray(table.tenantId, scope.tenantIds) : undefined,
    );
    const dir = scope.order === 'ascending' ? asc : desc;
    const rows = await db
      .select({ row: table, tenantName: tenants.name })
      .from(table)
      .innerJoin(tenants, eq(tenants.id, table.tenantId))
      .where(where)
      .orderBy(dir(table.createdAt), dir(table.id))
      .limit(scope.limit)
      .offset(scope.offset);
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(table)
      .where(where);
    return { rows: rows.map((r) => ({ ...r.row, tenantName: r.tenantName })), total: count?.n ?? 0 };
  },

  async findHonors(
    db: DbOrTx,
    scope: ListScope,
  ): Promise<{ rows: (HonorRow & { tenantName: string })[]; total: number }> {
    const where = and(
      eq(honors.personId, scope.personId),
      scope.tenantIds ? inArray(honors.tenantId, scope.tenantIds) : undefined,
    );
    const dir = scope.order === 'ascending' ? asc : desc;
    const rows = await db
      .select({ row: honors, tenantName: tenants.name })
      .from(honors)
      .innerJoin(tenants, eq(tenants.id, honors.tenantId))
      .where(where)
      .orderBy(dir(honors.createdAt), dir(honors.id))
      .limit(scope.limit)
      .offset(scope.offset);
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(honors)
      .where(where);
    return { rows: rows.map((r) => ({ ...r.row, tenantName: r.tenantName })), total: count?.n ?? 0 };
  },
};
