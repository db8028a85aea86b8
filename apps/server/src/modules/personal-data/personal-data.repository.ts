import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  inArray,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQLWrapper,
} from 'drizzle-orm';
import { preparedPerDatabase, type DbOrTx } from '../../db/client.ts';
import { itemSharing, mailAddresses, persons, phoneNumbers, tenants } from '../../db/schema/index.ts';
import type { ActorScope, OwnerScope } from '../../policy/index.ts';
import type { PersonalItemKind } from '@vereinsheim/contracts';
import { kindByName, type KindDef } from './personal-data.kinds.ts';

/** One item of any kind: its columns plus the common ones. */
export type ItemRow = Record<string, unknown> & {
  id: string;
  personId: string;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
};
export type SharingRow = typeof itemSharing.$inferSelect;
export type CreatorName = { id: string; firstName: string; lastName: string };
export type TenantRow = typeof tenants.$inferSelect;
export type SharingFlags = Partial<Pick<SharingRow, 'isDefault' | 'intern' | 'extern'>>;

/** The default flag's column of the kinds that have one (mail, phone, bank account). */
const withDefault = (def: KindDef) => def.table as unknown as typeof mailAddresses;

/** Every query on items and their sharing is scoped by the owner: another person's id finds nothing. */
const ownItems = (def: KindDef, owner: OwnerScope) => eq(def.table.personId, owner.personId);
const sharingOfItem = (def: KindDef, owner: OwnerScope, itemId: string) =>
  and(
    eq(itemSharing.personId, owner.personId),
    eq(itemSharing.itemKind, def.kind),
    eq(itemSharing.itemId, itemId),
  );

/** A list of one kind: its order, whether paged, whether of one club (the shape of its statement). */
interface ItemListShape {
  kind: PersonalItemKind;
  order: 'ascending' | 'descending';
  paged: boolean;
  ofClub: boolean;
}

const itemListKey = (shape: ItemListShape): string =>
  [shape.kind, shape.order, shape.paged ? 'page' : 'all', shape.ofClub ? 'club' : 'any'].join('.');

/** The owner's items of the kind, or only those a club holds (any view); the values come as parameters. */
function itemListWhere(
  db: DbOrTx,
  def: KindDef,
  shape: ItemListShape,
  input: (name: 'personId' | 'tenantId') => SQLWrapper,
) {
  const t = def.table;
  return and(
    sql`${t.personId} = ${input('personId')}`,
    shape.ofClub
      ? exists(
          db
            .select({ one: sql`1` })
            .from(itemSharing)
            .where(
              and(
                eq(itemSharing.itemKind, def.kind),
                eq(itemSharing.itemId, t.id),
                sql`${itemSharing.tenantId} = ${input('tenantId')}`,
                or(itemSharing.isDefault, itemSharing.intern, itemSharing.extern),
              ),
            ),
        )
      : undefined,
  );
}

/**
 * The list of one kind with the creators' names and the total (ADR 0020: one query per list), as a Drizzle prepared
 * statement per database and shape, built once (issue 14 §5, ADR 0034 amendment): at most 9 kinds × 8 shapes.
 */
