import { DEFAULT_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import { CredentialListSchema, type CredentialList } from '@vereinsheim/contracts/awards';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { nextPage } from '../../../shared/api/paging.ts';

/** GET me/license: paging, ordered by CreatedAt (spec §7, §9). */
export function fetchLicensesPage(page: number, signal?: AbortSignal): Promise<CredentialList> {
  return apiGet(
    'me/license',
    CredentialListSchema,
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

export const licensesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['awards', 'licenses'],
    queryFn: ({ pageParam, signal }) => fetchLicensesPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
    staleTime: 60_000,
  });

export function useLicenses() {
  return useInfiniteQuery(licensesQueryOptions());
}
