import { DEFAULT_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import {
  InvoiceListSchema,
  type InvoiceDirection,
  type InvoiceList,
  type InvoiceSummary,
} from '@vereinsheim/contracts/invoice';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';

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

/** The next page, or undefined once the loaded items reach the maximum count (spec §4). */
export function nextInvoicePage(pages: InvoiceList[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last) return 1;
  const loaded = pages.reduce((n, p) => n + p.items.length, 0);
  return loaded >= last.maximumcount || last.items.length === 0 ? undefined : last.page + 1;
}

/** Merges pages by id (an invoice that moved between pages appears once, with its newest fields). */
export function mergeInvoicePages(pages: InvoiceList[]): InvoiceSummary[] {
  const byId = new Map<string, InvoiceSummary>();
  for (const page of pages)
    for (const item of page.items) byId.set(item.id, { ...byId.get(item.id), ...item });
  return [...byId.values()];
}

export const invoicesQueryOptions = (filter: InvoiceFilter) =>
  infiniteQueryOptions({
    queryKey: ['invoices', 'list', filter],
    queryFn: ({ pageParam, signal }) => fetchInvoicePage(pageParam, filter, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextInvoicePage(pages),
    staleTime: 30_000,
  });

export function useInvoices(filter: InvoiceFilter) {
  return useInfiniteQuery(invoicesQueryOptions(filter));
}
