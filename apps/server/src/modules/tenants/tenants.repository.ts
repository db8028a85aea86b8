import { and, asc, desc, eq, ilike, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { preparedPerDatabase, type DbOrTx } from '../../db/client.ts';
import { memberships, tenants } from '../../db/schema/index.ts';
import type { MembershipRole } from '@vereinsheim/contracts';
import { activeMembership } from '../../policy/index.ts';

export type TenantRow = typeof tenants.$inferSelect;

/** The person's clubs with their roles, by name, with the total (a window over the grouped rows). */
function clubsQuery(
  db: DbOrTx,
  personId: string | Placeholder,
  order: 'ascending' | 'descending',
  keyword?: SQL,
) {
  return db
    .select({
      tenant: tenants,
      roles: sql<
        MembershipRole[]
      >`array_agg(distinct ${memberships.role}::text order by ${memberships.role}::text)`,
      // Only a page past the end asks for the total again.
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(tenants)
    .innerJoin(memberships, eq(memberships.tenantId, tenants.id))
    .where(and(eq(memberships.personId, personId), activeMembership(), keyword))
    .groupBy(tenants.id)
    .orderBy(order === 'ascending' ? asc(tenants.name) : desc(tenants.name), asc(tenants.id));
}

/** Without a keyword (the dashboard, the club switch) a Drizzle prepared statement per order, built once. */
const preparedClubs = preparedPerDatabase((db, order: 'ascending' | 'descending') =>
  clubsQuery(db, sql.placeholder('personId'), order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`person_clubs_${order}`),
);

export const tenantsRepository = {
  /** The clubs the person currently belongs to, with their roles there. */
  async findForPerson(
    db: DbOrTx,
    personId: string,
    options: { keyword?: string; order: 'ascending' | 'descending'; limit: number; offset: number },
  ): Promise<{ rows: (TenantRow & { roles: MembershipRole[] })[]; total: number }> {
    const keyword = options.keyword
      ? ilike(tenants.name, `%${options.keyword.replace(/[\\%_]/g, '\\$&')}%`)
      : undefined;
    const rows = keyword
      ? await clubsQuery(db, personId, options.order, keyword).limit(options.limit).offset(options.offset)
      : await preparedClubs(db, options.order).execute({
          personId,
          limit: options.limit,
          offset: options.offset,
        });
    if (rows.length > 0 || options.offset === 0)
      return { rows: rows.map((r) => ({ ...r.tenant, roles: r.roles })), total: rows[0]?.total ?? 0 };
    const [count] = await db
      .select({ n: sql<number>`count(distinct ${tenants.id})`.mapWith(Number) })
      .from(tenants)
      .innerJoin(memberships, eq(memberships.tenantId, tenants.id))
      .where(and(eq(memberships.personId, personId), activeMembership(), keyword));
    return { rows: [], total: count?.n ?? 0 };
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
