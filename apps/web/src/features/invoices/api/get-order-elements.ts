import { OrderElementListSchema } from '@vereinsheim/contracts/invoice';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchListPage, NEWEST_FIRST, pagedListQueryOptions } from '../../../shared/api/paging.ts';
import { invoiceKeys } from './keys.ts';

/** GET me/orderelements, CreatedAt descending (spec §7, §9), optionally of some clubs only. */
export const fetchOrderElementsPage = (page: number, tenantIds?: string[], signal?: AbortSignal) =>
  fetchListPage(
    'me/orderelements',
    OrderElementListSchema,
    page,
    { ...NEWEST_FIRST, tenantId: tenantIds?.join(',') },
    signal,
  );

export const orderElementsQueryOptions = (tenantIds?: string[]) =>
  pagedListQueryOptions({
    queryKey: invoiceKeys.orderElements(tenantIds),
    fetchPage: (page, signal) => fetchOrderElementsPage(page, tenantIds, signal),
    staleTime: 30_000,
  });

export function useOrderElements(enabled = true, tenantIds?: string[]) {
  return useInfiniteQuery({ ...orderElementsQueryOptions(tenantIds), enabled });
}
