import { BasePersonSchema } from '@vereinsheim/contracts/person';
import type { MeUpdateInput } from '@vereinsheim/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client.ts';
import { profileKeys } from './keys.ts';

/** PUT /api/me: only id, title, gender, names, birthdate and birthplace are sent. */
export function updatePerson(input: MeUpdateInput) {
  const { id, title, gender, firstName, lastName, birthdate, birthplace } = input;
  return apiRequest('me', BasePersonSchema, {
    method: 'PUT',
    body: { id, title, gender, firstName, lastName, birthdate, birthplace },
  });
}

export function useUpdatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.me() }),
  });
}
