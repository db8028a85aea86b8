import { normalizeBlogPost, type BlogPost } from '@vereinsheim/contracts/blog';
import { pagedListSchema } from '@vereinsheim/contracts/paging';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../shared/api/client.ts';
import { NEWEST_FIRST } from '../../../shared/api/paging.ts';
import { dashboardKeys } from './keys.ts';

export const DASHBOARD_NEWS_COUNT = 4;

const NewsSchema = pagedListSchema(z.unknown()).transform((page): BlogPost[] =>
  page.items.map(normalizeBlogPost),
);

/** The first page of the person's news: pinned posts first, then the newest. */
export function fetchLatestNews(signal?: AbortSignal): Promise<BlogPost[]> {
  return apiGet(
    'me/cms2/blogpost',
    NewsSchema,
    { page: 1, pagesize: DASHBOARD_NEWS_COUNT, ...NEWEST_FIRST },
    signal,
  );
}

export const latestNewsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.news(),
    queryFn: ({ signal }) => fetchLatestNews(signal),
    staleTime: 30_000,
  });

export function useLatestNews() {
  return useQuery(latestNewsQueryOptions());
}
