import type { DocumentRenderer } from '../../documents/index.ts';
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

/** Reads an uploaded CSV off the event loop (the document thread, ADR 0036); unreadable → 400 naming the line. */
export async function parseCsv(
  documents: DocumentRenderer,
  text: string,
): Promise<{ header: string[]; records: string[][] }> {
  const read = await documents.readCsv(text);
  if ('unreadable' in read)
    throw problem(400, 'member.csvUnreadable', {
      params: { line: read.unreadable.line },
      errors: [{ field: 'csv', message: read.unreadable.message }],
    });
  return read;
}
