import { CACHE_FRESHNESS_MS } from '@vereinsheim/contracts/constants';
import { TeamContactPersonListSchema, type TeamContactPersonList } from '@vereinsheim/contracts/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { teamKeys } from './keys.ts';

/** GET /tenant/{tenantId}/team/{teamId}/contactperson. */
export function fetchTeamContactPersons(
  tenantId: string,
  teamId: string,
  signal?: AbortSignal,
): Promise<TeamContactPersonList> {
  return apiGet(
    `tenant/${encodeURIComponent(tenantId)}/team/${encodeURIComponent(teamId)}/contactperson`,
    TeamContactPersonListSchema,
    undefined,
    signal,
  );
}

export const teamContactPersonsQueryOptions = (tenantId: string, teamId: string) =>
  queryOptions({
    queryKey: teamKeys.contactPersons(tenantId, teamId),
    queryFn: ({ signal }) => fetchTeamContactPersons(tenantId, teamId, signal),
    staleTime: CACHE_FRESHNESS_MS.contactPersons,
  });

export function useTeamContactPersons(tenantId: string | undefined, teamId: string) {
  return useQuery({ ...teamContactPersonsQueryOptions(tenantId ?? '', teamId), enabled: !!tenantId });
}
