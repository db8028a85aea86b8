import { CsvError, parse } from 'csv-parse/sync';
import { problem } from '../../lib/problem.ts';

/** A CSV file for Excel: UTF-8 with BOM, `;` separated (German Excel), CRLF, every field quoted when needed. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const field = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    // A leading = + - @ would be a formula in Excel: quoted with a leading apostrophe.
    const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
    return /[";\r\n]/.test(safe) || safe !== s ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return '\uFEFF' + [header, ...rows].map((r) => r.map(field).join(';')).join('\r\n') + '\r\n';
}

/** Parses a CSV text (BOM stripped; `;` or `,` chosen by the header line) into records by header name. */
export function parseCsv(text: string): { header: string[]; records: string[][] } {
  const clean = text.replace(/^\uFEFF/, '');
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let rows: string[][];
  try {
    rows = parse(clean, { delimiter, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    // An unclosed quote or a broken line: the file is the client's, so a 400 naming it, never a 500.
    if (!(error instanceof CsvError)) throw error;
    throw problem(400, 'member.csvUnreadable', {
      params: { line: typeof error.lines === 'number' ? error.lines : 1 },
      errors: [{ field: 'csv', message: error.message }],
    });
  }
  const [header = [], ...records] = rows;
  return { header: header.map((h) => h.trim()), records };
}
