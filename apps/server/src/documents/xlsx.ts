import ExcelJS from 'exceljs';

/** One worksheet: a bold header row, then the rows; `numberFormats` by 1-based column (e.g. `{ 5: '#,##0.00' }`). */
export interface XlsxSheet {
  name: string;
  header: string[];
  rows: (string | number)[][];
  numberFormats?: Record<number, string>;
  columnWidth?: number;
}

export async function renderXlsx(sheet: XlsxSheet): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet.name);
  ws.addRow(sheet.header).font = { bold: true };
  for (const row of sheet.rows) ws.addRow(row);
  for (const [column, format] of Object.entries(sheet.numberFormats ?? {}))
    ws.getColumn(Number(column)).numFmt = format;
  if (sheet.columnWidth) ws.columns.forEach((c) => (c.width = sheet.columnWidth));
  return Buffer.from(await book.xlsx.writeBuffer());
}
