import { DEFAULT_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import { normalizeBlogPost, type BlogPost } from '@vereinsheim/contracts/blog';
import { pagedListSchema, type PagedList } from '@vereinsheim/contracts/paging';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../shared/api/client.ts';

/** The page is read loosely and every item normalised once here (spec §3: scope, date variants, images). */
const LooseBlogPageSchema = pagedListSchema(z.unknown()).transform((page): PagedList<BlogPost> => ({
  ...page,
  items: page.items.map(normalizeBlogPost),
}));

export function fetchBlogPage(page: number, signal?: AbortSignal): Promise<PagedList<BlogPost>> {
  return apiGet(
    'me/cms2/blogpost',
    LooseBlogPageSchema,
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

/** The next page, or undefined once the loaded items reach the maximum count (spec §4). */
export function nextBlogPage(pages: PagedList<BlogPost>[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last) return 1;
  const loaded = pages.reduce((n, p) => n + p.items.length, 0);
  return loaded >= last.maximumcount || last.items.length === 0 ? undefined : last.page + 1;
}

/** Merges pages by id: a post that moved between pages appears once, with its newest fields. */
export function mergeBlogPages(pages: PagedList<BlogPost>[]): BlogPost[] {
  const byId = new Map<string, BlogPost>();
  for (const page of pages) {
    for (const post of page.items) byId.set(post.id, { ...byId.get(post.id), ...post });
  }
  return [...byId.values()];
}

export const blogPostsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['blog', 'posts'],
    queryFn: ({ pageParam, signal }) => fetchBlogPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextBlogPage(pages),
    staleTime: 30_000,
  });

export function useBlogPosts() {
  return useInfiniteQuery(blogPostsQueryOptions());
}
