import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { invoices, logMessages, orderElements } from '../db/schema/index.ts';
import { addDays, todayIso } from '../lib/today.ts';
import { invoicesService, type NewInvoice } from '../modules/invoices/index.ts';
import { DEMO_CLUB_SETTINGS } from './club-settings.ts';
import { demoId } from './ids.ts';
import { berlinTime } from './time.ts';

const club = (slug: keyof typeof DEMO_CLUB_SETTINGS, name: string) => {
  const c = DEMO_CLUB_SETTINGS[slug];
  return {
    name,
    street: c.street,
    city: c.city,
    taxNumber: c.taxNumber,
    vatId: c.vatId,
    payee: { accountOwner: c.bankAccountOwner, iban: c.bankIban, bic: c.bankBic, bankName: c.bankName },
  };
};
// The clubs' own accounts (seed/club-settings.ts), not the member's.
const TSV = club('tsv-gruenwald', 'TSV Grünwald 1894 e.V.');
const SCR = club('sc-rheinaue', 'SC Rheinaue Köln e.V.');
/** The demo member: her home address as in her personal data (seed/personal-data.ts). */
const MIA = {
  name: 'Mia Hoffmann',
  street: 'Tölzer Straße 12',
  city: '82031 Grünwald',
  payee: {
    accountOwner: 'Mia Hoffmann',
    iban: 'DE02500105170137075030',
    bic: 'INGDDEFFXXX',
    bankName: 'ING',
  },
};

/**
 * Invoices in every status for the demo account, incoming and outgoing, with the order elements
 * that were charged on them. Dates are relative to the day of seeding, spread over the past months;
 * each invoice (and its activity-log entry) was created on its invoice date. Numbers and titles carry
 * the year of the invoice date. Idempotent (fixed ids).
 */
