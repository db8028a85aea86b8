import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpProblem } from '../lib/problem.ts';
import { createDocumentRenderer, type DocumentRenderer, type XlsxSheet } from './index.ts';

const sheet: XlsxSheet = {
  name: 'Liste',
  header: ['Name', 'Betrag'],
  rows: [
    ['Wójcik', 12.5],
    ['Dvořák', 1000],
  ],
  numberFormats: { 2: '#,##0.00' },
};

const outcome = (result: PromiseSettledResult<Buffer>) =>
  result.status === 'fulfilled'
    ? 'rendered'
    : result.reason instanceof HttpProblem
      ? `${result.reason.status} ${result.reason.code}`
      : String(result.reason);

describe('document renderer', () => {
  let renderer: DocumentRenderer;
  afterAll(() => renderer?.close());

  it('builds the workbook in a worker thread', async () => {
    renderer = createDocumentRenderer({ threads: 1, maxQueue: 1 });
    const bytes = await renderer.xlsx(sheet);
    expect(renderer.completed).toBe(1);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const ws = book.getWorksheet('Liste')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Name', 'Betrag']);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.getRow(3).values).toEqual([undefined, 'Dvořák', 1000]);
    expect(ws.getColumn(2).numFmt).toBe('#,##0.00');
  });

  it('refuses documents beyond its queue with 503 documents.busy and renders again once a thread is free', async () => {
    // One thread, one place in the queue: of four documents asked for at once, the first renders, the second
    // waits, the other two are refused at once instead of queueing without limit.
    const results = await Promise.allSettled([sheet, sheet, sheet, sheet].map((s) => renderer.xlsx(s)));
    expect(results.map(outcome)).toEqual([
      'rendered',
      'rendered',
      '503 documents.busy',
      '503 documents.busy',
    ]);
    await expect(renderer.xlsx(sheet)).resolves.toBeInstanceOf(Buffer);
  });
});
