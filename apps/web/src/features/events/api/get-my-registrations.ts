import { CACHE_FRESHNESS_MS, DEFAULT_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import { MyRegistrationListSchema, type MyRegistration } from '@vereinsheim/contracts/events';
import type { PagedList } from '@vereinsheim/contracts/paging';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { nextPage } from '../../../shared/api/paging.ts';

/** GET /api/me/event/registrations?includeCancelled=true (paged, spec §7). */
export function fetchMyRegistrations(page: number, signal?: AbortSignal): Promise<PagedList<MyRegistration>> {
  return apiGet(
    'me/event/registrations',
    MyRegistrationListSchema,
    { page, pagesize: DEFAULT_PAGE_SIZE, top: DEFAULT_PAGE_SIZE, includeCancelled: true },
    signal,
  );
}

export const myRegistrationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['events', 'my-registrations'],
    queryFn: ({ pageParam, signal }) => fetchMyRegistrations(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
    staleTime: CACHE_FRESHNESS_MS.myRegistrations,
  });

export function useMyRegistrations() {
  return useInfiniteQuery(myRegistrationsQueryOptions());
}
