import { CredentialListSchema } from '@vereinsheim/contracts/awards';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchListPage, NEWEST_FIRST, pagedListQueryOptions } from '../../../shared/api/paging.ts';
import { awardKeys } from './keys.ts';

/** GET me/license: paged, newest first (spec §7, §9). */
export const fetchLicensesPage = (page: number, signal?: AbortSignal) =>
  fetchListPage('me/license', CredentialListSchema, page, NEWEST_FIRST, signal);

export const licensesQueryOptions = () =>
  pagedListQueryOptions({ queryKey: awardKeys.licenses(), fetchPage: fetchLicensesPage, staleTime: 60_000 });

export const useLicenses = () => useInfiniteQuery(licensesQueryOptions());
