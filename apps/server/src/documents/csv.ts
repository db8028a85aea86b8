import { CsvError, parse } from 'csv-parse/sync';

/** A CSV text read into its header and records, or where it could not be read (1-based line). */
export type CsvRead =
  { header: string[]; records: string[][] } | { unreadable: { line: number; message: string } };

/**
 * Parses a CSV text (BOM stripped; `;` or `,` chosen by the header line, as German and English Excel write
 * them). Runs in the document thread (./index.ts): the 2 MB a member import may send take 200–300 ms to parse.
 */
export function readCsv(text: string): CsvRead {
  const clean = text.replace(/^\uFEFF/, '');
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  try {
    const rows: string[][] = parse(clean, {
      delimiter,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    });
    const [header = [], ...records] = rows;
    return { header: header.map((h) => h.trim()), records };
  } catch (error) {
    // An unclosed quote or a broken line: the caller answers 400 naming the line, never a 500.
    if (!(error instanceof CsvError)) throw error;
    return {
      unreadable: { line: typeof error.lines === 'number' ? error.lines : 1, message: error.message },
    };
  }
}
