import type { DocumentRenderer } from '../../documents/index.ts';
import { problem } from '../../lib/problem.ts';

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
