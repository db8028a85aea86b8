import { TeamListSchema } from '@vereinsheim/contracts/team';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchListPage, pagedListQueryOptions } from '../../../shared/api/paging.ts';
import { teamKeys } from './keys.ts';

/** GET /me/team: the person's teams by name. */
export const fetchMyTeamsPage = (page: number, signal?: AbortSignal) =>
  fetchListPage('me/team', TeamListSchema, page, { orderby: 'Name', orderbytype: 'ascending' }, signal);

export const myTeamsQueryOptions = () =>
  pagedListQueryOptions({ queryKey: teamKeys.mine(), fetchPage: fetchMyTeamsPage, staleTime: 60_000 });

export function useMyTeams() {
  return useInfiniteQuery(myTeamsQueryOptions());
}
