import { useMutation } from '@tanstack/react-query';
import { apiRequestBlob } from '../../../shared/api/client.ts';
import { saveFile } from '../../../shared/platform/share.ts';

/** GET /invoice/{id}/pdf (pdfUrl of the detail, relative to the API base) with the bearer token. */
export function fetchInvoicePdf(pdfUrl: string): Promise<Blob> {
  return apiRequestBlob(pdfUrl);
}

export function useDownloadInvoicePdf() {
  return useMutation({
    mutationFn: async (invoice: { pdfUrl: string; number: string }) => {
      const blob = await fetchInvoicePdf(invoice.pdfUrl);
      saveFile(blob, `Rechnung-${invoice.number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`);
    },
  });
}
