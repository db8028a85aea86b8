import { normalizeBlogPost, type BlogPost } from '@vereinsheim/contracts/blog';
import { pagedListSchema, type PagedList } from '@vereinsheim/contracts/paging';
import { useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { deferred } from '@vereinsheim/contracts/deferred';
import { fetchListPage, NEWEST_FIRST, pagedListQueryOptions } from '../../../shared/api/paging.ts';
import { blogKeys } from './keys.ts';

/** The page is read loosely and every item normalised once here (spec §3: scope, date variants, images). */
export const LooseBlogPageSchema = deferred(() =>
  pagedListSchema(z.unknown()).transform((page): PagedList<BlogPost> => ({
    ...page,
    items: page.items.map(normalizeBlogPost),
  })),
);

/** GET me/cms2/blogpost: the person's news (of all clubs, or of `tenantIds`), pinned first, then the newest. */
export const fetchBlogPage = (page: number, tenantIds?: string[], signal?: AbortSignal) =>
  fetchListPage(
    'me/cms2/blogpost',
    LooseBlogPageSchema,
    page,
    { ...NEWEST_FIRST, tenantIds: tenantIds?.join(',') },
    signal,
  );

export const blogPostsQueryOptions = (tenantIds?: string[]) =>
  pagedListQueryOptions({
    queryKey: blogKeys.posts(tenantIds),
    fetchPage: (page, signal) => fetchBlogPage(page, tenantIds, signal),
    staleTime: 30_000,
  });

/** The news of the club scope; waits (enabled false) until the scope is known. */
export function useBlogPosts(tenantIds?: string[], enabled = true) {
  return useInfiniteQuery({ ...blogPostsQueryOptions(tenantIds), enabled });
}
