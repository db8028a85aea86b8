import { and, desc, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { preparedPerDatabase, type DbOrTx } from '../../db/client.ts';
import { messages, tenants } from '../../db/schema/index.ts';
import type { OwnerScope } from '../../policy/index.ts';

export type MessageRow = typeof messages.$inferSelect;
export type MessageInsert = typeof messages.$inferInsert;
export type MessageView = MessageRow & { tenantName: string | null };

const own = (owner: OwnerScope) => eq(messages.personId, owner.personId);
const unread = (owner: OwnerScope) => and(own(owner), isNull(messages.readAt));

const unreadCount = (personId: SQLWrapper | string) =>
  sql<number>`(select count(*) from ${messages} m where m.person_id = ${personId} and m.read_at is null)`;

/** A page of the person's messages (all or only the unread), newest first, with both counts; built once. */
const preparedPage = preparedPerDatabase((db, unreadOnly: boolean) => {
  const personId = sql.placeholder('personId');
  return db
    .select({
      message: messages,
      tenantName: tenants.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      unread: unreadCount(personId).mapWith(Number),
    })
    .from(messages)
    .leftJoin(tenants, eq(tenants.id, messages.tenantId))
    .where(and(eq(messages.personId, personId), unreadOnly ? isNull(messages.readAt) : undefined))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(unreadOnly ? 'messages_page_unread' : 'messages_page');
});

export const messagesRepository = {
  /**
   * A page of the person's messages with the total and the unread count in the same statement (ADR 0020): the
   * total as a window over the matching rows, the unread count as a subquery on the partial unread index. Only a
   * page past the end (no row to carry them) asks for both counts again.
   */
  async listForPerson(
    db: DbOrTx,
    owner: OwnerScope,
    options: { unreadOnly: boolean; limit: number; offset: number },
  ): Promise<{ rows: MessageView[]; total: number; unread: number }> {
    const rows = await preparedPage(db, options.unreadOnly).execute({
      personId: owner.personId,
      limit: options.limit,
      offset: options.offset,
    });
    const first = rows[0];
    if (first || options.offset === 0) {
      return {
        rows: rows.map((r) => ({ ...r.message, tenantName: r.tenantName })),
        total: first?.total ?? 0,
        unread: first?.unread ?? 0,
      };
    }
    const [count] = await db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        unread: unreadCount(owner.personId).mapWith(Number),
      })
      .from(messages)
      .where(options.unreadOnly ? unread(owner) : own(owner));
    return { rows: [], total: count?.total ?? 0, unread: count?.unread ?? 0 };
  },

  async unreadCount(db: DbOrTx, owner: OwnerScope): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(messages)
      .where(unread(owner));
    return row?.n ?? 0;
  },

  /** Sets or clears the read mark of the person's own message; undefined when it is not theirs. */
  async setRead(db: DbOrTx, owner: OwnerScope, id: string, read: boolean): Promise<MessageView | undefined> {
    const [row] = await db
      .update(messages)
      .set({ readAt: read ? sql`coalesce(${messages.readAt}, now())` : null })
      .where(and(eq(messages.id, id), own(owner)))
      .returning();
    if (!row) return undefined;
    return { ...row, tenantName: await this.tenantName(db, row.tenantId) };
  },

  /** Deletes the owner's message; undefined when they have none with this id. */
  async delete(db: DbOrTx, owner: OwnerScope, id: string): Promise<{ personId: string } | undefined> {
    const [row] = await db
      .delete(messages)
      .where(and(eq(messages.id, id), own(owner)))
      .returning({ personId: messages.personId });
    return row;
  },

  async insertMany(db: DbOrTx, values: MessageInsert[]): Promise<{ id: string; personId: string }[]> {
    if (values.length === 0) return [];
    return db.insert(messages).values(values).returning({ id: messages.id, personId: messages.personId });
  },

  async tenantName(db: DbOrTx, tenantId: string | null): Promise<string | null> {
    if (!tenantId) return null;
    const [row] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
    return row?.name ?? null;
  },
};
