import { CACHE_FRESHNESS_MS } from '@vereinsheim/contracts/constants';
import { EventSchema } from '@vereinsheim/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { eventKeys } from './keys.ts';

/** GET /api/event/{id} */
export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => apiGet(`event/${encodeURIComponent(id)}`, EventSchema, undefined, signal),
    staleTime: CACHE_FRESHNESS_MS.event,
  });

export function useEvent(id: string) {
  return useQuery(eventQueryOptions(id));
}
