import {
  ChatContactListSchema,
  ChatConversationListSchema,
  ChatConversationSchema,
  ChatHistorySchema,
  ChatMessageSchema,
  ChatUnreadCountSchema,
} from '@vereinsheim/contracts/chat';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiRequest } from '../../../shared/api/client.ts';
import { chatKeys } from './keys.ts';

const id = (value: string) => encodeURIComponent(value);

/** GET /api/me/chat/conversations: unread first, with the last message. */
export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.conversations(),
    queryFn: ({ signal }) => apiGet('me/chat/conversations', ChatConversationListSchema, undefined, signal),
    staleTime: 10_000,
  });
export const useConversations = () => useQuery(conversationsQueryOptions());

/** The unread chat messages (menu badge; 0 while unknown). */
export function useChatUnreadCount(options: { enabled?: boolean } = {}): number {
  const { data } = useQuery({
    queryKey: chatKeys.unreadCount(),
    queryFn: ({ signal }) => apiGet('me/chat/unread-count', ChatUnreadCountSchema, undefined, signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
    enabled: options.enabled ?? true,
  });
  return data?.count ?? 0;
}

export const useChatContacts = (enabled: boolean) =>
  useQuery({
    queryKey: chatKeys.contacts(),
    queryFn: ({ signal }) => apiGet('me/chat/contacts', ChatContactListSchema, undefined, signal),
    enabled,
  });

/** GET …/messages: a page before `beforeSeq` (older) or after `afterSeq` (missed), ascending. */
export const fetchHistory = (
  conversationId: string,
  query: { beforeSeq?: number; afterSeq?: number; limit?: number },
  signal?: AbortSignal,
) => apiGet(`me/chat/conversations/${id(conversationId)}/messages`, ChatHistorySchema, query, signal);

export const sendChatMessage = (conversationId: string, body: string, clientId: string) =>
  apiRequest(`me/chat/conversations/${id(conversationId)}/messages`, ChatMessageSchema, {
    method: 'POST',
    body: { body, clientId },
  });

export const markChatRead = (conversationId: string, seq: number) =>
  apiRequest(
    `me/chat/conversations/${id(conversationId)}/read`,
    z.object({ readSeq: z.number(), unreadCount: z.number() }),
    { method: 'POST', body: { seq } },
  );

export const editChatMessage = (messageId: string, body: string) =>
  apiRequest(`me/chat/messages/${id(messageId)}`, ChatMessageSchema, { method: 'PATCH', body: { body } });

export const deleteChatMessage = (messageId: string) =>
  apiRequest(`me/chat/messages/${id(messageId)}`, null, { method: 'DELETE' });

export function useStartDirectChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { tenantId: string; personId: string }) =>
      apiRequest('me/chat/conversations/direct', ChatConversationSchema, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  });
}

export const muteChat = (conversationId: string, muted: boolean) =>
  apiRequest(`me/chat/conversations/${id(conversationId)}/mute`, z.object({ muted: z.boolean() }), {
    method: 'PUT',
    body: { muted },
  });

export const reportChatMessage = (messageId: string) =>
  apiRequest(`me/chat/messages/${id(messageId)}/report`, null, { method: 'POST', body: {} });

export const blockChatPerson = (personId: string) =>
  apiRequest(`me/chat/blocks/${id(personId)}`, null, { method: 'PUT' });
