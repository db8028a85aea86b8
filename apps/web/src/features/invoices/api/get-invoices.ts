import { InvoiceListSchema } from '@vereinsheim/contracts/invoice';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchListPage, pagedListQueryOptions } from '../../../shared/api/paging.ts';
import { invoiceKeys, type InvoiceFilter } from './keys.ts';

export type { InvoiceFilter };

/** GET /invoice, InvoiceDate descending (spec §7, §9), optionally only incoming or outgoing ones. */
export const fetchInvoicePage = (page: number, filter: InvoiceFilter, signal?: AbortSignal) =>
  fetchListPage(
    'invoice',
    InvoiceListSchema,
    page,
    {
      orderby: 'InvoiceDate',
      orderbytype: 'descending',
      direction: filter === 'all' ? undefined : filter,
    },
    signal,
  );

export const invoicesQueryOptions = (filter: InvoiceFilter) =>
  pagedListQueryOptions({
    queryKey: invoiceKeys.list(filter),
    fetchPage: (page, signal) => fetchInvoicePage(page, filter, signal),
    staleTime: 30_000,
  });

export function useInvoices(filter: InvoiceFilter) {
  return useInfiniteQuery(invoicesQueryOptions(filter));
}
