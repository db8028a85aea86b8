import type {
  ClubInvoice,
  ClubInvoiceList,
  ClubInvoiceQuery,
  InvoiceStatus,
  IssueInvoices,
  IssueInvoicesResult,
} from '@vereinsheim/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { render, type Language } from '../../lib/i18n.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { problem } from '../../lib/problem.ts';
import { todayIso } from '../../lib/today.ts';
import { authorize, notVisible, type Actor } from '../../policy/index.ts';
import { writeLog } from '../activity-log/index.ts';
import { effectiveStatus, invoicesService } from '../invoices/index.ts';
import { sendMessage, sendMessages } from '../messages/index.ts';
import { clubAdminRepository as repo } from './club-admin.repository.ts';
import { clubPayee } from './club-settings.service.ts';
import { toCsv } from '../../lib/csv.ts';

type InvoiceRow = NonNullable<Awaited<ReturnType<typeof repo.invoice>>>;

const manage = (actor: Actor, tenantId: string) =>
  authorize(actor, 'club.invoices.manage', { type: 'club', tenantId });

/** R-00001, R-00002, …: one gapless sequence per club. */
export const formatInvoiceNumber = (n: number) => `R-${String(n).padStart(5, '0')}`;

function toClubInvoice(row: InvoiceRow, today = todayIso()): ClubInvoice {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    personId: row.personId,
    recipientName: row.recipientName,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    status: effectiveStatus(row.status, row.dueDate, today),
    paidOn: row.paidOn,
    grossCents: row.grossCents,
    reminderCount: row.reminderCount,
    lastReminderOn: row.lastReminderOn,
  };
}

async function invoiceOrNotFound(db: DbOrTx, tenantId: string, invoiceId: string) {
  const row = await repo.invoice(db, tenantId, invoiceId);
  if (!row || row.direction !== 'incoming') throw notVisible('invoice');
  return row;
}

