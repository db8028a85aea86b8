import { CACHE_FRESHNESS_MS } from '@vereinsheim/contracts/constants';
import { EventDocumentListSchema } from '@vereinsheim/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { eventKeys } from './keys.ts';

/** GET /api/tenants/{tenantId}/event/{eventId}/documentupload */
export const eventDocumentsQueryOptions = (tenantId: string, eventId: string) =>
  queryOptions({
    queryKey: eventKeys.documents(tenantId, eventId),
    queryFn: async ({ signal }) =>
      (
        await apiGet(
          `tenants/${encodeURIComponent(tenantId)}/event/${encodeURIComponent(eventId)}/documentupload`,
          EventDocumentListSchema,
          undefined,
          signal,
        )
      ).items,
    staleTime: CACHE_FRESHNESS_MS.documents,
  });

export function useEventDocuments(tenantId: string | undefined, eventId: string) {
  return useQuery({ ...eventDocumentsQueryOptions(tenantId ?? '', eventId), enabled: !!tenantId });
}
