import { HonorListSchema } from '@vereinsheim/contracts/awards';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchListPage, NEWEST_FIRST, pagedListQueryOptions } from '../../../shared/api/paging.ts';
import { awardKeys } from './keys.ts';

/** GET me/honor: paged, newest first (spec §7, §9). */
export const fetchHonorsPage = (page: number, signal?: AbortSignal) =>
  fetchListPage('me/honor', HonorListSchema, page, NEWEST_FIRST, signal);

export const honorsQueryOptions = () =>
  pagedListQueryOptions({ queryKey: awardKeys.honors(), fetchPage: fetchHonorsPage, staleTime: 60_000 });

export const useHonors = () => useInfiniteQuery(honorsQueryOptions());
