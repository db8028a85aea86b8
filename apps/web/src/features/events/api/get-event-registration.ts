import { CACHE_FRESHNESS_MS } from '@vereinsheim/contracts/constants';
import { EventRegistrationSchema } from '@vereinsheim/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { eventKeys } from './keys.ts';

/** GET /api/event/{id}/registration: my registration, or null (event progress NoMember, spec §4). */
export const eventRegistrationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventKeys.registration(id),
    queryFn: ({ signal }) =>
      apiGet(
        `event/${encodeURIComponent(id)}/registration`,
        EventRegistrationSchema.nullable(),
        undefined,
        signal,
      ),
    staleTime: CACHE_FRESHNESS_MS.registration,
  });

export function useEventRegistration(id: string) {
  return useQuery(eventRegistrationQueryOptions(id));
}
