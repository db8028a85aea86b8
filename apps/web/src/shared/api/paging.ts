import { DEFAULT_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import type { PagedList } from '@vereinsheim/contracts/paging';
import {
  infiniteQueryOptions,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import type { z } from 'zod';
import { apiGet, type Query } from './client.ts';

/**
 * The next page of a paged list `{items, maximumcount, page, pagesize, top}`, or undefined once the loaded items
 * reach the maximum count or a page comes back empty (spec §4). Use as TanStack Query's `getNextPageParam`.
 */
export function nextPage<T>(pages: PagedList<T>[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last) return 1;
  const loaded = pages.reduce((n, p) => n + p.items.length, 0);
  return loaded >= last.maximumcount || last.items.length === 0 ? undefined : last.page + 1;
}

/** Merges pages by id: an item that moved between pages appears once, with its newest fields. */
export function mergePages<T extends { id: string }>(pages: PagedList<T>[]): T[] {
  const byId = new Map<string, T>();
  for (const page of pages)
    for (const item of page.items) byId.set(item.id, { ...byId.get(item.id), ...item });
  return [...byId.values()];
}

/** The loaded items of an infinite query of a paged list, merged by id (memoised per loaded data). */
export function useMergedPages<T extends { id: string }>(
  query: Pick<UseInfiniteQueryResult<InfiniteData<PagedList<T>>>, 'data'>,
): T[] {
  const { data } = query;
  return useMemo(() => (data ? mergePages(data.pages) : []), [data]);
}

/** The order of most lists: the newest first. */
export const NEWEST_FIRST = { orderby: 'CreatedAt', orderbytype: 'descending' } as const;

/**
 * GET one page of a paged list: `page`, the page size as `pagesize` and `top` (25 unless the query says otherwise),
 * then the list's order and filters; the answer parsed with the list's contract schema.
 */
export function fetchListPage<S extends z.ZodType<PagedList<unknown>>>(
  path: string,
  schema: S,
  page: number,
  query: Query = {},
  signal?: AbortSignal,
): Promise<z.infer<S>> {
  return apiGet(
    path,
    schema,
    { page, pagesize: DEFAULT_PAGE_SIZE, top: DEFAULT_PAGE_SIZE, ...query },
    signal,
  );
}

/**
 * The infinite-query options of a paged list: pages from 1, the next one while items are missing (`nextPage`);
 * refetching starts again at page 1. `fetchPage` is usually `fetchListPage` with the list's path and query.
 */
export function pagedListQueryOptions<TPage extends PagedList<unknown>, TKey extends QueryKey>(options: {
  queryKey: TKey;
  fetchPage: (page: number, signal: AbortSignal) => Promise<TPage>;
  staleTime: number;
}) {
  return infiniteQueryOptions({
    queryKey: options.queryKey,
    queryFn: ({ pageParam, signal }) => options.fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
    staleTime: options.staleTime,
  });
}
