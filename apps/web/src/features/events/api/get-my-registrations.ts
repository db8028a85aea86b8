import { CACHE_FRESHNESS_MS } from '@vereinsheim/contracts/constants';
import { MyRegistrationListSchema } from '@vereinsheim/contracts/events';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchListPage, pagedListQueryOptions } from '../../../shared/api/paging.ts';
import { eventKeys } from './keys.ts';

/** GET /api/me/event/registrations?includeCancelled=true (paged, spec §7). */
export const fetchMyRegistrations = (page: number, signal?: AbortSignal) =>
  fetchListPage('me/event/registrations', MyRegistrationListSchema, page, { includeCancelled: true }, signal);

export const myRegistrationsQueryOptions = () =>
  pagedListQueryOptions({
    queryKey: eventKeys.myRegistrations(),
    fetchPage: fetchMyRegistrations,
    staleTime: CACHE_FRESHNESS_MS.myRegistrations,
  });

export function useMyRegistrations() {
  return useInfiniteQuery(myRegistrationsQueryOptions());
}
