import { DEFAULT_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import { TeamListSchema, type TeamList, type TeamSummary } from '@vereinsheim/contracts/team';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';

/** GET /me/team: the person's teams by name. */
export function fetchMyTeamsPage(page: number, signal?: AbortSignal): Promise<TeamList> {
  return apiGet(
    'me/team',
    TeamListSchema,
    { page, pagesize: DEFAULT_PAGE_SIZE, top: DEFAULT_PAGE_SIZE, orderby: 'Name', orderbytype: 'ascending' },
    signal,
  );
}

export function nextTeamsPage(pages: TeamList[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last) return 1;
  const loaded = pages.reduce((n, p) => n + p.items.length, 0);
  return loaded >= last.maximumcount || last.items.length === 0 ? undefined : last.page + 1;
}

export function mergeTeamPages(pages: TeamList[]): TeamSummary[] {
  const byId = new Map<string, TeamSummary>();
  for (const page of pages)
    for (const item of page.items) byId.set(item.id, { ...byId.get(item.id), ...item });
  return [...byId.values()];
}

export const myTeamsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['teams', 'mine'],
    queryFn: ({ pageParam, signal }) => fetchMyTeamsPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextTeamsPage(pages),
    staleTime: 60_000,
  });

export function useMyTeams() {
  return useInfiniteQuery(myTeamsQueryOptions());
}
