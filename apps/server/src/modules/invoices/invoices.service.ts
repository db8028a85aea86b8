import { randomUUID } from 'node:crypto';
import {
  InvoiceStatusSchema,
  type InvoiceDetail,
  type InvoiceDirection,
  type InvoiceList,
  type InvoiceListQuery,
  type InvoiceStatus,
  type InvoiceSummary,
  type OrderElementList,
  type PagedQuery,
} from '@vereinsheim/contracts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { problem } from '../../lib/problem.ts';
import { todayIso } from '../../lib/today.ts';
import { authorize, notVisible, type Actor } from '../../policy/index.ts';
import { EpcPayloadError, epcQrPayload } from './epc-qr.ts';
import { logInvoiceChange, logInvoiceChanges } from './invoices.log.ts';
import { invoicesRepository, type InvoiceRow } from './invoices.repository.ts';
import { computeInvoiceTotals, type LineInput } from './totals.ts';

/** An open invoice past its due date is overdue. */
export function effectiveStatus(status: InvoiceStatus, dueDate: string | null, today: string): InvoiceStatus {
  if (status === 'open' && dueDate !== null && dueDate < today) return 'overdue';
  return status;
}

function toSummary(row: InvoiceRow & { tenantName: string }, today: string): InvoiceSummary {
  return {
    id: row.id,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    // Listed only for their own person, so the link is always present here.
    personId: row.personId ?? '',
    direction: row.direction,
    number: row.number,
    title: row.title,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    status: effectiveStatus(row.status, row.dueDate, today),
    currency: 'EUR',
    netCents: row.netCents,
    vatCents: row.vatCents,
    grossCents: row.grossCents,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface NewInvoice {
  id?: string;
  tenantId: string;
  personId: string;
  direction: InvoiceDirection;
  number: string;
  title: string;
  invoiceDate: string;
  dueDate: string | null;
  status: InvoiceStatus;
  paidOn?: string | null;
  issuer: {
    name: string;
    street?: string | null;
    city?: string | null;
    taxNumber?: string | null;
    vatId?: string | null;
  };
  recipient: { name: string; street?: string | null; city?: string | null };
  payee: { accountOwner: string; iban: string; bic?: string | null; bankName?: string | null } | null;
  paymentReference: string;
  /** Date of the service or the service period (§ 14 Abs. 4 Nr. 6 UStG). */
  serviceDateFrom?: string | null;
  serviceDateTill?: string | null;
  lines: (LineInput & { description: string; vatExemptionReason?: string | null })[];
  createdAt?: Date;
}

export const invoicesService = {
  async list(db: DbOrTx, actor: Actor, query: InvoiceListQuery, today = todayIso()): Promise<InvoiceList> {
    // Only one's own invoices: asking for someone else's answers 404, never their data.
    if (query.receiverId)
      await authorize(actor, 'own.read', { type: 'owned', what: 'person', personId: query.receiverId });
    if (query.from && query.till && query.from > query.till) {
      throw problem(400, 'invoice.fromAfterTill', {
        errors: [{ field: 'from', message: 'must not be after till' }],
      });
    }
    const order = query.orderbytype ?? 'descending';
    const window = pageWindow(query);
    const tenantIds =
      query.tenantIds || query.tenantId ? [...(query.tenantIds ?? []), ...(query.tenantId ?? [])] : undefined;
    const { rows, total } = await invoicesRepository.findForPerson(
      db,
      actor,
      {
        tenantIds,
        from: query.from,
        till: query.till,
        direction: query.direction,
        status: query.status,
        today,
      },
      { order, limit: window.limit, offset: window.offset },
    );
    const openTotals = await invoicesRepository.openTotals(db, actor, { tenantIds, today });
    return {
      ...pagedList(
        rows.map((row) => toSummary(row, today)),
        total,
        window,
        order,
      ),
      openTotals,
    };
  },

  async detail(
    db: DbOrTx,
    actor: Actor,
    invoiceId: string,
    log?: { warn(obj: object, msg: string): void },
    today = todayIso(),
  ): Promise<InvoiceDetail> {
    const row = await invoicesRepository.findOneForPerson(db, actor, invoiceId);
    if (!row) throw notVisible('invoice');
    await authorize(actor, 'own.read', { type: 'owned', what: 'invoice', personId: row.personId ?? '' });
    const summary = toSummary(row, today);
    const totals = computeInvoiceTotals(row.lines);
    const bankDetails =
      row.payeeIban && row.payeeAccountOwner
        ? {
            accountOwner: row.payeeAccountOwner,
            iban: row.payeeIban,
            bic: row.payeeBic,
            bankName: row.payeeBankName,
          }
        : null;
    let qr: string | null = null;
    const payable = summary.status === 'open' || summary.status === 'overdue';
    if (payable && bankDetails && row.grossCents > 0) {
      try {
        qr = epcQrPayload({
          name: bankDetails.accountOwner,
          iban: bankDetails.iban,
          bic: bankDetails.bic,
          amountCents: row.grossCents,
          remittance: row.paymentReference,
        });
      } catch (error) {
        if (!(error instanceof EpcPayloadError)) throw error;
        log?.warn({ invoiceId: row.id, reason: error.message }, 'no GiroCode for invoice');
      }
    }
    return {
      ...summary,
      issuer: {
        name: row.issuerName,
        street: row.issuerStreet,
        city: row.issuerCity,
        taxNumber: row.issuerTaxNumber,
        vatId: row.issuerVatId,
      },
      recipient: {
        name: row.recipientName,
        street: row.recipientStreet,
        city: row.recipientCity,
        taxNumber: null,
        vatId: null,
      },
      serviceDateFrom: row.serviceDateFrom,
      serviceDateTill: row.serviceDateTill,
      lines: row.lines.map((line, i) => ({
        position: line.position,
        description: line.description,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        vatRatePercent: line.vatRateBp / 100,
        netCents: totals.lines[i]!.netCents,
        vatCents: totals.lines[i]!.vatCents,
        grossCents: totals.lines[i]!.grossCents,
        vatExemptionReason: line.vatExemptionReason,
      })),
      vatGroups: totals.groups.map((g) => ({
        vatRatePercent: g.vatRateBp / 100,
        netCents: g.netCents,
        vatCents: g.vatCents,
      })),
      bankDetails,
      paymentReference: row.paymentReference,
      paidOn: row.paidOn,
      epcQrPayload: qr,
      pdfUrl: `/invoice/${row.id}/pdf`,
    };
  },

  /** Issues an invoice (club side, demo seed): totals from the lines, logged. Returns undefined if it exists. */
  async create(tx: Tx, input: NewInvoice, actorPersonId: string | null): Promise<InvoiceRow | undefined> {
    return (await invoicesService.createMany(tx, [input], actorPersonId))?.[0];
  },

  /**
   * Issues invoices (a fee run: one per member) in a constant number of statements: totals from each one's lines,
   * each logged. Returns the rows in the order given, or undefined if a number exists (then the caller's
   * transaction must roll back).
   */
  async createMany(
    tx: Tx,
    inputs: readonly NewInvoice[],
    actorPersonId: string | null,
  ): Promise<InvoiceRow[] | undefined> {
    if (inputs.some((input) => input.lines.length === 0)) throw problem(400, 'invoice.noLines');
    const rows = inputs.map((input) => {
      const totals = computeInvoiceTotals(input.lines);
      return {
        id: input.id ?? randomUUID(),
        tenantId: input.tenantId,
        personId: input.personId,
        direction: input.direction,
        number: input.number,
        title: input.title,
        invoiceDate: input.invoiceDate,
        dueDate: input.dueDate,
        status: input.status,
        paidOn: input.paidOn ?? null,
        netCents: totals.netCents,
        vatCents: totals.vatCents,
        grossCents: totals.grossCents,
        issuerName: input.issuer.name,
        issuerStreet: input.issuer.street ?? null,
        issuerCity: input.issuer.city ?? null,
        issuerTaxNumber: input.issuer.taxNumber ?? null,
        issuerVatId: input.issuer.vatId ?? null,
        serviceDateFrom: input.serviceDateFrom ?? null,
        serviceDateTill: input.serviceDateTill ?? null,
        recipientName: input.recipient.name,
        recipientStreet: input.recipient.street ?? null,
        recipientCity: input.recipient.city ?? null,
        payeeAccountOwner: input.payee?.accountOwner ?? null,
        payeeIban: input.payee?.iban ?? null,
        payeeBic: input.payee?.bic ?? null,
        payeeBankName: input.payee?.bankName ?? null,
        paymentReference: input.paymentReference,
        // Every row sets the same columns (db/insert-many.ts): the seed's back-dated invoices, or now.
        createdAt: input.createdAt ?? new Date(),
        updatedAt: input.createdAt ?? new Date(),
      };
    });
    const lines = inputs.flatMap((input, i) =>
      input.lines.map((line, position) => ({
        invoiceId: rows[i]!.id,
        position: position + 1,
        description: line.description,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        vatRateBp: line.vatRateBp,
        vatExemptionReason: line.vatRateBp === 0 ? (line.vatExemptionReason ?? null) : null,
      })),
    );
    const created = await invoicesRepository.insertMany(tx, rows, lines);
    if (!created) return undefined;
    await logInvoiceChanges(
      tx,
      created.map((row) => ({
        action: 'created' as const,
        invoiceId: row.id,
        invoiceNumber: row.number,
        tenantId: row.tenantId,
        personId: row.personId,
        actorPersonId,
        status: row.status,
      })),
    );
    return created;
  },

  /**
   * Club side: sets an invoice's status (paid with the payment date, cancelled, ...), in one
   * transaction with its activity-log entry. A cancelled invoice stays cancelled.
   */
  async changeStatus(
    db: DbOrTx,
    input: {
      tenantId: string;
      invoiceId: string;
      status: InvoiceStatus;
      paidOn?: string;
      actorPersonId: string | null;
    },
  ): Promise<void> {
    const status = InvoiceStatusSchema.parse(input.status);
    await db.transaction(async (tx) => {
      const row = await invoicesRepository.lockInTenant(tx, input.tenantId, input.invoiceId);
      if (!row) throw notVisible('invoice');
      if (row.status === status) return;
      if (row.status === 'cancelled') throw problem(409, 'invoice.cancelledStatus');
      const paidOn = status === 'paid' ? (input.paidOn ?? todayIso()) : null;
      await invoicesRepository.updateStatus(tx, input.tenantId, input.invoiceId, { status, paidOn });
      await logInvoiceChange(tx, {
        action: 'status',
        invoiceId: row.id,
        invoiceNumber: row.number,
        tenantId: row.tenantId,
        personId: row.personId,
        actorPersonId: input.actorPersonId,
        before: row.status,
        after: status,
      });
    });
  },

  async orderElements(
    db: DbOrTx,
    actor: Actor,
    query: PagedQuery & { tenantId?: string[] },
  ): Promise<OrderElementList> {
    const order = query.orderbytype ?? 'descending';
    const window = pageWindow(query);
    const { rows, total } = await invoicesRepository.findOrderElements(
      db,
      actor,
      { tenantIds: query.tenantId },
      { order, limit: window.limit, offset: window.offset },
    );
    return pagedList(
      rows.map((row) => ({
        id: row.id,
        tenantId: row.tenantId,
        tenantName: row.tenantName,
        kind: row.kind,
        name: row.name,
        description: row.description,
        quantity: row.quantity,
        unitPriceCents: row.unitPriceCents,
        totalCents: row.totalCents,
        currency: 'EUR' as const,
        invoiceId: row.invoiceId,
        invoiceNumber: row.invoiceNumber,
        eventId: row.eventId,
        createdAt: row.createdAt.toISOString(),
      })),
      total,
      window,
      order,
    );
  },
};
