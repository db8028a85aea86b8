import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { LogAction, LogMessage, LogMessageList, PagedQuery } from '@vereinsheim/contracts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { logMessages, persons, tenants } from '../../db/schema/index.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { badRequest } from '../../lib/problem.ts';

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
  /** German, in words; bank data already masked (see maskIban). */
  summary: string;
  changes?: LogChange[];
}

/**
 * Writes one activity-log row. Call it inside the transaction of the change it describes, so that
 * a failed change leaves no log row (and a failed log write undoes the change).
 */
export async function writeLog(tx: Tx, entry: LogEntry): Promise<void> {
  await tx.insert(logMessages).values({
    personId: entry.personId,
    actorPersonId: entry.actorPersonId,
    action: entry.action,
    entityKind: entry.entityKind,
    entityId: entry.entityId ?? null,
    tenantId: entry.tenantId ?? null,
    summary: entry.summary,
    changes: entry.changes ?? [],
  });
}

/** DE89370400440532013000 → "DE89 **** **** **** **** 00": country, check digits and the last two stay. */
export function maskIban(iban: string | null | undefined): string | null {
  if (!iban) return null;
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (compact.length <= 6) return '*'.repeat(compact.length);
  const masked = compact.slice(0, 4) + '*'.repeat(compact.length - 6) + compact.slice(-2);
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

const ORDERABLE = new Set(['created', 'createdat']);

export const activityLogService = {
  async listMine(db: DbOrTx, personId: string, query: PagedQuery): Promise<LogMessageList> {
    if (query.orderby && !ORDERABLE.has(query.orderby.toLowerCase())) {
      throw badRequest('Invalid orderby: log messages are ordered by created.', [
        { field: 'orderby', message: 'expected created' },
      ]);
    }
    const order = query.orderbytype ?? 'descending';
    const window = pageWindow(query);
    const where = eq(logMessages.personId, personId);
    const rows = await db
      .select({ log: logMessages, tenantName: tenants.name })
      .from(logMessages)
      .leftJoin(tenants, eq(tenants.id, logMessages.tenantId))
      .where(where)
      .orderBy(
        order === 'descending' ? desc(logMessages.createdAt) : logMessages.createdAt,
        order === 'descending' ? desc(logMessages.id) : logMessages.id,
      )
      .limit(window.limit)
      .offset(window.offset);
    const [total] = await db.select({ n: count() }).from(logMessages).where(where);
    const actorIds = [...new Set(rows.map((r) => r.log.actorPersonId).filter((id): id is string => !!id))];
    const actors = actorIds.length
      ? await db
          .select({ id: persons.id, firstName: persons.firstName, lastName: persons.lastName })
          .from(persons)
          .where(and(inArray(persons.id, actorIds)))
      : [];
    const byId = new Map(actors.map((a) => [a.id, a]));
    const items: LogMessage[] = rows.map(({ log, tenantName }) => ({
      id: log.id,
      createdAt: log.createdAt.toISOString(),
      action: log.action as LogAction,
      entityKind: log.entityKind,
      entityId: log.entityId,
      tenantId: log.tenantId,
      tenantName: tenantName ?? null,
      actor: log.actorPersonId ? (byId.get(log.actorPersonId) ?? null) : null,
      summary: log.summary,
      changes: log.changes,
    }));
    return pagedList(items, total?.n ?? 0, window, order);
  },
};