const preparedItemList = preparedPerDatabase((db, shape: ItemListShape) => {
  const def = kindByName(shape.kind);
  const t = def.table;
  const by = shape.order === 'ascending' ? [asc(t.createdAt), asc(t.id)] : [desc(t.createdAt), desc(t.id)];
  const creator = sql<CreatorName | null>`(select json_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name) from ${persons} p where p.id = ${withDefault(def).createdBy})`;
  const query = db
    .select({ item: t, creator, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(t)
    .where(itemListWhere(db, def, shape, (name) => sql.placeholder(name)))
    .orderBy(...by);
  return (
    shape.paged ? query.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : query
  ).prepare(`personal_items_${itemListKey(shape)}`);
}, itemListKey);

/**
 * The sharing rows of the listed items with their clubs, and the given clubs (the actor's) with or without one,
 * as one Drizzle prepared statement per kind, the ids as array parameters. Two disjoint branches, each on its own
 * index (issue 14 §3): the given clubs with their sharing rows, and the sharing rows at other clubs.
 * `clubs.id IN (…) OR sharing.id IS NOT NULL` over one join read every club.
 *
 * The clubs reach the plan as `array(select unnest(…))`, a value PostgreSQL computes when the statement runs:
 * planned with the array itself, a call for 2 clubs looked cheaper than the plan for any number (estimated at
 * 10), so with 3 000 clubs PostgreSQL planned the statement again on every call (0.2 ms, a third fewer requests
 * per second on /api/me/address at 1 M persons). Now it keeps one plan; the plan is the same.
 */
const preparedSharingWithClubs = preparedPerDatabase((db, kind: PersonalItemKind) => {
  const clubIds = sql`array(select unnest(${sql.placeholder('clubIds')}::uuid[]))`;
  const ofTheseItems = and(
    sql`${itemSharing.personId} = ${sql.placeholder('personId')}`,
    eq(itemSharing.itemKind, kind),
    sql`${itemSharing.itemId} = any(${sql.placeholder('itemIds')}::uuid[])`,
  );
  const givenClubs = db
    .select({ tenant: tenants, sharing: itemSharing })
    .from(tenants)
    .leftJoin(itemSharing, and(eq(itemSharing.tenantId, tenants.id), ofTheseItems))
    .where(sql`${tenants.id} = any(${clubIds})`);
  const otherClubs = db
    .select({ tenant: tenants, sharing: itemSharing })
    .from(itemSharing)
    .innerJoin(tenants, eq(tenants.id, itemSharing.tenantId))
    .where(and(ofTheseItems, sql`not (${itemSharing.tenantId} = any(${clubIds}))`));
  return givenClubs.unionAll(otherClubs).prepare(`personal_sharing_${kind}`);
});

export const personalDataRepository = {
  async list(
    db: DbOrTx,
    owner: OwnerScope,
    def: KindDef,
    options: {
      /** Only the items this club holds (any view). */
      tenantId?: string;
      order: 'ascending' | 'descending';
      page?: { limit: number; offset: number };
    },
  ): Promise<{ rows: ItemRow[]; total: number; creators: Map<string, CreatorName> }> {
    const shape: ItemListShape = {
      kind: def.kind,
      order: options.order,
      paged: options.page !== undefined,
      ofClub: options.tenantId !== undefined,
    };
    const values = { personId: owner.personId, tenantId: options.tenantId };
    const found = await preparedItemList(db, shape).execute({
      ...values,
      limit: options.page?.limit,
      offset: options.page?.offset,
    });
    const rows = found.map((r) => r.item) as unknown as ItemRow[];
    const creators = new Map<string, CreatorName>();
    for (const r of found) if (r.creator) creators.set(r.creator.id, r.creator);
    if (found.length > 0 || !options.page || options.page.offset === 0)
      return { rows, total: found[0]?.total ?? 0, creators };
    const [total] = await db
      .select({ n: count() })
      .from(def.table)
      .where(itemListWhere(db, def, shape, (name) => sql.param(values[name])));
    return { rows, total: total?.n ?? 0, creators };
  },

  /** The owner's item, optionally locked for update. */
  async findOwn(
    db: DbOrTx,
    owner: OwnerScope,
    def: KindDef,
    id: string,
    lock: boolean,
  ): Promise<ItemRow | undefined> {
    const query = db
      .select()
      .from(def.table)
      .where(and(eq(def.table.id, id), ownItems(def, owner)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async insert(
    tx: DbOrTx,
    owner: OwnerScope,
    def: KindDef,
    values: Record<string, unknown>,
  ): Promise<ItemRow> {
    const [row] = await tx
      .insert(def.table)
      .values({ ...values, personId: owner.personId, createdBy: owner.personId } as never)
      .returning();
    return row as unknown as ItemRow;
  },

  async update(
    tx: DbOrTx,
    owner: OwnerScope,
    def: KindDef,
    id: string,
    values: Record<string, unknown>,
  ): Promise<void> {
    await tx
      .update(def.table)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(def.table.id, id), ownItems(def, owner)));
  },

  async delete(tx: DbOrTx, owner: OwnerScope, def: KindDef, id: string): Promise<void> {
    await tx.delete(itemSharing).where(sharingOfItem(def, owner, id));
    await tx.delete(def.table).where(and(eq(def.table.id, id), ownItems(def, owner)));
  },

  /** Makes the item the owner's only default of its kind. */
  async makeOnlyDefault(tx: DbOrTx, owner: OwnerScope, def: KindDef, id: string): Promise<void> {
    const t = withDefault(def);
    await tx
      .update(t)
      .set({ isDefault: false })
      .where(and(eq(t.personId, owner.personId), ne(t.id, id)));
    await tx
      .update(t)
      .set({ isDefault: true })
      .where(and(eq(t.personId, owner.personId), eq(t.id, id)));
  },

  async countOthers(tx: DbOrTx, owner: OwnerScope, def: KindDef, id: string): Promise<number> {
    const t = def.table;
    const [row] = await tx
      .select({ n: count() })
      .from(t)
      .where(and(ownItems(def, owner), ne(t.id, id)));
    return row?.n ?? 0;
  },

  // ---------------------------------------------------------------- sharing with clubs

  /** The sharing rows of these items with the clubs that hold them (club rows for display). */
  async sharingOf(
    db: DbOrTx,
    owner: OwnerScope,
    def: KindDef,
    itemIds: string[],
  ): Promise<{ sharing: SharingRow; tenant: TenantRow }[]> {
    if (itemIds.length === 0) return [];
    return db
      .select({ sharing: itemSharing, tenant: tenants })
      .from(itemSharing)
      .innerJoin(tenants, eq(tenants.id, itemSharing.tenantId))
      .where(
        and(
          eq(itemSharing.personId, owner.personId),
          eq(itemSharing.itemKind, def.kind),
          inArray(itemSharing.itemId, itemIds),
        ),
      );
  },

  /** One club's sharing row of the item, locked for update. */
  async lockSharing(
    tx: DbOrTx,
    owner: OwnerScope,
    def: KindDef,
    itemId: string,
    tenantId: string,
  ): Promise<SharingRow | undefined> {
    const [row] = await tx
      .select()
      .from(itemSharing)
      .where(and(sharingOfItem(def, owner, itemId), eq(itemSharing.tenantId, tenantId)))
      .for('update');
    return row;
  },

  async upsertSharing(
    tx: DbOrTx,
    owner: OwnerScope,
    def: KindDef,
    itemId: string,
    tenantId: string,
    flags: SharingFlags,
  ): Promise<void> {
    await tx
      .insert(itemSharing)
      .values({ personId: owner.personId, itemKind: def.kind, itemId, tenantId, ...flags })
      .onConflictDoUpdate({
        target: [itemSharing.itemKind, itemSharing.itemId, itemSharing.tenantId],
        set: { ...flags, updatedAt: new Date() },
      });
  },

  async setSharingFlags(
    tx: DbOrTx,
    owner: OwnerScope,
    sharingId: string,
    flags: SharingFlags,
  ): Promise<void> {
    await tx
      .update(itemSharing)
      .set({ ...flags, updatedAt: new Date() })
      .where(and(eq(itemSharing.id, sharingId), eq(itemSharing.personId, owner.personId)));
  },

  async deleteSharing(tx: DbOrTx, owner: OwnerScope, sharingId: string): Promise<void> {
    await tx
      .delete(itemSharing)
      .where(and(eq(itemSharing.id, sharingId), eq(itemSharing.personId, owner.personId)));
  },

  /** Names of the persons who created items (display only). */
  /**
   * The items' sharing rows with their clubs AND the given clubs (the actor's), in one query (ADR 0020): every
   * club of `clubIds` once with its sharing rows for these items (or none), plus clubs outside `clubIds` that
   * one of the items is still shared with.
   */
  async sharingWithClubs(
    db: DbOrTx,
    owner: OwnerScope,
    def: KindDef,
    itemIds: string[],
    clubIds: readonly string[],
  ): Promise<{ sharing: { sharing: SharingRow; tenant: TenantRow }[]; clubs: TenantRow[] }> {
    if (itemIds.length === 0 && clubIds.length === 0) return { sharing: [], clubs: [] };
    const rows = await preparedSharingWithClubs(db, def.kind).execute({
      personId: owner.personId,
      itemIds,
      clubIds: [...clubIds],
    });
    const clubIdSet = new Set(clubIds);
    const clubs = new Map<string, TenantRow>();
    const sharing: { sharing: SharingRow; tenant: TenantRow }[] = [];
    for (const row of rows) {
      if (clubIdSet.has(row.tenant.id)) clubs.set(row.tenant.id, row.tenant);
      if (row.sharing) sharing.push({ sharing: row.sharing, tenant: row.tenant });
    }
    return { sharing, clubs: [...clubs.values()] };
  },

  async creatorNames(db: DbOrTx, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: persons.id, firstName: persons.firstName, lastName: persons.lastName })
      .from(persons)
      .where(inArray(persons.id, ids));
  },

  /** The sign-up address as the person's first (default) mail item, created by the person. */
  async insertSignUpMail(db: DbOrTx, owner: OwnerScope, email: string): Promise<void> {
    await db
      .insert(mailAddresses)
      .values({ personId: owner.personId, email, isDefault: true, createdBy: owner.personId });
  },

  async mailAddressesOf(db: DbOrTx, owner: OwnerScope): Promise<string[]> {
    const rows = await db
      .select({ email: mailAddresses.email })
      .from(mailAddresses)
      .where(eq(mailAddresses.personId, owner.personId));
    return rows.map((r) => r.email);
  },

  /**
   * Mail addresses and phone numbers of these persons that they shared (intern or extern) with the club:
   * the SQL twin of the policy's `sharedItem.view`, for a club the scope belongs to (else nothing).
   */
  async sharedContacts(
    db: DbOrTx,
    scope: Pick<ActorScope, 'tenantIds'>,
    tenantId: string,
    personIds: string[],
  ): Promise<{ mails: Map<string, string[]>; phones: Map<string, string[]> }> {
    const mails = new Map<string, string[]>();
    const phones = new Map<string, string[]>();
    if (personIds.length === 0 || !scope.tenantIds.includes(tenantId)) return { mails, phones };
    // What each person shared (intern or extern) with this club, for one kind of contact data.
    const sharedValues = (
      kind: 'mail' | 'phone',
      table: typeof mailAddresses | typeof phoneNumbers,
      value: AnyColumn,
    ) =>
      db
        .selectDistinct({
          personId: table.personId,
          value: sql<string>`${value}`,
          createdAt: table.createdAt,
        })
        .from(table)
        .innerJoin(
          itemSharing,
          and(
            eq(itemSharing.itemKind, kind),
            eq(itemSharing.itemId, table.id),
            eq(itemSharing.personId, table.personId),
            eq(itemSharing.tenantId, tenantId),
            or(eq(itemSharing.intern, true), eq(itemSharing.extern, true)),
          ),
        )
        .where(inArray(table.personId, personIds))
        .orderBy(asc(table.createdAt));
    const mailRows = await sharedValues('mail', mailAddresses, mailAddresses.email);
    const phoneRows = await sharedValues('phone', phoneNumbers, phoneNumbers.number);
    for (const r of mailRows) mails.set(r.personId, [...(mails.get(r.personId) ?? []), r.value]);
    for (const r of phoneRows) phones.set(r.personId, [...(phones.get(r.personId) ?? []), r.value]);
    return { mails, phones };
  },
};
