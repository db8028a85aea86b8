import { CACHE_FRESHNESS_MS } from '@vereinsheim/contracts/constants';
import { EventContactPersonListSchema } from '@vereinsheim/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { eventKeys } from './keys.ts';

/** GET /api/tenants/{tenantId}/event/{eventId}/contactperson */
export const eventContactPersonsQueryOptions = (tenantId: string, eventId: string) =>
  queryOptions({
    queryKey: eventKeys.contactPersons(tenantId, eventId),
    queryFn: async ({ signal }) =>
      (
        await apiGet(
          `tenants/${encodeURIComponent(tenantId)}/event/${encodeURIComponent(eventId)}/contactperson`,
          EventContactPersonListSchema,
          undefined,
          signal,
        )
      ).items,
    staleTime: CACHE_FRESHNESS_MS.contactPersons,
  });

export function useEventContactPersons(tenantId: string | undefined, eventId: string) {
  return useQuery({ ...eventContactPersonsQueryOptions(tenantId ?? '', eventId), enabled: !!tenantId });
}
