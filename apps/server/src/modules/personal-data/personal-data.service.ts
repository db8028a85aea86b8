import { and, asc, count, desc, eq, exists, inArray, ne, or, sql } from 'drizzle-orm';
import type { PersonalListQuery, ScopedSharingTenant } from '@vereinsheim/contracts';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { itemSharing, persons, tenants, type mailAddresses } from '../../db/schema/index.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { badRequest, conflict, notFound } from '../../lib/problem.ts';
import type { Actor } from '../../plugins/auth.ts';
import { writeLog, type LogChange } from '../activity-log/activity-log.ts';
import { tenantsRepository } from '../tenants/tenants.repository.ts';
import { text, type KindDef } from './personal-data.kinds.ts';

type Row = Record<string, unknown> & {
  id: string;
  personId: string;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
};
type SharingRow = typeof itemSharing.$inferSelect;
type TenantRow = typeof tenants.$inferSelect;

export type Scope = 'intern' | 'extern';
const VIEW_DE: Record<Scope | 'default', string> = {
  default: 'Verein',
  intern: 'interne Ansicht (Kontakt)',
  extern: 'externe Ansicht (Mitglieder)',
};

const tenantHeader = (t: TenantRow) =>
  t.themeInfos.find((theme) => theme.themeType === 'public')?.detailHeaderImage ?? t.headerImageUrl;
const tenantAvatar = (t: TenantRow) => t.avatarImageUrl ?? t.logoUrl;

async function memberTenants(db: DbOrTx, personId: string): Promise<TenantRow[]> {
  const ids = await tenantsRepository.memberTenantIds(db, personId);
  if (!ids.length) return [];
  return db.select().from(tenants).where(inArray(tenants.id, ids));
}

/** Builds the API items: columns + creator + every member club (and other holders) with their views. */
export async function presentItems(
  db: DbOrTx,
  def: KindDef,
  personId: string,
  rows: Row[],
): Promise<Record<string, unknown>[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [sharing, clubs] = await Promise.all([
    db
      .select({ sharing: itemSharing, tenant: tenants })
      .from(itemSharing)
      .innerJoin(tenants, eq(tenants.id, itemSharing.tenantId))
      .where(and(eq(itemSharing.itemKind, def.kind), inArray(itemSharing.itemId, ids))),
    memberTenants(db, personId),
  ]);
  const creatorIds = [...new Set(rows.map((r) => r.createdBy).filter((id): id is string => !!id))];
  const creators = creatorIds.length
    ? await db
        .select({ id: persons.id, firstName: persons.firstName, lastName: persons.lastName })
        .from(persons)
        .where(inArray(persons.id, creatorIds))
    : [];
  const creatorById = new Map(creators.map((c) => [c.id, c]));
  return rows.map((row) => {
    const mine = sharing.filter((s) => s.sharing.itemId === row.id);
    const tenantsById = new Map<string, TenantRow>(clubs.map((c) => [c.id, c]));
    for (const s of mine) tenantsById.set(s.tenant.id, s.tenant);
    const scoped: ScopedSharingTenant[] = [...tenantsById.values()]
      .sort((a, b) => a.name.localeCompare(b.name, 'de'))
      .map((t) => {
        const s = mine.find((m) => m.tenant.id === t.id)?.sharing;
        return {
          id: t.id,
          name: t.name,
          headerImageUrl: tenantHeader(t),
          avatarImageUrl: tenantAvatar(t),
          isLocked: s?.locked ?? false,
          lockedReason: s?.locked ? (s.lockedReason ?? null) : null,
          isIntern: s?.intern ?? false,
          isExtern: s?.extern ?? false,
          isDefault: s?.isDefault ?? false,
        };
      });
    const { personId: _p, createdBy, createdAt, updatedAt, ...columns } = row;
    return {
      ...columns,
      ...def.present?.(row),
      ...(def.kind === 'bankaccount' ? { isLocked: scoped.some((s) => s.isLocked) } : {}),
      creator: createdBy ? (creatorById.get(createdBy) ?? null) : null,
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
      scopedSharingTenants: scoped,
    };
  });
}

