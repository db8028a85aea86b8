import type { PersonalItemKind } from '@vereinsheim/contracts/personal-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client.ts';
import { profileKeys } from './keys.ts';

/** DELETE /api/me/{kind}/{id} (409 while a club holds it under a lock). */
export function deleteItem(kind: PersonalItemKind, id: string) {
  return apiRequest(`me/${kind}/${encodeURIComponent(id)}`, null, { method: 'DELETE' });
}

export function useDeleteItem(kind: PersonalItemKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteItem(kind, id),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.items(kind) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.me() }),
      ]),
  });
}
