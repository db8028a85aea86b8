import { CACHE_FRESHNESS_MS } from '@vereinsheim/contracts/constants';
import { TeamDocumentListSchema, type TeamDocumentList } from '@vereinsheim/contracts/team';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequestBlob } from '../../../shared/api/client.ts';
import { saveFile } from '../../../shared/platform/share.ts';
import { teamKeys } from './keys.ts';

/** GET /tenant/{tenantId}/team/{teamId}/documentupload. */
export function fetchTeamDocuments(
  tenantId: string,
  teamId: string,
  signal?: AbortSignal,
): Promise<TeamDocumentList> {
  return apiGet(
    `tenant/${encodeURIComponent(tenantId)}/team/${encodeURIComponent(teamId)}/documentupload`,
    TeamDocumentListSchema,
    undefined,
    signal,
  );
}

export const teamDocumentsQueryOptions = (tenantId: string, teamId: string) =>
  queryOptions({
    queryKey: teamKeys.documents(tenantId, teamId),
    queryFn: ({ signal }) => fetchTeamDocuments(tenantId, teamId, signal),
    staleTime: CACHE_FRESHNESS_MS.documents,
  });

export function useTeamDocuments(tenantId: string | undefined, teamId: string) {
  return useQuery({ ...teamDocumentsQueryOptions(tenantId ?? '', teamId), enabled: !!tenantId });
}

/** Downloads one document (downloadUrl is relative to the API base and needs the bearer token). */
export function useDownloadTeamDocument() {
  return useMutation({
    mutationFn: async (document: { downloadUrl: string; fileName: string }) =>
      saveFile(await apiRequestBlob(document.downloadUrl), document.fileName),
  });
}
