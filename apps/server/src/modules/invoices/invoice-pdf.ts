import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { InvoiceDetail } from '@vereinsheim/contracts';
import { render, type Language } from '../../lib/i18n.ts';
import { dateTimeFormat, numberFormat } from '../../lib/intl.ts';
import { formatDateDe, formatEuroDe, formatIban } from './format.ts';

/**
 * How the PDF says its texts, dates, amounts and rates in one language: German as on German invoices (`01.03.2026`,
 * `1.234,56 €`, `10,5 %`), English as British English does (`1 March 2026`, `€1,234.56`, `10.5%`).
 */
interface PdfLanguage {
  t: (key: string, params?: Record<string, string>) => string;
  date: (isoDate: string) => string;
  euro: (cents: number) => string;
  rate: (percent: number) => string;
}

function pdfLanguage(lng: Language): PdfLanguage {
  const t = (key: string, params?: Record<string, string>) =>
    render(lng, { key: `invoicePdf.${key}`, params });
  if (lng === 'de') {
    return { t, date: formatDateDe, euro: formatEuroDe, rate: (p) => `${String(p).replace('.', ',')} %` };
  }
  const dates = dateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const euros = numberFormat('en-GB', { style: 'currency', currency: 'EUR' });
  return {
    t,
    date: (isoDate) => dates.format(new Date(`${isoDate}T00:00:00Z`)),
    euro: (cents) => euros.format(cents / 100),
    rate: (p) => `${p}%`,
  };
}

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

function serviceDateText(invoice: InvoiceDetail, { t, date }: PdfLanguage): [string, string] {
  const from = invoice.serviceDateFrom;
  const till = invoice.serviceDateTill;
  if (from && till && till !== from) return [t('servicePeriod'), `${date(from)} – ${date(till)}`];
  if (from) return [t('serviceDate'), date(from)];
  // Invoices issued before the field existed: the service date is the invoice date (§ 14 Abs. 4 Nr. 6 UStG).
  return [t('serviceDate'), t('serviceDateIsInvoiceDate', { date: date(invoice.invoiceDate) })];
}

/**
 * The invoice as an A4 PDF in the reader's language: parties, dates, line items with VAT, totals, bank details and
 * GiroCode. What the club entered (title, lines, exemption reasons) stays as entered.
 */
export async function renderInvoicePdf(invoice: InvoiceDetail, lng: Language): Promise<Buffer> {
  const language = pdfLanguage(lng);
  const { t, date, euro, rate } = language;
  const qrPng = invoice.epcQrPayload
    ? await QRCode.toBuffer(invoice.epcQrPayload, { errorCorrectionLevel: 'M', margin: 1, width: 240 })
    : undefined;

  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: t('title', { number: invoice.number }),
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
  if (invoice.issuer.taxNumber) doc.text(t('taxNumber', { value: invoice.issuer.taxNumber }));
  if (invoice.issuer.vatId) doc.text(t('vatId', { value: invoice.issuer.vatId }));

  doc.moveDown(2).fontSize(10).font(REGULAR).text(t('recipient'));
  doc.font(BOLD).text(invoice.recipient.name);
  doc.font(REGULAR);
  for (const line of [invoice.recipient.street, invoice.recipient.city]) if (line) doc.text(line);

  doc
    .moveDown(2)
    .font(BOLD)
    .fontSize(14)
    .text(t('title', { number: invoice.number }));
  doc.font(REGULAR).fontSize(10).text(invoice.title);
  doc.moveDown(0.5);
  const facts: [string, string][] = [
    [t('number'), invoice.number],
    [t('invoiceDate'), date(invoice.invoiceDate)],
    serviceDateText(invoice, language),
  ];
  if (invoice.dueDate) facts.push([t('dueDate'), date(invoice.dueDate)]);
  facts.push([t('status'), render(lng, { key: `log.value.invoice.status.${invoice.status}` })]);
  if (invoice.paidOn) facts.push([t('paidOn'), date(invoice.paidOn)]);
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
  doc.text(t('position'), cols.pos, y, { width: 28 });
  doc.text(t('description'), cols.desc, y, { width: 215 });
  doc.text(t('quantity'), cols.qty, y, { width: 45, align: 'right' });
  doc.text(t('unitPrice'), cols.unit, y, { width: 75, align: 'right' });
  doc.text(t('vat'), cols.vat, y, { width: 45, align: 'right' });
  doc.text(t('net'), cols.net, y, { width: width - 430, align: 'right' });
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
    doc.text(euro(line.unitPriceCents), cols.unit, rowTop, { width: 75, align: 'right' });
    doc.text(rate(line.vatRatePercent), cols.vat, rowTop, { width: 45, align: 'right' });
    doc.text(euro(line.netCents), cols.net, rowTop, { width: width - 430, align: 'right' });
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
    const at = { rate: rate(group.vatRatePercent) };
    totalRow(t('netAtRate', at), euro(group.netCents));
    totalRow(t('vatAtRate', at), euro(group.vatCents));
    totalRow(t('grossAtRate', at), euro(group.netCents + group.vatCents));
  }
  totalRow(t('netTotal'), euro(invoice.netCents));
  totalRow(t('vatTotal'), euro(invoice.vatCents));
  totalRow(t('grossTotal'), euro(invoice.grossCents), true);
  const reasons = [
    ...new Set(
      invoice.lines
        .filter((l) => l.vatRatePercent === 0 && l.vatExemptionReason)
        .map((l) => l.vatExemptionReason!),
    ),
  ];
  if (reasons.length) {
    doc.font(REGULAR).fontSize(9);
    doc.text(t('vatExempt', { reasons: reasons.join('; ') }), left, y + 4, { width });
    y = doc.y + 3;
  }
  doc.font(REGULAR);

  // Payment
  doc.text('', left, y + 12);
  if (invoice.bankDetails) {
    doc.font(BOLD).fontSize(10).text(t('bankDetails'), left, doc.y, { width });
    doc.font(REGULAR).fontSize(9);
    doc.text(t('accountOwner', { value: invoice.bankDetails.accountOwner }));
    doc.text(t('iban', { value: formatIban(invoice.bankDetails.iban) }));
    if (invoice.bankDetails.bic) doc.text(t('bic', { value: invoice.bankDetails.bic }));
    if (invoice.bankDetails.bankName) doc.text(t('bank', { value: invoice.bankDetails.bankName }));
  }
  doc.text(t('reference', { value: invoice.paymentReference }));
  if (invoice.status === 'cancelled') doc.moveDown().font(BOLD).text(t('cancelled'));
  if (invoice.status === 'paid') doc.moveDown().font(BOLD).text(t('paid'));

  if (qrPng) {
    doc.moveDown();
    const top = doc.y;
    doc.image(qrPng, left, top, { width: 110 });
    doc
      .font(REGULAR)
      .fontSize(9)
      .text(t('giroCode'), left + 125, top + 40, { width: width - 125 });
  }
  doc.end();
  return done;
}
