import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { InvoiceDetail, InvoiceStatus } from '@vereinsheim/contracts';
import { formatDateDe, formatEuroDe, formatIban } from './format.ts';

const STATUS_DE: Record<InvoiceStatus, string> = {
  open: 'offen',
  paid: 'bezahlt',
  overdue: 'überfällig',
  cancelled: 'storniert',
};

/**
 * Noto Sans (SIL Open Font License), embedded as a subset in every PDF: the standard 14 fonts (Helvetica) are not
 * embedded, and archived invoices must look the same on every reader (ADR 0026). The whole font (Google Fonts'
 * NotoSans TTF from @expo-google-fonts/noto-sans) and not a web subset: names and addresses come in every Latin
 * script (Łukasz, Şule, Dvořák), Greek and Cyrillic, and one font has to draw them all (pdfkit has no fallback).
 */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function embeddedFonts(): { regular: Buffer; bold: Buffer } {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  const file = (style: '400Regular' | '700Bold') =>
    readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${style}/NotoSans_${style}.ttf`));
  fonts = { regular: file('400Regular'), bold: file('700Bold') };
  return fonts;
}
const REGULAR = 'NotoSans';
const BOLD = 'NotoSans-Bold';

function serviceDateText(invoice: InvoiceDetail): [string, string] {
  const from = invoice.serviceDateFrom;
  const till = invoice.serviceDateTill;
  if (from && till && till !== from)
    return ['Leistungszeitraum', `${formatDateDe(from)} – ${formatDateDe(till)}`];
  if (from) return ['Leistungsdatum', formatDateDe(from)];
  // Invoices issued before the field existed: the service date is the invoice date (§ 14 Abs. 4 Nr. 6 UStG).
  return ['Leistungsdatum', `${formatDateDe(invoice.invoiceDate)} (entspricht dem Rechnungsdatum)`];
}

function vatLabel(percent: number): string {
  return `${String(percent).replace('.', ',')} %`;
}

/** The invoice as an A4 PDF (German): parties, dates, line items with VAT, totals, bank details and GiroCode. */
export async function renderInvoicePdf(invoice: InvoiceDetail): Promise<Buffer> {
  const qrPng = invoice.epcQrPayload
    ? await QRCode.toBuffer(invoice.epcQrPayload, { errorCorrectionLevel: 'M', margin: 1, width: 240 })
    : undefined;

  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `Rechnung ${invoice.number}`,
      Author: invoice.issuer.name,
      Subject: invoice.title,
      CreationDate: new Date(`${invoice.invoiceDate}T12:00:00Z`),
    },
  });
  const { regular, bold } = embeddedFonts();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const width = doc.page.width - 100;

  doc.font(BOLD).fontSize(16).text(invoice.issuer.name, left, 50, { width });
  doc.font(REGULAR).fontSize(9);
  for (const line of [invoice.issuer.street, invoice.issuer.city]) if (line) doc.text(line);
  if (invoice.issuer.taxNumber) doc.text(`Steuernummer: ${invoice.issuer.taxNumber}`);
  if (invoice.issuer.vatId) doc.text(`USt-IdNr.: ${invoice.issuer.vatId}`);

  doc.moveDown(2).fontSize(10).font(REGULAR).text('Empfänger:');
  doc.font(BOLD).text(invoice.recipient.name);
  doc.font(REGULAR);
  for (const line of [invoice.recipient.street, invoice.recipient.city]) if (line) doc.text(line);

  doc.moveDown(2).font(BOLD).fontSize(14).text(`Rechnung ${invoice.number}`);
  doc.font(REGULAR).fontSize(10).text(invoice.title);
  doc.moveDown(0.5);
  const facts: [string, string][] = [
    ['Rechnungsnummer', invoice.number],
    ['Rechnungsdatum', formatDateDe(invoice.invoiceDate)],
    serviceDateText(invoice),
  ];
  if (invoice.dueDate) facts.push(['Fällig am', formatDateDe(invoice.dueDate)]);
  facts.push(['Status', STATUS_DE[invoice.status]]);
  if (invoice.paidOn) facts.push(['Bezahlt am', formatDateDe(invoice.paidOn)]);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.text(`${label}:`, left, y, { width: 120 });
    doc.text(value, left + 120, y, { width: width - 120 });
  }

  // Line items
  const cols = {
    pos: left,
    desc: left + 30,
    qty: left + 250,
    unit: left + 300,
    vat: left + 380,
    net: left + 430,
  };
  doc.moveDown(1.5);
  let y = doc.y;
  doc.font(BOLD).fontSize(9);
  doc.text('Pos.', cols.pos, y, { width: 28 });
  doc.text('Beschreibung', cols.desc, y, { width: 215 });
  doc.text('Menge', cols.qty, y, { width: 45, align: 'right' });
  doc.text('Einzelpreis', cols.unit, y, { width: 75, align: 'right' });
  doc.text('USt.', cols.vat, y, { width: 45, align: 'right' });
  doc.text('Netto', cols.net, y, { width: width - 430, align: 'right' });
  y = doc.y + 3;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  doc.font(REGULAR);
  y += 5;
  for (const line of invoice.lines) {
    const rowTop = y;
    doc.text(String(line.position), cols.pos, rowTop, { width: 28 });
    doc.text(line.description, cols.desc, rowTop, { width: 215 });
    if (line.vatRatePercent === 0 && line.vatExemptionReason) {
      doc.fontSize(8).text(line.vatExemptionReason, cols.desc, doc.y, { width: 215 }).fontSize(9);
    }
    const afterDesc = doc.y;
    doc.text(String(line.quantity), cols.qty, rowTop, { width: 45, align: 'right' });
    doc.text(formatEuroDe(line.unitPriceCents), cols.unit, rowTop, { width: 75, align: 'right' });
    doc.text(vatLabel(line.vatRatePercent), cols.vat, rowTop, { width: 45, align: 'right' });
    doc.text(formatEuroDe(line.netCents), cols.net, rowTop, { width: width - 430, align: 'right' });
    y = Math.max(afterDesc, doc.y) + 4;
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 6;

  // Totals
  const totalRow = (label: string, value: string, bold = false) => {
    doc.font(bold ? BOLD : REGULAR);
    doc.text(label, left + 250, y, { width: 170, align: 'right' });
    doc.text(value, cols.net, y, { width: width - 430, align: 'right' });
    y = doc.y + 3;
  };
  // Net, VAT and gross per rate (§ 14 Abs. 4 Nr. 7 and 8 UStG), then the invoice's totals.
  for (const group of invoice.vatGroups) {
    const rate = vatLabel(group.vatRatePercent);
    totalRow(`Netto ${rate}`, formatEuroDe(group.netCents));
    totalRow(`USt. ${rate}`, formatEuroDe(group.vatCents));
    totalRow(`Brutto ${rate}`, formatEuroDe(group.netCents + group.vatCents));
  }
  totalRow('Summe netto', formatEuroDe(invoice.netCents));
  totalRow('Summe USt.', formatEuroDe(invoice.vatCents));
  totalRow('Gesamtbetrag', formatEuroDe(invoice.grossCents), true);
  const reasons = [
    ...new Set(
      invoice.lines
        .filter((l) => l.vatRatePercent === 0 && l.vatExemptionReason)
        .map((l) => l.vatExemptionReason!),
    ),
  ];
  if (reasons.length) {
    doc.font(REGULAR).fontSize(9);
    doc.text(`Ohne Umsatzsteuer: ${reasons.join('; ')}`, left, y + 4, { width });
    y = doc.y + 3;
  }
  doc.font(REGULAR);

  // Payment
  doc.text('', left, y + 12);
  if (invoice.bankDetails) {
    doc.font(BOLD).fontSize(10).text('Bankverbindung', left, doc.y, { width });
    doc.font(REGULAR).fontSize(9);
    doc.text(`Kontoinhaber: ${invoice.bankDetails.accountOwner}`);
    doc.text(`IBAN: ${formatIban(invoice.bankDetails.iban)}`);
    if (invoice.bankDetails.bic) doc.text(`BIC: ${invoice.bankDetails.bic}`);
    if (invoice.bankDetails.bankName) doc.text(`Bank: ${invoice.bankDetails.bankName}`);
  }
  doc.text(`Verwendungszweck: ${invoice.paymentReference}`);
  if (invoice.status === 'cancelled') doc.moveDown().font(BOLD).text('Diese Rechnung wurde storniert.');
  if (invoice.status === 'paid') doc.moveDown().font(BOLD).text('Diese Rechnung ist bezahlt.');

  if (qrPng) {
    doc.moveDown();
    const top = doc.y;
    doc.image(qrPng, left, top, { width: 110 });
    doc
      .font(REGULAR)
      .fontSize(9)
      .text('GiroCode: Mit der Banking-App scannen, um den Betrag zu überweisen.', left + 125, top + 40, {
        width: width - 125,
      });
  }
  doc.end();
  return done;
}
