import { useMutation } from '@tanstack/react-query';
import { apiRequestBlob } from '../../../shared/api/client.ts';

/** GET /invoice/{id}/pdf (pdfUrl of the detail, relative to the API base) with the bearer token. */
export function fetchInvoicePdf(pdfUrl: string): Promise<Blob> {
  return apiRequestBlob(pdfUrl);
}

/** Saves the blob under the file name through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadInvoicePdf() {
  return useMutation({
    mutationFn: async (invoice: { pdfUrl: string; number: string }) => {
      const blob = await fetchInvoicePdf(invoice.pdfUrl);
      saveBlob(blob, `Rechnung-${invoice.number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`);
    },
  });
}
