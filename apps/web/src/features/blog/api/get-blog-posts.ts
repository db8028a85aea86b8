import { normalizeBlogPost, type BlogPost } from '@vereinsheim/contracts/blog';
import { pagedListSchema, type PagedList } from '@vereinsheim/contracts/paging';
import { useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchListPage, NEWEST_FIRST, pagedListQueryOptions } from '../../../shared/api/paging.ts';
import { blogKeys } from './keys.ts';

/** The page is read loosely and every item normalised once here (spec §3: scope, date variants, images). */
export const LooseBlogPageSchema = pagedListSchema(z.unknown()).transform((page): PagedList<BlogPost> => ({
  ...page,
  items: page.items.map(normalizeBlogPost),
}));

/** GET me/cms2/blogpost: the person's news, pinned first, then the newest. */
export const fetchBlogPage = (page: number, signal?: AbortSignal) =>
  fetchListPage('me/cms2/blogpost', LooseBlogPageSchema, page, NEWEST_FIRST, signal);

export const blogPostsQueryOptions = () =>
  pagedListQueryOptions({ queryKey: blogKeys.posts(), fetchPage: fetchBlogPage, staleTime: 30_000 });

export function useBlogPosts() {
  return useInfiniteQuery(blogPostsQueryOptions());
}
