import type { PersonalItemKind } from '@vereinsheim/contracts/personal-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client.ts';
import { ITEM_SCHEMAS } from './item-kinds.ts';
import { profileKeys } from './keys.ts';

/** POST /api/me/{kind} (no id) or PUT /api/me/{kind}/{id}. */
export function saveItem(kind: PersonalItemKind, id: string | null, values: Record<string, unknown>) {
  return apiRequest(id ? `me/${kind}/${encodeURIComponent(id)}` : `me/${kind}`, ITEM_SCHEMAS[kind], {
    method: id ? 'PUT' : 'POST',
    body: values,
  });
}

export function useSaveItem(kind: PersonalItemKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: Record<string, unknown> }) =>
      saveItem(kind, id, values),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.items(kind) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.me() }),
      ]),
  });
}
