import { DEFAULT_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import { normalizeBlogPost, type BlogPost } from '@vereinsheim/contracts/blog';
import { pagedListSchema, type PagedList } from '@vereinsheim/contracts/paging';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../shared/api/client.ts';
import { mergePages, nextPage } from '../../../shared/api/paging.ts';

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

/** Kept under the blog's names for callers; the implementation is shared (spec §4 paging). */
export { mergePages as mergeBlogPages, nextPage as nextBlogPage };

export const blogPostsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['blog', 'posts'],
    queryFn: ({ pageParam, signal }) => fetchBlogPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
    staleTime: 30_000,
  });

export function useBlogPosts() {
  return useInfiniteQuery(blogPostsQueryOptions());
}
