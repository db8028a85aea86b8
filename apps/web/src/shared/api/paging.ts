import type { PagedList } from '@vereinsheim/contracts/paging';

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
