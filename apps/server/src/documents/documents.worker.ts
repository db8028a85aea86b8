/**
 * The document worker (ADR 0036): runs in a worker thread of the pool in ./index.ts, never on the server's event
 * loop. pdfkit parses and subsets the embedded font for every invoice (~50–200 ms of CPU, measured), exceljs builds a
 * workbook in one synchronous pass, csv-parse reads an upload in one; each would hold up every other request of the
 * instance while it runs.
 */
import { renderInvoicePdf } from '../modules/invoices/invoice-pdf.ts';
import { readCsv, type CsvRead } from './csv.ts';
import type { DocumentTask } from './index.ts';
import { renderXlsx } from './xlsx.ts';

export default async function renderDocument(task: DocumentTask): Promise<Uint8Array | CsvRead> {
  switch (task.kind) {
    case 'invoicePdf':
      return renderInvoicePdf(task.invoice, task.lng);
    case 'xlsx':
      return renderXlsx(task.sheet);
    case 'csv':
      return readCsv(task.text);
  }
}
