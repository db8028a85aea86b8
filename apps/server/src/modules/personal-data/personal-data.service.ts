import type {
  LogAction,
  PersonalItemKind,
  PersonalListQuery,
  ScopedSharingTenant,
} from '@vereinsheim/contracts';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import type { Text, TextParams } from '../../lib/i18n.ts';
import { collator } from '../../lib/intl.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { problem } from '../../lib/problem.ts';
import { authorize, notVisible, type Actor, type ActorScope, type OwnerScope } from '../../policy/index.ts';
import { writeLog, type LogChange } from '../activity-log/index.ts';
import { tenantsByIds } from '../tenants/index.ts';
import { KINDS, text, type KindDef } from './personal-data.kinds.ts';
import {
  personalDataRepository as repo,
  type CreatorName,
  type ItemRow as Row,
  type SharingFlags,
  type TenantRow,
} from './personal-data.repository.ts';

export type Scope = 'intern' | 'extern';

/** The log's texts for an item: its kind's label, its description, a club view. */
const kindLabel = (def: KindDef): Text => ({ key: `log.kind.${def.kind}` });
const viewLabel = (view: Scope | 'default'): Text => ({ key: `log.view.${view}` });
const itemText = (key: string, def: KindDef, row: Row, extra: TextParams = {}): Text => ({
  key: `log.item.${key}`,
  params: { kind: kindLabel(def), item: def.describe(row), ...extra },
});

const tenantHeader = (t: TenantRow) =>
  t.themeInfos.find((theme) => theme.themeType === 'public')?.detailHeaderImage ?? t.headerImageUrl;
const tenantAvatar = (t: TenantRow) => t.avatarImageUrl ?? t.logoUrl;

/**
 * Builds the API items: columns + creator + every club of the owner (and other holders) with their
 * views. `clubIds`: the owner's clubs (their scope, loaded before any transaction).
 */
