import { DEFAULT_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import {
  OrderElementListSchema,
  type OrderElement,
  type OrderElementList,
} from '@vereinsheim/contracts/invoice';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';

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

export function nextOrderElementsPage(pages: OrderElementList[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last) return 1;
  const loaded = pages.reduce((n, p) => n + p.items.length, 0);
  return loaded >= last.maximumcount || last.items.length === 0 ? undefined : last.page + 1;
}

export function mergeOrderElementPages(pages: OrderElementList[]): OrderElement[] {
  const byId = new Map<string, OrderElement>();
  for (const page of pages)
    for (const item of page.items) byId.set(item.id, { ...byId.get(item.id), ...item });
  return [...byId.values()];
}

export const orderElementsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['invoices', 'orderelements'],
    queryFn: ({ pageParam, signal }) => fetchOrderElementsPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextOrderElementsPage(pages),
    staleTime: 30_000,
  });

export function useOrderElements(enabled = true) {
  return useInfiniteQuery({ ...orderElementsQueryOptions(), enabled });
}
