import { TeamDetailSchema, type TeamDetail } from '@vereinsheim/contracts/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { teamKeys } from './keys.ts';

/** GET /team/{id}: the team, its members (contact data only where shared) and upcoming events. */
export function fetchTeam(id: string, signal?: AbortSignal): Promise<TeamDetail> {
  return apiGet(`team/${encodeURIComponent(id)}`, TeamDetailSchema, undefined, signal);
}

export const teamQueryOptions = (id: string) =>
  queryOptions({
    queryKey: teamKeys.detail(id),
    queryFn: ({ signal }) => fetchTeam(id, signal),
    staleTime: 60_000,
  });

export function useTeam(id: string) {
  return useQuery(teamQueryOptions(id));
}
