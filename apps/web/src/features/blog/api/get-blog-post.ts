import { normalizeBlogPost, type BlogPost } from '@vereinsheim/contracts/blog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { deferred } from '@vereinsheim/contracts/deferred';
import { apiGet } from '../../../shared/api/client.ts';
import { blogKeys } from './keys.ts';

const LooseBlogPostSchema = deferred(() => z.unknown().transform(normalizeBlogPost));

export function fetchBlogPost(id: string, signal?: AbortSignal): Promise<BlogPost> {
  return apiGet(`me/cms2/blogpost/${encodeURIComponent(id)}`, LooseBlogPostSchema, undefined, signal);
}

export const blogPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: blogKeys.post(id),
    queryFn: ({ signal }) => fetchBlogPost(id, signal),
    staleTime: 30_000,
  });

export function useBlogPost(id: string) {
  return useQuery(blogPostQueryOptions(id));
}