export async function seedInvoices(tx: Tx, options: { now?: Date } = {}): Promise<void> {
  const today = todayIso(options.now);
  const yearOf = (days: number) => addDays(today, days).slice(0, 4);
  const mia = demoId('person:demo');
  const tsv = demoId('tenant:tsv-gruenwald');
  const scr = demoId('tenant:sc-rheinaue');
  const id = (key: string) => demoId(`invoice:${key}`);

  const incoming = (club: typeof TSV, tenantId: string) => ({
    tenantId,
    personId: mia,
    direction: 'incoming' as const,
    issuer: club,
    recipient: MIA,
    payee: club.payee,
  });
  const outgoing = (club: typeof TSV, tenantId: string) => ({
    tenantId,
    personId: mia,
    direction: 'outgoing' as const,
    issuer: MIA,
    recipient: club,
    payee: MIA.payee,
  });

  const list: NewInvoice[] = [
    {
      ...incoming(TSV, tsv),
      id: id('tsv-fee'),
      number: `TSV-${yearOf(-120)}-0142`,
      title: `Mitgliedsbeitrag ${yearOf(-120)}`,
      invoiceDate: addDays(today, -120),
      dueDate: addDays(today, -106),
      status: 'paid',
      paidOn: addDays(today, -110),
      paymentReference: `TSV-${yearOf(-120)}-0142 Mitgliedsbeitrag Mia Hoffmann`,
      lines: [
        {
          description: `Mitgliedsbeitrag Erwachsene ${yearOf(-120)}`,
          quantity: 1,
          unitPriceCents: 18000,
          vatRateBp: 0,
        },
        { description: 'Abteilungsbeitrag Volleyball', quantity: 1, unitPriceCents: 4800, vatRateBp: 0 },
      ],
    },
    {
      ...incoming(TSV, tsv),
      id: id('tsv-kit'),
      number: `TSV-${yearOf(-4)}-0318`,
      title: 'Vereinskleidung',
      invoiceDate: addDays(today, -4),
      dueDate: addDays(today, 10),
      status: 'open',
      paymentReference: `TSV-${yearOf(-4)}-0318 Vereinskleidung`,
      // Net prices of the shop's gross prices 39,90 € and 79,90 €: 2 × 33,53 + 67,14 = 134,20 € net,
      // 25,50 € VAT, 159,70 € in all — the sum of the two order elements below.
      lines: [
        { description: 'Trikot Volleyball, Größe M', quantity: 2, unitPriceCents: 3353, vatRateBp: 1900 },
        { description: 'Trainingsanzug, Größe M', quantity: 1, unitPriceCents: 6714, vatRateBp: 1900 },
      ],
    },
    {
      ...incoming(TSV, tsv),
      id: id('tsv-camp'),
      number: `TSV-${yearOf(-45)}-0255`,
      title: 'Teilnahmegebühr Trainingslager',
      invoiceDate: addDays(today, -45),
      dueDate: addDays(today, -31),
      status: 'overdue',
      paymentReference: `TSV-${yearOf(-45)}-0255 Trainingslager`,
      lines: [
        {
          description: 'Trainingslager Volleyball (3 Tage)',
          quantity: 1,
          unitPriceCents: 12000,
          vatRateBp: 700,
        },
        { description: 'Verpflegungspauschale', quantity: 3, unitPriceCents: 1500, vatRateBp: 700 },
      ],
    },
    {
      ...incoming(TSV, tsv),
      id: id('tsv-run'),
      number: `TSV-${yearOf(-70)}-0199`,
      title: 'Startgeld Grünwalder Stadtlauf',
      invoiceDate: addDays(today, -70),
      dueDate: addDays(today, -56),
      status: 'cancelled',
      paymentReference: `TSV-${yearOf(-70)}-0199 Startgeld`,
      lines: [{ description: 'Startgeld 10 km', quantity: 1, unitPriceCents: 2500, vatRateBp: 0 }],
    },
    {
      ...incoming(SCR, scr),
      id: id('scr-fee'),
      number: `SCR-${yearOf(-12)}-1007`,
      title: `Mitgliedsbeitrag ${yearOf(-12)}, 2. Halbjahr`,
      invoiceDate: addDays(today, -12),
      dueDate: addDays(today, 18),
      status: 'open',
      paymentReference: `SCR-${yearOf(-12)}-1007 Beitrag 2. HJ`,
      lines: [
        {
          description: 'Mitgliedsbeitrag Rudern, 2. Halbjahr',
          quantity: 1,
          unitPriceCents: 11700,
          vatRateBp: 0,
        },
        { description: 'Bootsumlage', quantity: 1, unitPriceCents: 2500, vatRateBp: 0 },
      ],
    },
    {
      ...outgoing(SCR, scr),
      id: id('mia-travel'),
      number: `MH-${yearOf(-8)}-003`,
      title: 'Auslagen Regattafahrt',
      invoiceDate: addDays(today, -8),
      dueDate: addDays(today, 22),
      status: 'open',
      paymentReference: `MH-${yearOf(-8)}-003 Auslagen Regatta`,
      lines: [
        {
          description: 'Fahrtkosten Köln–Essen, 124 km × 0,30 €',
          quantity: 1,
          unitPriceCents: 3720,
          vatRateBp: 0,
        },
        { description: 'Startgebühr vorgestreckt', quantity: 1, unitPriceCents: 4500, vatRateBp: 0 },
      ],
    },
    {
      ...outgoing(TSV, tsv),
      id: id('mia-balls'),
      number: `MH-${yearOf(-90)}-001`,
      title: 'Auslagen Trainingsbälle',
      invoiceDate: addDays(today, -90),
      dueDate: addDays(today, -60),
      status: 'paid',
      paidOn: addDays(today, -75),
      paymentReference: `MH-${yearOf(-90)}-001 Trainingsbälle`,
      lines: [{ description: 'Volleyball Mikasa V200W', quantity: 3, unitPriceCents: 5034, vatRateBp: 1900 }],
    },
  ];
  for (const invoice of list) {
    // Written on the invoice date in the club's office hours; logged then, not at seeding time.
    const createdAt = berlinTime(invoice.invoiceDate, 10, 15);
    const row = await invoicesService.create(
      tx,
      { ...withTaxDetails(invoice, invoice.invoiceDate.slice(0, 4)), createdAt },
      null,
    );
    if (row)
      await tx
        .update(logMessages)
        .set({ createdAt })
        .where(and(eq(logMessages.entityKind, 'invoice'), eq(logMessages.entityId, row.id)));
  }
  // The order elements charged on an invoice add up to its total, as the invoice computed it from its lines.
  const totals = new Map(
    (
      await tx
        .select({ id: invoices.id, grossCents: invoices.grossCents })
        .from(invoices)
        .where(
          inArray(
            invoices.id,
            list.map((i) => i.id!),
          ),
        )
    ).map((r) => [r.id, r.grossCents]),
  );
  const gross = (key: string) => totals.get(id(key))!;

  const at = (days: number, hour: number, minute = 0) => berlinTime(addDays(today, days), hour, minute);
  await tx
    .insert(orderElements)
    .values([
      {
        id: demoId('order:tsv-fee'),
        tenantId: tsv,
        personId: mia,
        invoiceId: id('tsv-fee'),
        kind: 'membershipfee',
        name: `Mitgliedsbeitrag ${yearOf(-120)}`,
        description: 'Erwachsene, inkl. Abteilung Volleyball',
        unitPriceCents: gross('tsv-fee'),
        totalCents: gross('tsv-fee'),
        createdAt: at(-121, 9, 30),
      },
      {
        id: demoId('order:tsv-jersey'),
        tenantId: tsv,
        personId: mia,
        invoiceId: id('tsv-kit'),
        kind: 'kit',
        name: 'Trikot Volleyball',
        description: 'Größe M, Rückennummer 7',
        quantity: 2,
        unitPriceCents: 3990,
        totalCents: 7980,
        createdAt: at(-6, 18, 12),
      },
      {
        id: demoId('order:tsv-tracksuit'),
        tenantId: tsv,
        personId: mia,
        invoiceId: id('tsv-kit'),
        kind: 'kit',
        name: 'Trainingsanzug',
        description: 'Größe M',
        unitPriceCents: gross('tsv-kit') - 7980,
        totalCents: gross('tsv-kit') - 7980,
        createdAt: at(-6, 18, 9),
      },
      {
        id: demoId('order:tsv-camp'),
        tenantId: tsv,
        personId: mia,
        invoiceId: id('tsv-camp'),
        kind: 'eventfee',
        name: 'Trainingslager Volleyball',
        description: '3 Tage mit Verpflegung',
        unitPriceCents: gross('tsv-camp'),
        totalCents: gross('tsv-camp'),
        createdAt: at(-46, 12, 5),
      },
      {
        id: demoId('order:scr-fee'),
        tenantId: scr,
        personId: mia,
        invoiceId: id('scr-fee'),
        kind: 'membershipfee',
        name: 'Mitgliedsbeitrag Rudern, 2. Halbjahr',
        description: 'inkl. Bootsumlage',
        unitPriceCents: gross('scr-fee'),
        totalCents: gross('scr-fee'),
        createdAt: at(-13, 8, 45),
      },
      {
        id: demoId('order:scr-regatta'),
        tenantId: scr,
        personId: mia,
        invoiceId: null,
        kind: 'eventfee',
        name: 'Meldegeld Vereinsregatta',
        description: 'wird mit der nächsten Rechnung abgerechnet',
        unitPriceCents: 1800,
        totalCents: 1800,
        createdAt: at(-1, 20, 41),
      },
    ])
    .onConflictDoNothing();
}

/**
 * The club's invoices as § 14 Abs. 4 UStG wants them (ADR 0026): why a 0 % line has no VAT, and the service
 * period of a membership fee. The member's own invoices to the club (outgoing) are a private person's.
 */
function withTaxDetails(invoice: NewInvoice, year: string): NewInvoice {
  if (invoice.direction !== 'incoming') return invoice;
  const fee = invoice.title.startsWith('Mitgliedsbeitrag');
  const secondHalf = invoice.title.includes('2. Halbjahr');
  return {
    ...invoice,
    ...(fee
      ? { serviceDateFrom: `${year}-${secondHalf ? '07' : '01'}-01`, serviceDateTill: `${year}-12-31` }
      : {}),
    lines: invoice.lines.map((line) =>
      line.vatRateBp === 0
        ? {
            ...line,
            vatExemptionReason: fee
              ? 'Nicht steuerbarer Mitgliedsbeitrag'
              : 'Steuerfrei nach § 4 Nr. 22 Buchst. b UStG (Teilnahme an einer sportlichen Veranstaltung)',
          }
        : line,
    ),
  };
}