async function presentItems(
  db: DbOrTx,
  def: KindDef,
  owner: OwnerScope,
  clubIds: readonly string[],
  rows: Row[],
  knownCreators?: Map<string, CreatorName>,
): Promise<Record<string, unknown>[]> {
  if (!rows.length) return [];
  const creatorIds = [...new Set(rows.map((r) => r.createdBy).filter((id): id is string => !!id))];
  const [{ sharing, clubs }, creators] = await Promise.all([
    repo.sharingWithClubs(
      db,
      owner,
      def,
      rows.map((r) => r.id),
      clubIds,
    ),
    // Lists read the creators' names with their rows; a single item asks here.
    creatorIds.length && !knownCreators ? repo.creatorNames(db, creatorIds) : Promise.resolve([]),
  ]);
  const creatorById = knownCreators ?? new Map(creators.map((c) => [c.id, c]));
  return rows.map((row) => {
    const mine = sharing.filter((s) => s.sharing.itemId === row.id);
    const tenantsById = new Map<string, TenantRow>(clubs.map((c) => [c.id, c]));
    for (const s of mine) tenantsById.set(s.tenant.id, s.tenant);
    const scoped: ScopedSharingTenant[] = [...tenantsById.values()]
      .sort((a, b) => collator('de').compare(a.name, b.name))
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

/** Every kind's items of the actor, by kind (the profile shows them all). */
export async function personalDataOf(
  db: DbOrTx,
  actor: Actor,
): Promise<Record<PersonalItemKind, Record<string, unknown>[]>> {
  const { tenantIds } = await actor.scope();
  const lists = await Promise.all(
    KINDS.map(async (def) => {
      const { rows, creators } = await repo.list(db, actor, def, { order: 'ascending' });
      return [def.kind, await presentItems(db, def, actor, tenantIds, rows, creators)] as const;
    }),
  );
  return Object.fromEntries(lists) as Record<PersonalItemKind, Record<string, unknown>[]>;
}

/** The person's mail addresses (account deletion clears mails sent to them). */
export const mailAddressesOf = (db: DbOrTx, owner: OwnerScope) => repo.mailAddressesOf(db, owner);

/** Sign-up of the embedded provider: the sign-up address becomes the person's first mail item. */
export const addSignUpMailAddress = (tx: DbOrTx, personId: string, email: string) =>
  repo.insertSignUpMail(tx, { personId }, email);

/**
 * A club's view of its members' mail addresses and phone numbers: only what each shared (intern or
 * extern) with that club, and only for a club of the actor (`sharedItem.view`).
 */
export const sharedContactsFor = (
  db: DbOrTx,
  scope: Pick<ActorScope, 'tenantIds'>,
  tenantId: string,
  personIds: string[],
) => repo.sharedContacts(db, scope, tenantId, personIds);

/** The actor's own item, locked for update; anything else (another person's id) is 404. */
async function findOwn(tx: DbOrTx, def: KindDef, actor: Actor, id: string, lock = true): Promise<Row> {
  const row = await repo.findOwn(tx, actor, def, id, lock);
  if (!row) throw notVisible(def.kind);
  await authorize(actor, 'own.write', { type: 'owned', what: def.kind, personId: row.personId });
  return row;
}

async function presentOne(tx: DbOrTx, def: KindDef, actor: Actor, scope: ActorScope, id: string) {
  const row = await findOwn(tx, def, actor, id, false);
  const [item] = await presentItems(tx, def, actor, scope.tenantIds, [row]);
  return item!;
}

/** Unsets the other items' default flag; the first item of a kind becomes the default. */
async function settleDefault(
  tx: Tx,
  def: KindDef,
  owner: OwnerScope,
  id: string,
  wantsDefault: boolean | undefined,
) {
  if (!def.hasDefault) return;
  if (wantsDefault || (await repo.countOthers(tx, owner, def, id)) === 0)
    await repo.makeOnlyDefault(tx, owner, def, id);
}

/** One activity-log row about the actor's own item, in the caller's transaction. */
function logItem(
  tx: Tx,
  actor: Actor,
  def: KindDef,
  itemId: string,
  action: LogAction,
  summary: Text,
  extra: { tenantId?: string; changes?: LogChange[] } = {},
) {
  return writeLog(tx, {
    personId: actor.personId,
    actorPersonId: actor.personId,
    action,
    entityKind: def.kind,
    entityId: itemId,
    summary,
    ...extra,
  });
}

/** A value as the log stores it: raw (booleans as true/false), masked where the kind says so. */
const fmt = (def: KindDef, field: string, value: unknown): string | null => {
  if (def.logValue) return def.logValue(field, value);
  if (value === null || value === undefined || value === '') return null;
  return text(value);
};

function diff(def: KindDef, before: Row, after: Record<string, unknown>): LogChange[] {
  const changes: LogChange[] = [];
  for (const field of def.fields) {
    if (!(field in after)) continue;
    const old = fmt(def, field, before[field]);
    const now = fmt(def, field, after[field]);
    if (old !== now) changes.push({ field, old, new: now });
  }
  return changes;
}

/** A club the actor belongs to (data is shared only with one's own clubs); else 404. */
async function clubOrNotFound(tx: DbOrTx, actor: Actor, tenantId: string): Promise<TenantRow> {
  await authorize(actor, 'club.view', { type: 'club', tenantId });
  const [row] = await tenantsByIds(tx, [tenantId]);
  if (!row) throw notVisible('club');
  return row;
}

/** 409: a club holds the item under a lock (its reason is the club's own words). */
function lockedProblem(tenantName: string, reason: string | null, what: 'remove' | 'delete') {
  const code = `personalData.locked${what === 'delete' ? 'Delete' : 'Remove'}${reason ? 'Because' : ''}`;
  return problem(409, code, { params: { club: tenantName, reason: reason ?? '' } });
}

export const personalDataService = {
  async list(db: Database, actor: Actor, def: KindDef, query: PersonalListQuery) {
    const order = query.orderbytype ?? 'ascending';
    const { tenantIds } = await actor.scope();
    if (def.listShape === 'array') {
      const { rows, creators } = await repo.list(db, actor, def, { tenantId: query.tenantId, order });
      return presentItems(db, def, actor, tenantIds, rows, creators);
    }
    const window = pageWindow(query);
    const { rows, total, creators } = await repo.list(db, actor, def, {
      tenantId: query.tenantId,
      order,
      page: { limit: window.limit, offset: window.offset },
    });
    return pagedList(await presentItems(db, def, actor, tenantIds, rows, creators), total, window, order);
  },

  async create(db: Database, actor: Actor, def: KindDef, input: Record<string, unknown>) {
    const values = def.normalize(input);
    const scope = await actor.scope(); // before the transaction: PGlite has one connection
    return db.transaction(async (tx) => {
      const row = await repo.insert(tx, actor, def, values);
      await settleDefault(tx, def, actor, row.id, values.isDefault as boolean | undefined);
      await logItem(tx, actor, def, row.id, 'created', itemText('created', def, row));
      return presentOne(tx, def, actor, scope, row.id);
    });
  },

  async update(db: Database, actor: Actor, def: KindDef, id: string, input: Record<string, unknown>) {
    const values = def.normalize(input);
    const scope = await actor.scope();
    return db.transaction(async (tx) => {
      const before = await findOwn(tx, def, actor, id);
      await repo.update(tx, actor, def, id, values);
      await settleDefault(tx, def, actor, id, values.isDefault as boolean | undefined);
      const changes = diff(def, before, values);
      if (changes.length) {
        await logItem(
          tx,
          actor,
          def,
          id,
          'updated',
          { key: 'log.item.updated', params: { kind: kindLabel(def) } },
          { changes },
        );
      }
      return presentOne(tx, def, actor, scope, id);
    });
  },

  async remove(db: Database, actor: Actor, def: KindDef, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const before = await findOwn(tx, def, actor, id);
      const locked = (await repo.sharingOf(tx, actor, def, [id])).find((s) => s.sharing.locked);
      if (locked) throw lockedProblem(locked.tenant.name, locked.sharing.lockedReason, 'delete');
      await repo.delete(tx, actor, def, id);
      await logItem(tx, actor, def, id, 'deleted', itemText('deleted', def, before));
    });
  },

  /** PUT …/{id}/share: exactly these clubs hold the item; clubs left out lose every view. */
  async shareWith(db: Database, actor: Actor, def: KindDef, id: string, tenantIds: string[]) {
    const wanted = [...new Set(tenantIds)];
    const scope = await actor.scope();
    return db.transaction(async (tx) => {
      const row = await findOwn(tx, def, actor, id);
      const clubs = new Map<string, TenantRow>();
      for (const tenantId of wanted) clubs.set(tenantId, await clubOrNotFound(tx, actor, tenantId));
      const existing = await repo.sharingOf(tx, actor, def, [id]);
      for (const { sharing, tenant } of existing) {
        if (wanted.includes(sharing.tenantId)) continue;
        if (sharing.locked) throw lockedProblem(tenant.name, sharing.lockedReason, 'remove');
        await repo.deleteSharing(tx, actor, sharing.id);
        await logItem(tx, actor, def, id, 'unshared', itemText('unshared', def, row, { club: tenant.name }), {
          tenantId: sharing.tenantId,
        });
      }
      for (const [tenantId, club] of clubs) {
        const current = existing.find((e) => e.sharing.tenantId === tenantId)?.sharing;
        if (current?.isDefault) continue;
        await repo.upsertSharing(tx, actor, def, id, tenantId, { isDefault: true });
        const summary = itemText('shared', def, row, { club: club.name, view: viewLabel('default') });
        await logItem(tx, actor, def, id, 'shared', summary, { tenantId });
      }
      return presentOne(tx, def, actor, scope, id);
    });
  },

  /** POST …/{id}/share/{intern|extern}[/remove]: one club, one view. */
  async shareScope(
    db: Database,
    actor: Actor,
    def: KindDef,
    id: string,
    view: Scope,
    add: boolean,
    body: { tenantId: string; entityId?: string | undefined },
  ) {
    if (body.entityId && body.entityId !== id) {
      throw problem(400, 'personalData.entityIdMismatch', {
        errors: [{ field: 'entityId', message: 'must equal the id in the path' }],
      });
    }
    const scope = await actor.scope();
    return db.transaction(async (tx) => {
      const row = await findOwn(tx, def, actor, id);
      const current = await repo.lockSharing(tx, actor, def, id, body.tenantId);
      if (add) {
        const club = await clubOrNotFound(tx, actor, body.tenantId);
        if (!current?.[view]) {
          const flags: SharingFlags = { [view]: true };
          await repo.upsertSharing(tx, actor, def, id, body.tenantId, flags);
          await logItem(
            tx,
            actor,
            def,
            id,
            'shared',
            itemText('shared', def, row, { club: club.name, view: viewLabel(view) }),
            { tenantId: body.tenantId },
          );
        }
      } else if (!current) {
        // Nothing to remove; a club the person does not belong to stays unknown.
        await clubOrNotFound(tx, actor, body.tenantId);
      } else if (current[view]) {
        const [club] = await tenantsByIds(tx, [body.tenantId]);
        if (current.locked) throw lockedProblem(club!.name, current.lockedReason, 'remove');
        const next = { ...current, [view]: false };
        if (!next.isDefault && !next.intern && !next.extern) await repo.deleteSharing(tx, actor, current.id);
        else await repo.setSharingFlags(tx, actor, current.id, { [view]: false });
        await logItem(
          tx,
          actor,
          def,
          id,
          'unshared',
          itemText('unsharedView', def, row, { club: club!.name, view: viewLabel(view) }),
          { tenantId: body.tenantId },
        );
      }
      return presentOne(tx, def, actor, scope, id);
    });
  },
};
