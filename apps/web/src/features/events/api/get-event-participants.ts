import { EventParticipantListSchema } from '@vereinsheim/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../shared/api/client.ts';
import { eventKeys } from './keys.ts';

/** GET /api/event/{id}/participants: who takes part and agreed to be named (ADR 0025). */
export const eventParticipantsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventKeys.participants(id),
    queryFn: ({ signal }) =>
      apiGet(`event/${encodeURIComponent(id)}/participants`, EventParticipantListSchema, undefined, signal),
    // A refusal (403: not a member and not registered) does not change by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 403) && count < 2,
  });

export function useEventParticipants(id: string, enabled: boolean) {
  return useQuery({ ...eventParticipantsQueryOptions(id), enabled });
}
