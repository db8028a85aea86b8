import type { LogAction, LogMessage, LogMessageList, LogMessageQuery } from '@vereinsheim/contracts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { render, renderFirst, type Language, type Text, type TextParams } from '../../lib/i18n.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import type { OwnerScope } from '../../policy/index.ts';
import { activityLogRepository as repo, type LogRow } from './activity-log.repository.ts';

/** One changed field: its name (a column, e.g. `streetNumber`) and the values as stored (raw, IBANs masked). */
export interface LogChange {
  field: string;
  old: string | null;
  new: string | null;
}

export interface LogEntry {
  /** Whose data changed. */
  personId: string;
  /** Who changed it (null: the system). */
  actorPersonId: string | null;
  action: LogAction;
  entityKind: string;
  entityId?: string | null;
  tenantId?: string | null;
  /** The entry's text: a key under `log.` with parameters (bank data already masked, see maskIban). */
  summary: Text & { params?: TextParams };
  changes?: LogChange[];
}

const rowOf = (entry: LogEntry) => ({
  personId: entry.personId,
  actorPersonId: entry.actorPersonId,
  action: entry.action,
  entityKind: entry.entityKind,
  entityId: entry.entityId ?? null,
  tenantId: entry.tenantId ?? null,
  summaryKey: entry.summary.key,
  summaryParams: entry.summary.params ?? {},
  changes: entry.changes ?? [],
});

/**
 * Writes one activity-log row. Call it inside the transaction of the change it describes, so that
 * a failed change leaves no log row (and a failed log write undoes the change).
 */
export async function writeLog(tx: Tx, entry: LogEntry): Promise<void> {
  await repo.insert(tx, rowOf(entry));
}

/** Writes many activity-log rows in one statement (a bulk change, e.g. a member import), in its transaction. */
export async function writeLogs(tx: Tx, entries: readonly LogEntry[]): Promise<void> {
  await repo.insertMany(tx, entries.map(rowOf));
}

/** DE89370400440532013000 → "DE89 **** **** **** **** 00": country, check digits and the last two stay. */
export function maskIban(iban: string | null | undefined): string | null {
  if (!iban) return null;
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (compact.length <= 6) return '*'.repeat(compact.length);
  const masked = compact.slice(0, 4) + '*'.repeat(compact.length - 6) + compact.slice(-2);
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A field's label: the kind's own (`log.field.<kind>.<field>`), else the common one; unknown: as stored. */
const fieldLabel = (lng: Language, kind: string, field: string) =>
  renderFirst(lng, [`log.field.${kind}.${field}`, `log.field.${field}`], field);

/** A value as the reader reads it: enumerations and yes/no translated, anything else as stored. */
function valueText(lng: Language, kind: string, field: string, value: string | null): string | null {
  if (value === null) return null;
  return renderFirst(lng, [`log.value.${kind}.${field}.${value}`, `log.value.${field}.${value}`], value);
}

/** Renders a stored row in the reader's language: its summary, and the changed fields' labels and values. */
export function presentLog(lng: Language, log: LogRow): Pick<LogMessage, 'summary' | 'changes'> {
  const changes = log.changes.map((c) => ({
    field: fieldLabel(lng, log.entityKind, c.field),
    old: valueText(lng, log.entityKind, c.field, c.old),
    new: valueText(lng, log.entityKind, c.field, c.new),
  }));
  const empty = render(lng, { key: 'log.empty' });
  const changeList = changes
    .map((c) =>
      render(lng, {
        key: 'log.change',
        params: { field: c.field, old: c.old ?? empty, new: c.new ?? empty },
      }),
    )
    .join(render(lng, { key: 'log.changeSeparator' }));
  const summary = render(lng, {
    key: log.summaryKey,
    params: { ...(log.summaryParams as TextParams), changes: changeList },
  });
  return { summary, changes };
}

export const activityLogService = {
  /** Ordered by creation time (the only `orderby`, checked by the contract), newest first by default. */
  async listMine(
    db: DbOrTx,
    owner: OwnerScope,
    query: LogMessageQuery,
    lng: Language,
  ): Promise<LogMessageList> {
    const order = query.orderbytype ?? 'descending';
    const window = pageWindow(query);
    const { rows, total } = await repo.listForPerson(db, owner, {
      order,
      limit: window.limit,
      offset: window.offset,
    });
    const actorIds = [...new Set(rows.map((r) => r.log.actorPersonId).filter((id): id is string => !!id))];
    const byId = new Map((await repo.actorNames(db, actorIds)).map((a) => [a.id, a]));
    const items: LogMessage[] = rows.map(({ log, tenantName }) => ({
      id: log.id,
      createdAt: log.createdAt.toISOString(),
      action: log.action as LogAction,
      entityKind: log.entityKind,
      entityId: log.entityId,
      tenantId: log.tenantId,
      tenantName: tenantName ?? null,
      actor: log.actorPersonId ? (byId.get(log.actorPersonId) ?? null) : null,
      ...presentLog(lng, log),
    }));
    return pagedList(items, total, window, order);
  },
};
