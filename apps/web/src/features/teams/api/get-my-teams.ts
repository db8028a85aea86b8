import { DEFAULT_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import { TeamListSchema, type TeamList } from '@vereinsheim/contracts/team';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { nextPage } from '../../../shared/api/paging.ts';

/** GET /me/team: the person's teams by name. */
export function fetchMyTeamsPage(page: number, signal?: AbortSignal): Promise<TeamList> {
  return apiGet(
    'me/team',
    TeamListSchema,
    { page, pagesize: DEFAULT_PAGE_SIZE, top: DEFAULT_PAGE_SIZE, orderby: 'Name', orderbytype: 'ascending' },
    signal,
  );
}

export const myTeamsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['teams', 'mine'],
    queryFn: ({ pageParam, signal }) => fetchMyTeamsPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
    staleTime: 60_000,
  });

export function useMyTeams() {
  return useInfiniteQuery(myTeamsQueryOptions());
}
