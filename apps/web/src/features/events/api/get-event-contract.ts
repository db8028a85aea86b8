import { CACHE_FRESHNESS_MS } from '@vereinsheim/contracts/constants';
import { EventContractSchema } from '@vereinsheim/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, isApiError } from '../../../shared/api/client.ts';
import { eventKeys } from './keys.ts';

/** GET /api/event/{id}/contract; an event without contract (404) has no prices: null. */
export const eventContractQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventKeys.contract(id),
    queryFn: async ({ signal }) => {
      try {
        return await apiGet(
          `event/${encodeURIComponent(id)}/contract`,
          EventContractSchema,
          undefined,
          signal,
        );
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: CACHE_FRESHNESS_MS.eventContract,
  });

export function useEventContract(id: string) {
  return useQuery(eventContractQueryOptions(id));
}
