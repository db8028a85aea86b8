import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberships, tenants } from '../../db/schema/index.ts';
import type { MembershipRole } from '@vereinsheim/contracts';
import { activeMembership } from '../../policy/index.ts';

export type TenantRow = typeof tenants.$inferSelect;

export const tenantsRepository = {
  /** The clubs the person currently belongs to, with their roles there. */
  async findForPerson(
    db: DbOrTx,
    personId: string,
    options: { keyword?: string; order: 'ascending' | 'descending'; limit: number; offset: number },
  ): Promise<{ rows: (TenantRow & { roles: MembershipRole[] })[]; total: number }> {
    const where = and(
      eq(memberships.personId, personId),
      activeMembership(),
      options.keyword ? ilike(tenants.name, `%${options.keyword.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    );
    const rows = await db
      .select({
        tenant: tenants,
        roles: sql<
          MembershipRole[]
        >`array_agg(distinct ${memberships.role}::text order by ${memberships.role}::text)`,
        // The total with the page (window over the grouped rows); only a page past the end asks again.
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(tenants)
      .innerJoin(memberships, eq(memberships.tenantId, tenants.id))
      .where(where)
      .groupBy(tenants.id)
      .orderBy(options.order === 'ascending' ? asc(tenants.name) : desc(tenants.name), asc(tenants.id))
      .limit(options.limit)
      .offset(options.offset);
    if (rows.length > 0 || options.offset === 0)
      return { rows: rows.map((r) => ({ ...r.tenant, roles: r.roles })), total: rows[0]?.total ?? 0 };
    const [count] = await db
      .select({ n: sql<number>`count(distinct ${tenants.id})`.mapWith(Number) })
      .from(tenants)
      .innerJoin(memberships, eq(memberships.tenantId, tenants.id))
      .where(where);
    return { rows: rows.map((r) => ({ ...r.tenant, roles: r.roles })), total: count?.n ?? 0 };
  },

  async byIds(db: DbOrTx, tenantIds: readonly string[]): Promise<TenantRow[]> {
    if (tenantIds.length === 0) return [];
    return db
      .select()
      .from(tenants)
      .where(inArray(tenants.id, [...tenantIds]));
  },

  async exists(db: DbOrTx, tenantId: string): Promise<boolean> {
    const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
    return row !== undefined;
  },

  /** The club's current members (any role), once each. */
  async memberIds(db: DbOrTx, tenantId: string): Promise<string[]> {
    const rows = await db
      .selectDistinct({ personId: memberships.personId })
      .from(memberships)
      .where(and(eq(memberships.tenantId, tenantId), activeMembership()));
    return rows.map((r) => r.personId);
  },
};
