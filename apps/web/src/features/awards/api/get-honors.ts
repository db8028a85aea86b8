import { DEFAULT_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import { HonorListSchema, type HonorList } from '@vereinsheim/contracts/awards';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { nextPage } from '../../../shared/api/paging.ts';

/** GET me/honor: paging, ordered by CreatedAt (spec §7, §9). */
export function fetchHonorsPage(page: number, signal?: AbortSignal): Promise<HonorList> {
  return apiGet(
    'me/honor',
    HonorListSchema,
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

export const honorsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['awards', 'honors'],
    queryFn: ({ pageParam, signal }) => fetchHonorsPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
    staleTime: 60_000,
  });

export function useHonors() {
  return useInfiniteQuery(honorsQueryOptions());
}
