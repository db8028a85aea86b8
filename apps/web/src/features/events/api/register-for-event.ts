import { EventRegistrationSchema } from '@vereinsheim/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client.ts';
import { eventKeys } from './keys.ts';

/** POST /api/event/{id}/registration with the chosen price option ids. */
export function registerForEvent(id: string, priceOptionIds: string[]) {
  return apiRequest(`event/${encodeURIComponent(id)}/registration`, EventRegistrationSchema, {
    method: 'POST',
    body: { priceOptionIds },
  });
}

/** Invalidates the event, its registration and all event lists (counts and my registrations change). */
export function useRegisterForEvent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (priceOptionIds: string[]) => registerForEvent(id, priceOptionIds),
    onSettled: () => client.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
