import { EventRegistrationSchema, type UpdateRegistrationBody } from '@vereinsheim/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client.ts';
import { eventKeys } from './keys.ts';

/** PATCH /api/event/{id}/registration: whether my name is shown in the participant list. */
export function updateRegistration(id: string, body: UpdateRegistrationBody) {
  return apiRequest(`event/${encodeURIComponent(id)}/registration`, EventRegistrationSchema, {
    method: 'PATCH',
    body,
  });
}

/** Invalidates the event (my registration in it) and its participant list. */
export function useUpdateRegistration(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRegistrationBody) => updateRegistration(id, body),
    onSettled: () => client.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