export const invoicesAdminService = {
  async list(
    db: Database,
    actor: Actor,
    tenantId: string,
    query: ClubInvoiceQuery,
  ): Promise<ClubInvoiceList> {
    await manage(actor, tenantId);
    const window = pageWindow(query);
    const today = todayIso();
    const { rows, total } = await repo.findInvoices(db, tenantId, {
      status: query.status,
      keyword: query.keyword || undefined,
      today,
      limit: window.limit,
      offset: window.offset,
    });
    return pagedList(
      rows.map((r) => toClubInvoice(r, today)),
      total,
      window,
      'descending',
    );
  },

  /**
   * Issues one invoice per recipient in one transaction: numbers from the club's counter row (locked until
   * commit, so concurrent issues queue and a rollback leaves no gap), the member's message, the log entry.
   */
  async issue(
    db: Database,
    actor: Actor,
    tenantId: string,
    input: IssueInvoices,
  ): Promise<IssueInvoicesResult> {
    await manage(actor, tenantId);
    const today = todayIso();
    if (input.dueDate < today) throw problem(422, 'invoice.dueInPast');
    if (input.teamId && !(await repo.teamInClub(db, tenantId, input.teamId))) throw notVisible('team');
    const recipients = await repo.recipients(db, tenantId, {
      role: input.role,
      teamId: input.teamId,
      personIds: input.personIds,
    });
    if (input.personIds && recipients.length !== new Set(input.personIds).size) throw notVisible('member');
    if (recipients.length === 0) throw problem(422, 'invoice.noRecipients');
    return db.transaction(async (tx) => {
      const settings = await repo.clubSettings(tx, tenantId);
      if (!settings) throw notVisible('club');
      const club = settings.name;
      // The club's address, tax number and account at the day of issue (§ 14 Abs. 4 UStG, ADR 0026);
      // without bank details the invoices carry no GiroCode.
      const payee = clubPayee(settings);
      // One statement per table for the whole run, however many members (no statement per recipient).
      const numbers = (await repo.nextInvoiceNumbers(tx, tenantId, recipients.length)).map(
        formatInvoiceNumber,
      );
      const created = await invoicesService.createMany(
        tx,
        recipients.map((person, i) => ({
          tenantId,
          personId: person.id,
          direction: 'incoming' as const,
          number: numbers[i]!,
          title: input.title,
          invoiceDate: today,
          dueDate: input.dueDate,
          status: 'open' as const,
          issuer: {
            name: club,
            street: settings.street,
            city: settings.city,
            taxNumber: settings.taxNumber,
            vatId: settings.vatId,
          },
          recipient: { name: `${person.firstName} ${person.lastName}` },
          payee,
          paymentReference: numbers[i]!,
          serviceDateFrom: input.serviceDateFrom ?? today,
          serviceDateTill: input.serviceDateTill ?? null,
          lines: input.lines.map((l) => ({
            description: l.description,
            quantity: l.quantity,
            unitPriceCents: l.unitPriceCents,
            vatRateBp: Math.round(l.vatRatePercent * 100),
            vatExemptionReason: l.vatExemptionReason || null,
          })),
        })),
        actor.personId,
      );
      if (!created) throw problem(409, 'invoice.numberTaken');
      await sendMessages(
        tx,
        created.map((invoice) => ({
          personId: invoice.personId!,
          tenantId,
          kind: 'invoice_issued' as const,
          text: {
            key: 'invoiceIssued',
            params: { title: input.title, club, amount: invoice.grossCents / 100, due: input.dueDate },
          },
          link: `/invoices/${invoice.id}`,
        })),
      );
      const issued = created.map((invoice) =>
        toClubInvoice({ ...invoice, reminderCount: 0, lastReminderOn: null }, today),
      );
      return { issued, girocode: payee !== null };
    });
  },

  async setStatus(
    db: Database,
    actor: Actor,
    tenantId: string,
    invoiceId: string,
    status: Extract<InvoiceStatus, 'paid' | 'cancelled'>,
    paidOn?: string,
  ): Promise<ClubInvoice> {
    await manage(actor, tenantId);
    const row = await invoiceOrNotFound(db, tenantId, invoiceId);
    if (row.status !== 'open') throw problem(409, 'invoice.notOpen');
    await invoicesService.changeStatus(db, {
      tenantId,
      invoiceId,
      status,
      paidOn,
      actorPersonId: actor.personId,
    });
    return toClubInvoice(await invoiceOrNotFound(db, tenantId, invoiceId));
  },

  /** A payment reminder: the member's message, counted on the invoice. Only for open (or overdue) invoices. */
  async remind(db: Database, actor: Actor, tenantId: string, invoiceId: string): Promise<ClubInvoice> {
    await manage(actor, tenantId);
    return db.transaction(async (tx) => {
      const row = await invoiceOrNotFound(tx, tenantId, invoiceId);
      if (row.status !== 'open') throw problem(409, 'invoice.notOpen');
      if (!row.personId) throw problem(409, 'invoice.noRecipient');
      const today = todayIso();
      await repo.recordReminder(tx, invoiceId, today);
      await writeLog(tx, {
        personId: row.personId,
        actorPersonId: actor.personId,
        action: 'updated',
        entityKind: 'invoice',
        entityId: row.id,
        tenantId,
        summary: { key: 'log.invoice.reminded', params: { number: row.number } },
        changes: [
          { field: 'reminderCount', old: String(row.reminderCount), new: String(row.reminderCount + 1) },
        ],
      });
      await sendMessage(tx, {
        personId: row.personId,
        tenantId,
        kind: 'invoice_issued',
        text: {
          key: 'invoiceReminder',
          params: {
            number: row.number,
            title: row.title,
            club: row.issuerName,
            amount: row.grossCents / 100,
            due: row.dueDate ?? today,
          },
        },
        link: `/invoices/${row.id}`,
      });
      return toClubInvoice(await invoiceOrNotFound(tx, tenantId, invoiceId));
    });
  },

  /** Open and overdue invoices as CSV (column names in the reader's language, UTF-8 BOM). */
  async openItemsCsv(db: Database, actor: Actor, tenantId: string, lng: Language): Promise<string> {
    await manage(actor, tenantId);
    const today = todayIso();
    const { rows } = await repo.findInvoices(db, tenantId, {
      status: undefined,
      today,
      limit: 100_000,
      offset: 0,
    });
    const open = rows.filter((r) => r.status === 'open');
    // A decimal comma in German (as a German spreadsheet reads it), a point in English.
    const euro = (cents: number) =>
      lng === 'de' ? (cents / 100).toFixed(2).replace('.', ',') : (cents / 100).toFixed(2);
    const column = (key: string) => render(lng, { key: `export.openItems.${key}` });
    return toCsv(
      lng,
      ['number', 'title', 'recipient', 'invoiceDate', 'dueDate', 'status', 'amount', 'reminders'].map(column),
      open.map((r) => [
        r.number,
        r.title,
        r.recipientName,
        r.invoiceDate,
        r.dueDate,
        render(lng, { key: `log.value.invoice.status.${effectiveStatus(r.status, r.dueDate, today)}` }),
        euro(r.grossCents),
        r.reminderCount,
      ]),
    );
  },
};
