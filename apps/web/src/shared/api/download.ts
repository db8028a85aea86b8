import { parse as parseContentDisposition } from 'content-disposition';
import { saveFile } from '../platform/share.ts';
import { apiRequestFile } from './client.ts';

/**
 * The file name of a `Content-Disposition` header (RFC 6266: `filename*` in UTF-8 before the plain `filename`),
 * without any directory part; null when it names none or cannot be read.
 */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  try {
    const name = parseContentDisposition(disposition).parameters['filename'];
    return name?.split(/[\\/]/).pop()?.trim() || null;
  } catch {
    return null;
  }
}

/**
 * Downloads a file through the authenticated client and saves it under the name the server gave it. The server
 * names files in the reader's language (`Accept-Language`: `members.csv`, `Invoice-R-00003.pdf`); `fallbackName`
 * is for a server that names none.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { blob, disposition } = await apiRequestFile(path);
  saveFile(blob, fileNameOf(disposition) ?? fallbackName);
}
