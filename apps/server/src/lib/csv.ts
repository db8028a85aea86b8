import { stringify } from 'csv-stringify/sync';
import type { Language } from './i18n.ts';

/**
 * The field separator a spreadsheet of the reader's language expects when it opens a CSV file by double-click:
 * German Excel and LibreOffice read `;` (the comma is the decimal separator), English ones `,`.
 */
export const CSV_DELIMITER: Record<Language, string> = { de: ';', en: ',' };

/**
 * A CSV file for a spreadsheet in the reader's language: UTF-8 with BOM (Excel reads it as UTF-8), CRLF, the
 * language's separator, a field quoted when it holds the separator, a quote or a line break. A field starting
 * with = + - @, a tab or a carriage return gets a leading apostrophe, so that a spreadsheet shows it as text and
 * does not run it as a formula (CSV injection); numbers are left alone.
 */
export function toCsv(lng: Language, header: string[], rows: (string | number | null)[][]): string {
  return (
    '\uFEFF' +
    stringify([header, ...rows], {
      delimiter: CSV_DELIMITER[lng],
      record_delimiter: 'windows',
      // A line break inside a field is quoted too (the library leaves it bare once the record delimiter is set).
      quote_record_delimiter: true,
      escape_formulas: true,
      cast: { number: (value) => String(value) },
    })
  );
}