/** The person's own item, locked for update; anything else (another person's id) is 404. */
async function findOwn(tx: DbOrTx, def: KindDef, personId: string, id: string, lock = true): Promise<Row> {
  const t = def.table;
  const query = tx
    .select()
    .from(t)
    .where(and(eq(t.id, id), eq(t.personId, personId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(`Unknown ${def.kind}.`);
  return row;
}

async function presentOne(tx: DbOrTx, def: KindDef, personId: string, id: string) {
  const row = await findOwn(tx, def, personId, id, false);
  const [item] = await presentItems(tx, def, personId, [row]);
  return item!;
}

/** Unsets the other items' default flag; the first item of a kind becomes the default. */
async function settleDefault(
  tx: Tx,
  def: KindDef,
  personId: string,
  id: string,
  wantsDefault: boolean | undefined,
) {
  if (!def.hasDefault) return;
  const t = def.table as unknown as typeof mailAddresses;
  if (wantsDefault) {
    await tx
      .update(t)
      .set({ isDefault: false })
      .where(and(eq(t.personId, personId), ne(t.id, id)));
    return;
  }
  const [others] = await tx
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.personId, personId), ne(t.id, id)));
  if ((others?.n ?? 0) === 0) await tx.update(t).set({ isDefault: true }).where(eq(t.id, id));
}

const fmt = (def: KindDef, field: string, value: unknown): string | null => {
  if (def.logValue) return def.logValue(field, value);
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  return text(value);
};

function diff(def: KindDef, before: Row, after: Record<string, unknown>): LogChange[] {
  const changes: LogChange[] = [];
  for (const [field, label] of Object.entries(def.fields)) {
    if (!(field in after)) continue;
    const old = fmt(def, field, before[field]);
    const now = fmt(def, field, after[field]);
    if (old !== now) changes.push({ field: label, old, new: now });
  }
  return changes;
}

const words = (changes: LogChange[]) =>
  changes.map((c) => `${c.field}: ${c.old ?? '–'} → ${c.new ?? '–'}`).join('; ');

async function tenantOrNotFound(tx: DbOrTx, personId: string, tenantId: string): Promise<TenantRow> {
  const [member] = await tenantsRepository.memberTenantIds(tx, personId, [tenantId]);
  if (!member) throw notFound('Unknown club: you can share data only with clubs you belong to.');
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  if (!row) throw notFound('Unknown club.');
  return row;
}

function lockedProblem(tenantName: string, reason: string | null, what: 'remove' | 'delete') {
  const because = reason ? ` Grund: ${reason}` : '';
  return what === 'delete'
    ? conflict(`Dieser Eintrag ist für ${tenantName} gesperrt und kann nicht gelöscht werden.${because}`)
    : conflict(`Die Freigabe für ${tenantName} ist gesperrt und kann nicht entfernt werden.${because}`);
}

