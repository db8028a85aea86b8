import type { InvoiceStatus } from '@vereinsheim/contracts';
import type { Tx } from '../../db/client.ts';
import { writeLog, writeLogs, type LogEntry } from '../activity-log/index.ts';

const statusText = (status: InvoiceStatus) => ({ key: `log.value.invoice.status.${status}` });

/** One change to an invoice, as it goes into the person's activity log. */
export type InvoiceChange = {
  invoiceId: string;
  invoiceNumber: string;
  tenantId: string;
  /** Whose invoice it is (the log belongs to that person); null once they deleted their account. */
  personId: string | null;
  /** Who made the change (null: the system, e.g. the demo seed or a scheduled job). */
  actorPersonId: string | null;
} & (
  | { action: 'created'; status: InvoiceStatus }
  | { action: 'status'; before: InvoiceStatus; after: InvoiceStatus }
);

/** An invoice change as its activity-log entry; none once the person deleted their account. */
function entryOf(change: InvoiceChange): LogEntry | null {
  // A kept invoice of a deleted account has nobody whose log could show the change.
  if (change.personId === null) return null;
  const base = {
    personId: change.personId,
    actorPersonId: change.actorPersonId,
    entityKind: 'invoice',
    entityId: change.invoiceId,
    tenantId: change.tenantId,
  };
  if (change.action === 'created') {
    return {
      ...base,
      action: 'created',
      summary: { key: 'log.invoice.created', params: { number: change.invoiceNumber } },
      changes: [{ field: 'status', old: null, new: change.status }],
    };
  }
  return {
    ...base,
    action: 'updated',
    summary: {
      key: 'log.invoice.statusChanged',
      params: { number: change.invoiceNumber, from: statusText(change.before), to: statusText(change.after) },
    },
    changes: [{ field: 'status', old: change.before, new: change.after }],
  };
}

/** Writes an invoice change to the activity log, in the caller's transaction. */
export async function logInvoiceChange(tx: Tx, change: InvoiceChange): Promise<void> {
  const entry = entryOf(change);
  if (entry) await writeLog(tx, entry);
}

/** Writes many invoice changes (a fee run) to the activity log in one statement, in the caller's transaction. */
export async function logInvoiceChanges(tx: Tx, changes: readonly InvoiceChange[]): Promise<void> {
  await writeLogs(
    tx,
    changes.map(entryOf).filter((entry) => entry !== null),
  );
}
