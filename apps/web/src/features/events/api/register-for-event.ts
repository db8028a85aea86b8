import { EventRegistrationSchema } from '@vereinsheim/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client.ts';
import { eventKeys } from './keys.ts';

export interface RegistrationChoice {
  priceOptionIds: string[];
  /** 'Meinen Namen in der Teilnehmerliste zeigen' */
  showInParticipantList?: boolean;
}

/** POST /api/event/{id}/registration with the chosen price option ids (and the participant-list consent). */
export function registerForEvent(id: string, choice: RegistrationChoice) {
  return apiRequest(`event/${encodeURIComponent(id)}/registration`, EventRegistrationSchema, {
    method: 'POST',
    body: choice,
  });
}

/** Invalidates the event, its registration and all event lists (counts and my registrations change). */
export function useRegisterForEvent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: RegistrationChoice) => registerForEvent(id, choice),
    onSettled: () => client.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
