import { InvoiceDetailSchema, type InvoiceDetail } from '@vereinsheim/contracts/invoice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { invoiceKeys } from './keys.ts';

/** GET /invoice/{id}: line items, bank details and the GiroCode payload. */
export function fetchInvoice(id: string, signal?: AbortSignal): Promise<InvoiceDetail> {
  return apiGet(`invoice/${encodeURIComponent(id)}`, InvoiceDetailSchema, undefined, signal);
}

export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => fetchInvoice(id, signal),
    staleTime: 30_000,
  });

export function useInvoice(id: string) {
  return useQuery(invoiceQueryOptions(id));
}
