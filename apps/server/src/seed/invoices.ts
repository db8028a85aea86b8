import type { Tx } from '../db/client.ts';
import { orderElements } from '../db/schema/index.ts';
import { addDays, todayIso } from '../lib/today.ts';
import { invoicesService, type NewInvoice } from '../modules/invoices/index.ts';
import { DEMO_CLUB_SETTINGS } from './club-settings.ts';
import { demoId } from './ids.ts';

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
const MIA = {
  name: 'Mia Hoffmann',
  street: 'Lindenstraße 8',
  city: '81545 München',
  payee: {
    accountOwner: 'Mia Hoffmann',
    iban: 'DE02500105170137075030',
    bic: 'INGDDEFFXXX',
    bankName: 'ING',
  },
};

/**
 * Invoices in every status for the demo account, incoming and outgoing, with the order elements
 * that were charged on them. Dates are relative to the day of seeding. Idempotent (fixed ids).
 */
export async function seedInvoices(tx: Tx): Promise<void> {
  const today = todayIso();
  const year = today.slice(0, 4);
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
      number: `TSV-${year}-0142`,
      title: `Mitgliedsbeitrag ${year}`,
      invoiceDate: addDays(today, -120),
      dueDate: addDays(today, -106),
      status: 'paid',
      paidOn: addDays(today, -110),
      paymentReference: `TSV-${year}-0142 Mitgliedsbeitrag Mia Hoffmann`,
      lines: [
        {
          description: `Mitgliedsbeitrag Erwachsene ${year}`,
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
      number: `TSV-${year}-0318`,
      title: 'Vereinskleidung',
      invoiceDate: addDays(today, -4),
      dueDate: addDays(today, 10),
      status: 'open',
      paymentReference: `TSV-${year}-0318 Vereinskleidung`,
      lines: [
        { description: 'Trikot Volleyball, Größe M', quantity: 2, unitPriceCents: 3319, vatRateBp: 1900 },
        { description: 'Trainingsanzug, Größe M', quantity: 1, unitPriceCents: 6714, vatRateBp: 1900 },
      ],
    },
    {
      ...incoming(TSV, tsv),
      id: id('tsv-camp'),
      number: `TSV-${year}-0255`,
      title: 'Teilnahmegebühr Trainingslager',
      invoiceDate: addDays(today, -45),
      dueDate: addDays(today, -31),
      status: 'overdue',
      paymentReference: `TSV-${year}-0255 Trainingslager`,
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
      number: `TSV-${year}-0199`,
      title: 'Startgeld Grünwalder Stadtlauf',
      invoiceDate: addDays(today, -70),
      dueDate: addDays(today, -56),
      status: 'cancelled',
      paymentReference: `TSV-${year}-0199 Startgeld`,
      lines: [{ description: 'Startgeld 10 km', quantity: 1, unitPriceCents: 2500, vatRateBp: 0 }],
    },
    {
      ...incoming(SCR, scr),
      id: id('scr-fee'),
      number: `SCR-${year}-1007`,
      title: `Mitgliedsbeitrag ${year}, 2. Halbjahr`,
      invoiceDate: addDays(today, -12),
      dueDate: addDays(today, 18),
      status: 'open',
      paymentReference: `SCR-${year}-1007 Beitrag 2. HJ`,
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
      number: `MH-${year}-003`,
      title: 'Auslagen Regattafahrt',
      invoiceDate: addDays(today, -8),
      dueDate: addDays(today, 22),
      status: 'open',
      paymentReference: `MH-${year}-003 Auslagen Regatta`,
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
      number: `MH-${year}-001`,
      title: 'Auslagen Trainingsbälle',
      invoiceDate: addDays(today, -90),
      dueDate: addDays(today, -60),
      status: 'paid',
      paidOn: addDays(today, -75),
      paymentReference: `MH-${year}-001 Trainingsbälle`,
      lines: [{ description: 'Volleyball Mikasa V200W', quantity: 3, unitPriceCents: 5034, vatRateBp: 1900 }],
    },
  ];
  for (const invoice of list) await invoicesService.create(tx, withTaxDetails(invoice, year), null);

  const at = (days: number, hour: number) =>
    new Date(`${addDays(today, days)}T${String(hour).padStart(2, '0')}:00:00Z`);
  await tx
    .insert(orderElements)
    .values([
      {
        id: demoId('order:tsv-fee'),
        tenantId: tsv,
        personId: mia,
        invoiceId: id('tsv-fee'),
        kind: 'membershipfee',
        name: `Mitgliedsbeitrag ${year}`,
        description: 'Erwachsene, inkl. Abteilung Volleyball',
        unitPriceCents: 22800,
        totalCents: 22800,
        createdAt: at(-121, 9),
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
        unitPriceCents: 3950,
        totalCents: 7900,
        createdAt: at(-6, 18),
      },
      {
        id: demoId('order:tsv-tracksuit'),
        tenantId: tsv,
        personId: mia,
        invoiceId: id('tsv-kit'),
        kind: 'kit',
        name: 'Trainingsanzug',
        description: 'Größe M',
        unitPriceCents: 7990,
        totalCents: 7990,
        createdAt: at(-6, 17),
      },
      {
        id: demoId('order:tsv-camp'),
        tenantId: tsv,
        personId: mia,
        invoiceId: id('tsv-camp'),
        kind: 'eventfee',
        name: 'Trainingslager Volleyball',
        description: '3 Tage mit Verpflegung',
        unitPriceCents: 17655,
        totalCents: 17655,
        createdAt: at(-46, 12),
      },
      {
        id: demoId('order:scr-fee'),
        tenantId: scr,
        personId: mia,
        invoiceId: id('scr-fee'),
        kind: 'membershipfee',
        name: 'Mitgliedsbeitrag Rudern, 2. Halbjahr',
        description: 'inkl. Bootsumlage',
        unitPriceCents: 14200,
        totalCents: 14200,
        createdAt: at(-13, 8),
      },
      {
        id: demoId('order:scr-regatta'),
        tenantId: scr,
        personId: mia,
        invoiceId: null,
        kind: 'eventfee',
        name: 'Meldegeld Herbstregatta',
        description: 'wird mit der nächsten Rechnung abgerechnet',
        unitPriceCents: 1800,
        totalCents: 1800,
        createdAt: at(-1, 20),
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
