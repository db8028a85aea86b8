import { CredentialListSchema } from '@vereinsheim/contracts/awards';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchListPage, NEWEST_FIRST, pagedListQueryOptions } from '../../../shared/api/paging.ts';
import { awardKeys } from './keys.ts';

/** GET me/qualification: paged, newest first (spec §7, §9). */
export const fetchQualificationsPage = (page: number, signal?: AbortSignal) =>
  fetchListPage('me/qualification', CredentialListSchema, page, NEWEST_FIRST, signal);

export const qualificationsQueryOptions = () =>
  pagedListQueryOptions({
    queryKey: awardKeys.qualifications(),
    fetchPage: fetchQualificationsPage,
    staleTime: 60_000,
  });

export const useQualifications = () => useInfiniteQuery(qualificationsQueryOptions());
