import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../shared/api/download.ts';

/** GET /invoice/{id}/pdf (pdfUrl of the detail, relative to the API base) with the bearer token, saved as a file. */
export function useDownloadInvoicePdf() {
  return useMutation({
    mutationFn: (invoice: { pdfUrl: string; number: string }) =>
      // Named by the server in the reader's language (Rechnung-R-00003.pdf, Invoice-R-00003.pdf).
      downloadFile(invoice.pdfUrl, `${invoice.number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`),
  });
}
