import { EventContractSchema, EventRegistrationSchema } from '@vereinsheim/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, isApiError } from '../../../shared/api/client.ts';
import { resourceKeys } from '../../../shared/api/query-keys.ts';

/**
 * What accepting an invitation did: `registered` (one tap was enough), or `choose` when the event has a price or
 * required options — the person then chooses them on the event page instead of registering blindly.
 */
export type AcceptOutcome = 'registered' | 'choose';

/** Accepts: GET the event's contract; without a price or required option POST /api/event/{id}/registration. */
export async function acceptInvitation(eventId: string): Promise<AcceptOutcome> {
  const id = encodeURIComponent(eventId);
  // An event without a contract (404) has no prices.
  const contract = await apiGet(`event/${id}/contract`, EventContractSchema).catch((error: unknown) => {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  });
  if (contract?.price.prices.some((option) => option.kind === 'price' || option.required)) return 'choose';
  await apiRequest(`event/${id}/registration`, EventRegistrationSchema, {
    method: 'POST',
    body: { priceOptionIds: [] },
  });
  return 'registered';
}

/** Declines: POST /api/event/{id}/registration/cancel, which ends the invitation (it held no place). */
export function declineInvitation(eventId: string) {
  return apiRequest(`event/${encodeURIComponent(eventId)}/registration/cancel`, EventRegistrationSchema, {
    method: 'POST',
    body: {},
  });
}

/** Both answers refresh every view of events (the dashboard, lists, the event and its registration). */
export function useAnswerInvitation() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: resourceKeys.events });
  return {
    accept: useMutation({ mutationFn: acceptInvitation, onSettled: settled }),
    decline: useMutation({ mutationFn: declineInvitation, onSettled: settled }),
  };
}
