import { OrderElementListSchema } from '@vereinsheim/contracts/invoice';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchListPage, NEWEST_FIRST, pagedListQueryOptions } from '../../../shared/api/paging.ts';
import { invoiceKeys } from './keys.ts';

/** GET me/orderelements, CreatedAt descending (spec §7, §9). */
export const fetchOrderElementsPage = (page: number, signal?: AbortSignal) =>
  fetchListPage('me/orderelements', OrderElementListSchema, page, NEWEST_FIRST, signal);

export const orderElementsQueryOptions = () =>
  pagedListQueryOptions({
    queryKey: invoiceKeys.orderElements(),
    fetchPage: fetchOrderElementsPage,
    staleTime: 30_000,
  });

export function useOrderElements(enabled = true) {
  return useInfiniteQuery({ ...orderElementsQueryOptions(), enabled });
}
