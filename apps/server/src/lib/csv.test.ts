import { describe, expect, it } from 'vitest';
import { readCsv } from '../documents/csv.ts';
import { toCsv } from './csv.ts';

const header = ['Name', 'Notiz', 'Betrag'];
const rows: (string | number | null)[][] = [
  ['Berg, Anna', 'sagt "hallo"', '12,50'],
  ['=HYPERLINK("http://x.invalid")', '+49 170 1234567', null],
  ['@SUM(A1)', 'zwei\nZeilen', -3],
];

describe('toCsv', () => {
  it('writes German files with semicolons, BOM and CRLF, quoting only where needed', () => {
    const csv = toCsv('de', header, rows.slice(0, 1));
    expect(csv).toBe('\uFEFFName;Notiz;Betrag\r\nBerg, Anna;"sagt ""hallo""";12,50\r\n');
  });

  it('writes English files with commas, quoting a field that holds one', () => {
    const csv = toCsv('en', header, rows.slice(0, 1));
    expect(csv).toBe('\uFEFFName,Notiz,Betrag\r\n"Berg, Anna","sagt ""hallo""","12,50"\r\n');
  });

  it('defuses fields a spreadsheet would run as a formula, but not negative numbers', () => {
    const csv = toCsv('de', header, rows.slice(1));
    expect(csv).toContain(`'=HYPERLINK(""http://x.invalid"")`);
    expect(csv).toContain(";'+49 170 1234567;");
    expect(csv).toContain(`'@SUM(A1);"zwei\nZeilen";-3\r\n`);
  });

  it.each(['de', 'en'] as const)("is read back field for field by the import's reader (%s)", (lng) => {
    const read = readCsv(toCsv(lng, header, rows));
    expect(read).toEqual({
      header,
      records: [
        ['Berg, Anna', 'sagt "hallo"', '12,50'],
        [`'=HYPERLINK("http://x.invalid")`, "'+49 170 1234567", ''],
        ["'@SUM(A1)", 'zwei\nZeilen', '-3'],
      ],
    });
  });
});
