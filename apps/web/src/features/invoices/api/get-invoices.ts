import { InvoiceListSchema } from '@vereinsheim/contracts/invoice';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchListPage, pagedListQueryOptions } from '../../../shared/api/paging.ts';
import { invoiceKeys, type InvoiceFilter } from './keys.ts';

export type { InvoiceFilter };

/** GET /invoice, InvoiceDate descending (spec §7, §9), optionally only incoming or outgoing ones. */
export const fetchInvoicePage = (
  page: number,
  filter: InvoiceFilter,
  tenantIds?: string[],
  signal?: AbortSignal,
) =>
  fetchListPage(
    'invoice',
    InvoiceListSchema,
    page,
    {
      orderby: 'InvoiceDate',
      orderbytype: 'descending',
      direction: filter === 'all' ? undefined : filter,
      tenantIds: tenantIds?.join(','),
    },
    signal,
  );

export const invoicesQueryOptions = (filter: InvoiceFilter, tenantIds?: string[]) =>
  pagedListQueryOptions({
    queryKey: invoiceKeys.list(filter, tenantIds),
    fetchPage: (page, signal) => fetchInvoicePage(page, filter, tenantIds, signal),
    staleTime: 30_000,
  });

export function useInvoices(filter: InvoiceFilter, tenantIds?: string[], enabled = true) {
  return useInfiniteQuery({ ...invoicesQueryOptions(filter, tenantIds), enabled });
}
