import { DEFAULT_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import { OrderElementListSchema, type OrderElementList } from '@vereinsheim/contracts/invoice';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { nextPage } from '../../../shared/api/paging.ts';

/** GET me/orderelements, CreatedAt descending (spec §7, §9). */
export function fetchOrderElementsPage(page: number, signal?: AbortSignal): Promise<OrderElementList> {
  return apiGet(
    'me/orderelements',
    OrderElementListSchema,
    {
      page,
      pagesize: DEFAULT_PAGE_SIZE,
      top: DEFAULT_PAGE_SIZE,
      orderby: 'CreatedAt',
      orderbytype: 'descending',
    },
    signal,
  );
}

export const orderElementsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['invoices', 'orderelements'],
    queryFn: ({ pageParam, signal }) => fetchOrderElementsPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
    staleTime: 30_000,
  });

export function useOrderElements(enabled = true) {
  return useInfiniteQuery({ ...orderElementsQueryOptions(), enabled });
}
