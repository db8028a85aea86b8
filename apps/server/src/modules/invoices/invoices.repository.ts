import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { InvoiceDirection, InvoiceStatus } from '@vereinsheim/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { insertMany } from '../../db/insert-many.ts';
import { invoiceLines, invoices, orderElements, tenants } from '../../db/schema/index.ts';
import type { OwnerScope } from '../../policy/index.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type OrderElementRow = typeof orderElements.$inferSelect;

export interface InvoiceFilter {
  tenantIds?: string[];
  from?: string;
  till?: string;
  direction?: InvoiceDirection;
  status?: InvoiceStatus;
  /** Today (YYYY-MM-DD): an open invoice past its due date counts as overdue. */
  today: string;
}

function statusCondition(status: InvoiceStatus, today: string): SQL | undefined {
  const pastDue = and(eq(invoices.status, 'open'), lt(invoices.dueDate, today));
  switch (status) {
    case 'overdue':
      return or(eq(invoices.status, 'overdue'), pastDue);
    case 'open':
      return and(eq(invoices.status, 'open'), or(isNull(invoices.dueDate), gte(invoices.dueDate, today)));
    case 'paid':
    case 'cancelled':
      return eq(invoices.status, status);
  }
}

export const invoicesRepository = {
  /** The person's invoices (the person is the member billed or billing), newest invoice date first. */
  async findForPerson(
    db: DbOrTx,
    owner: OwnerScope,
    filter: InvoiceFilter,
    page: { order: 'ascending' | 'descending'; limit: number; offset: number },
  ): Promise<{ rows: (InvoiceRow & { tenantName: string })[]; total: number }> {
    const where = and(
      eq(invoices.personId, owner.personId),
      filter.tenantIds ? inArray(invoices.tenantId, filter.tenantIds) : undefined,
      filter.from ? gte(invoices.invoiceDate, filter.from) : undefined,
      filter.till ? lte(invoices.invoiceDate, filter.till) : undefined,
      filter.direction ? eq(invoices.direction, filter.direction) : undefined,
      filter.status ? statusCondition(filter.status, filter.today) : undefined,
    );
    const dir = page.order === 'ascending' ? asc : desc;
    const rows = await db
      .select({ invoice: invoices, tenantName: tenants.name })
      .from(invoices)
      .innerJoin(tenants, eq(tenants.id, invoices.tenantId))
      .where(where)
      .orderBy(dir(invoices.invoiceDate), dir(invoices.createdAt), dir(invoices.id))
      .limit(page.limit)
      .offset(page.offset);
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(invoices)
      .where(where);
    return { rows: rows.map((r) => ({ ...r.invoice, tenantName: r.tenantName })), total: count?.n ?? 0 };
  },

  /** The sum of the person's open and overdue incoming invoices (what they still have to pay), per currency. */
  async openTotals(
    db: DbOrTx,
    owner: OwnerScope,
    filter: { tenantIds?: string[]; today: string },
  ): Promise<{ currency: 'EUR'; grossCents: number; count: number }[]> {
    const rows = await db
      .select({
        currency: invoices.currency,
        grossCents: sql<number>`coalesce(sum(${invoices.grossCents}), 0)`.mapWith(Number),
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.personId, owner.personId),
          eq(invoices.direction, 'incoming'),
          inArray(invoices.status, ['open', 'overdue']),
          filter.tenantIds ? inArray(invoices.tenantId, filter.tenantIds) : undefined,
        ),
      )
      .groupBy(invoices.currency)
      .orderBy(invoices.currency);
    // Amounts are EUR throughout (ADR 0005); the grouping keeps the answer right if that ever changes.
    return rows.map((r) => ({ currency: 'EUR' as const, grossCents: r.grossCents, count: r.count }));
  },

  /** One invoice of the person, or undefined (another person's invoice is not found). */
  async findOneForPerson(
    db: DbOrTx,
    owner: OwnerScope,
    invoiceId: string,
  ): Promise<(InvoiceRow & { tenantName: string; lines: InvoiceLineRow[] }) | undefined> {
    const [row] = await db
      .select({ invoice: invoices, tenantName: tenants.name })
      .from(invoices)
      .innerJoin(tenants, eq(tenants.id, invoices.tenantId))
      .where(and(eq(invoices.id, invoiceId), eq(invoices.personId, owner.personId)))
      .limit(1);
    if (!row) return undefined;
    const lines = await db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoiceId))
      .orderBy(asc(invoiceLines.position));
    return { ...row.invoice, tenantName: row.tenantName, lines };
  },

  /** For club-side code paths: the invoice within its tenant, locked for update. */
  async lockInTenant(db: DbOrTx, tenantId: string, invoiceId: string): Promise<InvoiceRow | undefined> {
    const [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.tenantId, tenantId)))
      .for('update')
      .limit(1);
    return row;
  },

  async updateStatus(
    db: DbOrTx,
    tenantId: string,
    invoiceId: string,
    change: { status: InvoiceStatus; paidOn: string | null },
  ): Promise<void> {
    await db
      .update(invoices)
      .set({ status: change.status, paidOn: change.paidOn, updatedAt: new Date() })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.tenantId, tenantId)));
  },

  /**
   * Inserts invoices with their lines, three statements however many (a fee run issues one per member). Returns
   * the stored rows in the order given, or undefined when a number is taken (then some may have been inserted: the
   * caller's transaction must roll back).
   */
  async insertMany(
    db: DbOrTx,
    rows: (typeof invoices.$inferInsert & { id: string })[],
    lines: (typeof invoiceLines.$inferInsert)[],
  ): Promise<InvoiceRow[] | undefined> {
    const inserted = await insertMany(db, invoices, rows, { onConflictDoNothing: true });
    if (inserted < rows.length) return undefined;
    await insertMany(db, invoiceLines, lines);
    const stored = await db
      .select()
      .from(invoices)
      .where(sql`${invoices.id} = any(${sql.param(rows.map((r) => r.id))}::uuid[])`);
    const byId = new Map(stored.map((r) => [r.id, r]));
    return rows.map((r) => byId.get(r.id)!);
  },

  async findOrderElements(
    db: DbOrTx,
    owner: OwnerScope,
    filter: { tenantIds?: string[] },
    page: { order: 'ascending' | 'descending'; limit: number; offset: number },
  ): Promise<{
    rows: (OrderElementRow & { tenantName: string; invoiceNumber: string | null })[];
    total: number;
  }> {
    const where = and(
      eq(orderElements.personId, owner.personId),
      filter.tenantIds ? inArray(orderElements.tenantId, filter.tenantIds) : undefined,
    );
    const dir = page.order === 'ascending' ? asc : desc;
    const rows = await db
      .select({ element: orderElements, tenantName: tenants.name, invoiceNumber: invoices.number })
      .from(orderElements)
      .innerJoin(tenants, eq(tenants.id, orderElements.tenantId))
      // The invoice must be the same person's (a link to someone else's invoice is not shown).
      .leftJoin(
        invoices,
        and(eq(invoices.id, orderElements.invoiceId), eq(invoices.personId, orderElements.personId)),
      )
      .where(where)
      .orderBy(dir(orderElements.createdAt), dir(orderElements.id))
      .limit(page.limit)
      .offset(page.offset);
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orderElements)
      .where(where);
    return {
      rows: rows.map((r) => ({
        ...r.element,
        invoiceId: r.invoiceNumber === null ? null : r.element.invoiceId,
        tenantName: r.tenantName,
        invoiceNumber: r.invoiceNumber,
      })),
      total: count?.n ?? 0,
    };
  },
};