export const personalDataService = {
  async list(db: Database, actor: Actor, def: KindDef, query: PersonalListQuery) {
    const orderby = query.orderby?.toLowerCase();
    if (orderby && orderby !== 'createdat') {
      throw badRequest('Invalid orderby: personal data is ordered by CreatedAt.', [
        { field: 'orderby', message: 'expected CreatedAt' },
      ]);
    }
    const t = def.table;
    const where = and(
      eq(t.personId, actor.personId),
      query.tenantId
        ? exists(
            db
              .select({ one: sql`1` })
              .from(itemSharing)
              .where(
                and(
                  eq(itemSharing.itemKind, def.kind),
                  eq(itemSharing.itemId, t.id),
                  eq(itemSharing.tenantId, query.tenantId),
                  or(itemSharing.isDefault, itemSharing.intern, itemSharing.extern),
                ),
              ),
          )
        : undefined,
    );
    const order = query.orderbytype ?? 'ascending';
    const by = order === 'ascending' ? [asc(t.createdAt), asc(t.id)] : [desc(t.createdAt), desc(t.id)];
    if (def.listShape === 'array') {
      const rows = (await db
        .select()
        .from(t)
        .where(where)
        .orderBy(...by)) as unknown as Row[];
      return presentItems(db, def, actor.personId, rows);
    }
    const window = pageWindow(query);
    const rows = (await db
      .select()
      .from(t)
      .where(where)
      .orderBy(...by)
      .limit(window.limit)
      .offset(window.offset)) as unknown as Row[];
    const [total] = await db.select({ n: count() }).from(t).where(where);
    return pagedList(await presentItems(db, def, actor.personId, rows), total?.n ?? 0, window, order);
  },

  async create(db: Database, actor: Actor, def: KindDef, input: Record<string, unknown>) {
    const values = def.normalize(input);
    return db.transaction(async (tx) => {
      const [row] = (await tx
        .insert(def.table)
        .values({ ...values, personId: actor.personId, createdBy: actor.personId } as never)
        .returning()) as unknown as Row[];
      await settleDefault(tx, def, actor.personId, row!.id, values.isDefault as boolean | undefined);
      await writeLog(tx, {
        personId: actor.personId,
        actorPersonId: actor.personId,
        action: 'created',
        entityKind: def.kind,
        entityId: row!.id,
        summary: `${def.label} angelegt: ${def.describe(row!)}`,
      });
      return presentOne(tx, def, actor.personId, row!.id);
    });
  },

  async update(db: Database, actor: Actor, def: KindDef, id: string, input: Record<string, unknown>) {
    const values = def.normalize(input);
    return db.transaction(async (tx) => {
      const before = await findOwn(tx, def, actor.personId, id);
      await tx
        .update(def.table)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(def.table.id, id));
      await settleDefault(tx, def, actor.personId, id, values.isDefault as boolean | undefined);
      const changes = diff(def, before, values);
      if (changes.length) {
        await writeLog(tx, {
          personId: actor.personId,
          actorPersonId: actor.personId,
          action: 'updated',
          entityKind: def.kind,
          entityId: id,
          summary: `${def.label} geändert: ${words(changes)}`,
          changes,
        });
      }
      return presentOne(tx, def, actor.personId, id);
    });
  },

  async remove(db: Database, actor: Actor, def: KindDef, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const before = await findOwn(tx, def, actor.personId, id);
      const [locked] = await tx
        .select({ name: tenants.name, reason: itemSharing.lockedReason })
        .from(itemSharing)
        .innerJoin(tenants, eq(tenants.id, itemSharing.tenantId))
        .where(
          and(eq(itemSharing.itemKind, def.kind), eq(itemSharing.itemId, id), eq(itemSharing.locked, true)),
        )
        .limit(1);
      if (locked) throw lockedProblem(locked.name, locked.reason, 'delete');
      await tx.delete(itemSharing).where(and(eq(itemSharing.itemKind, def.kind), eq(itemSharing.itemId, id)));
      await tx.delete(def.table).where(eq(def.table.id, id));
      await writeLog(tx, {
        personId: actor.personId,
        actorPersonId: actor.personId,
        action: 'deleted',
        entityKind: def.kind,
        entityId: id,
        summary: `${def.label} gelöscht: ${def.describe(before)}`,
      });
    });
  },

  /** PUT …/{id}/share: exactly these clubs hold the item; clubs left out lose every view. */
  async shareWith(db: Database, actor: Actor, def: KindDef, id: string, tenantIds: string[]) {
    const wanted = [...new Set(tenantIds)];
    return db.transaction(async (tx) => {
      const row = await findOwn(tx, def, actor.personId, id);
      const clubs = new Map<string, TenantRow>();
      for (const tenantId of wanted)
        clubs.set(tenantId, await tenantOrNotFound(tx, actor.personId, tenantId));
      const existing = await tx
        .select({ sharing: itemSharing, name: tenants.name })
        .from(itemSharing)
        .innerJoin(tenants, eq(tenants.id, itemSharing.tenantId))
        .where(and(eq(itemSharing.itemKind, def.kind), eq(itemSharing.itemId, id)));
      for (const { sharing, name } of existing) {
        if (wanted.includes(sharing.tenantId)) continue;
        if (sharing.locked) throw lockedProblem(name, sharing.lockedReason, 'remove');
        await tx.delete(itemSharing).where(eq(itemSharing.id, sharing.id));
        await writeLog(tx, {
          personId: actor.personId,
          actorPersonId: actor.personId,
          action: 'unshared',
          entityKind: def.kind,
          entityId: id,
          tenantId: sharing.tenantId,
          summary: `Freigabe von ${def.label} „${def.describe(row)}“ für ${name} entfernt`,
        });
      }
      for (const [tenantId, club] of clubs) {
        const current = existing.find((e) => e.sharing.tenantId === tenantId)?.sharing;
        if (current?.isDefault) continue;
        await upsertSharing(tx, def, actor.personId, id, tenantId, { isDefault: true });
        await writeLog(tx, {
          personId: actor.personId,
          actorPersonId: actor.personId,
          action: 'shared',
          entityKind: def.kind,
          entityId: id,
          tenantId,
          summary: `${def.label} „${def.describe(row)}“ für ${club.name} freigegeben (${VIEW_DE.default})`,
        });
      }
      return presentOne(tx, def, actor.personId, id);
    });
  },

  /** POST …/{id}/share/{intern|extern}[/remove]: one club, one view. */
  async shareScope(
    db: Database,
    actor: Actor,
    def: KindDef,
    id: string,
    scope: Scope,
    add: boolean,
    body: { tenantId: string; entityId?: string | undefined },
  ) {
    if (body.entityId && body.entityId !== id) {
      throw badRequest('Invalid entityId: it must name the item of the path.', [
        { field: 'entityId', message: 'must equal the id in the path' },
      ]);
    }
    return db.transaction(async (tx) => {
      const row = await findOwn(tx, def, actor.personId, id);
      const [current] = await tx
        .select()
        .from(itemSharing)
        .where(
          and(
            eq(itemSharing.itemKind, def.kind),
            eq(itemSharing.itemId, id),
            eq(itemSharing.tenantId, body.tenantId),
          ),
        )
        .for('update');
      if (add) {
        const club = await tenantOrNotFound(tx, actor.personId, body.tenantId);
        if (!current?.[scope]) {
          await upsertSharing(tx, def, actor.personId, id, body.tenantId, { [scope]: true });
          await writeLog(tx, {
            personId: actor.personId,
            actorPersonId: actor.personId,
            action: 'shared',
            entityKind: def.kind,
            entityId: id,
            tenantId: body.tenantId,
            summary: `${def.label} „${def.describe(row)}“ für ${club.name} freigegeben (${VIEW_DE[scope]})`,
          });
        }
      } else {
        if (!current) {
          // Nothing to remove; a club the person does not belong to stays unknown.
          await tenantOrNotFound(tx, actor.personId, body.tenantId);
        } else if (current[scope]) {
          const [club] = await tx.select().from(tenants).where(eq(tenants.id, body.tenantId));
          if (current.locked) throw lockedProblem(club!.name, current.lockedReason, 'remove');
          const next = { ...current, [scope]: false };
          if (!next.isDefault && !next.intern && !next.extern) {
            await tx.delete(itemSharing).where(eq(itemSharing.id, current.id));
          } else {
            await tx
              .update(itemSharing)
              .set({ [scope]: false, updatedAt: new Date() })
              .where(eq(itemSharing.id, current.id));
          }
          await writeLog(tx, {
            personId: actor.personId,
            actorPersonId: actor.personId,
            action: 'unshared',
            entityKind: def.kind,
            entityId: id,
            tenantId: body.tenantId,
            summary: `Freigabe von ${def.label} „${def.describe(row)}“ für ${club!.name} entfernt (${VIEW_DE[scope]})`,
          });
        }
      }
      return presentOne(tx, def, actor.personId, id);
    });
  },
};

async function upsertSharing(
  tx: Tx,
  def: KindDef,
  personId: string,
  itemId: string,
  tenantId: string,
  flags: Partial<Pick<SharingRow, 'isDefault' | 'intern' | 'extern'>>,
) {
  await tx
    .insert(itemSharing)
    .values({ personId, itemKind: def.kind, itemId, tenantId, ...flags })
    .onConflictDoUpdate({
      target: [itemSharing.itemKind, itemSharing.itemId, itemSharing.tenantId],
      set: { ...flags, updatedAt: new Date() },
    });
}
