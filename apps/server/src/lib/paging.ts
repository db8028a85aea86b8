import { effectivePageSize, type PagedList, type PagedQuery } from '@vereinsheim/contracts';

export interface PageWindow {
  limit: number;
  offset: number;
  page: number;
  size: number;
}

export function pageWindow(query: PagedQuery): PageWindow {
  const size = effectivePageSize(query);
  return { limit: size, offset: (query.page - 1) * size, page: query.page, size };
}

export function pagedList<T>(
  items: T[],
  total: number,
  window: PageWindow,
  orderbytype: 'ascending' | 'descending',
): PagedList<T> {
  return {
    items,
    maximumcount: total,
    page: window.page,
    pagesize: window.size,
    top: window.size,
    orderbytype,
  };
}
