import { MessageSchema } from '@vereinsheim/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client.ts';
import { messageKeys } from './keys.ts';

/** POST /api/me/messages/{id}/read or …/unread. */
export function setMessageRead(id: string, read: boolean) {
  return apiRequest(`me/messages/${encodeURIComponent(id)}/${read ? 'read' : 'unread'}`, MessageSchema, {
    method: 'POST',
  });
}

/** DELETE /api/me/messages/{id}. */
export function deleteMessage(id: string) {
  return apiRequest(`me/messages/${encodeURIComponent(id)}`, null, { method: 'DELETE' });
}

/** The list, the unread count (menu badge) and the dashboard's unread messages all sit under messageKeys.all. */
function useInvalidateMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: messageKeys.all });
}

export function useSetMessageRead() {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) => setMessageRead(id, read),
    onSuccess: invalidate,
  });
}

export function useDeleteMessage() {
  const invalidate = useInvalidateMessages();
  return useMutation({ mutationFn: deleteMessage, onSuccess: invalidate });
}
