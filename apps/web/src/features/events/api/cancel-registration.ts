import { EventRegistrationSchema } from '@vereinsheim/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client.ts';
import { eventRegistrationQueryOptions } from './get-event-registration.ts';
import { eventKeys } from './keys.ts';

/** POST /api/event/{id}/registration/cancel with SendNotification true (spec §7). */
export function cancelRegistration(id: string) {
  return apiRequest(`event/${encodeURIComponent(id)}/registration/cancel`, EventRegistrationSchema, {
    method: 'POST',
    body: { SendNotification: true },
  });
}

/** After a withdrawal the registration is cleared (event progress Unknown, spec §4) and lists refetch. */
export function useCancelRegistration(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => cancelRegistration(id),
    onSuccess: () => client.setQueryData(eventRegistrationQueryOptions(id).queryKey, null),
    onSettled: () => client.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
