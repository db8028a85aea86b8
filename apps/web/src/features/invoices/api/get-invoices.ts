import { DEFAULT_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import { InvoiceListSchema, type InvoiceDirection, type InvoiceList } from '@vereinsheim/contracts/invoice';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { nextPage } from '../../../shared/api/paging.ts';

export type InvoiceFilter = InvoiceDirection | 'all';

/** GET /invoice, InvoiceDate descending (spec §7, §9). */
export function fetchInvoicePage(
  page: number,
  filter: InvoiceFilter,
  signal?: AbortSignal,
): Promise<InvoiceList> {
  return apiGet(
    'invoice',
    InvoiceListSchema,
    {
      page,
      pagesize: DEFAULT_PAGE_SIZE,
      top: DEFAULT_PAGE_SIZE,
      orderby: 'InvoiceDate',
      orderbytype: 'descending',
      direction: filter === 'all' ? undefined : filter,
    },
    signal,
  );
}

export const invoicesQueryOptions = (filter: InvoiceFilter) =>
  infiniteQueryOptions({
    queryKey: ['invoices', 'list', filter],
    queryFn: ({ pageParam, signal }) => fetchInvoicePage(pageParam, filter, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
    staleTime: 30_000,
  });

export function useInvoices(filter: InvoiceFilter) {
  return useInfiniteQuery(invoicesQueryOptions(filter));
}
