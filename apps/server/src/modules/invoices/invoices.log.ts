import type { InvoiceStatus } from '@vereinsheim/contracts';
import type { Tx } from '../../db/client.ts';
import { writeLog } from '../activity-log/activity-log.ts';

const STATUS_DE: Record<InvoiceStatus, string> = {
  open: 'offen',
  paid: 'bezahlt',
  overdue: 'überfällig',
  cancelled: 'storniert',
};

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

/** Writes an invoice change to the activity log, in the caller's transaction. */
export async function logInvoiceChange(tx: Tx, change: InvoiceChange): Promise<void> {
  // A kept invoice of a deleted account has nobody whose log could show the change.
  if (change.personId === null) return;
  const base = {
    personId: change.personId,
    actorPersonId: change.actorPersonId,
    entityKind: 'invoice',
    entityId: change.invoiceId,
    tenantId: change.tenantId,
  };
  if (change.action === 'created') {
    await writeLog(tx, {
      ...base,
      action: 'created',
      summary: `Rechnung ${change.invoiceNumber} erstellt`,
      changes: [{ field: 'status', old: null, new: STATUS_DE[change.status] }],
    });
    return;
  }
  await writeLog(tx, {
    ...base,
    action: 'updated',
    summary: `Status der Rechnung ${change.invoiceNumber} geändert: ${STATUS_DE[change.before]} → ${STATUS_DE[change.after]}`,
    changes: [{ field: 'status', old: STATUS_DE[change.before], new: STATUS_DE[change.after] }],
  });
}
