import {
  ChatContactListSchema,
  ChatConversationListSchema,
  ChatConversationSchema,
  ChatHistorySchema,
  ChatMessageSchema,
  ChatReportListSchema,
  ChatSettingsSchema,
  ChatUnreadCountSchema,
  type ChatReactionEmoji,
} from '@vereinsheim/contracts/chat';
import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiRequest } from '../../../shared/api/client.ts';
import { chatConnection } from './chat-socket.ts';
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

/** The unread chat messages (menu and tab bar badge; 0 while unknown), kept live by the chat's socket. */
export function useChatUnreadCount(options: { enabled?: boolean } = {}): number {
  const enabled = options.enabled ?? true;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return chatConnection.use((frame) => {
      if (frame.type === 'message' || frame.type === 'read' || frame.type === 'resync')
        void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount() });
    });
  }, [enabled, queryClient]);
  const { data } = useQuery({
    queryKey: chatKeys.unreadCount(),
    queryFn: ({ signal }) => apiGet('me/chat/unread-count', ChatUnreadCountSchema, undefined, signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
    enabled,
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

export const sendChatMessage = (
  conversationId: string,
  body: string,
  clientId: string,
  replyToId?: string | null,
) =>
  apiRequest(`me/chat/conversations/${id(conversationId)}/messages`, ChatMessageSchema, {
    method: 'POST',
    body: { body, clientId, ...(replyToId ? { replyToId } : {}) },
  });

/** PUT …/reactions: adds or removes the own reaction; answers the message with all reactions. */
export const reactToChatMessage = (messageId: string, emoji: ChatReactionEmoji, reacted: boolean) =>
  apiRequest(`me/chat/messages/${id(messageId)}/reactions`, ChatMessageSchema, {
    method: 'PUT',
    body: { emoji, reacted },
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

/** GET/PUT /api/me/chat/settings: whether others may start direct conversations with the person. */
export const useChatSettings = () =>
  useQuery({
    queryKey: chatKeys.settings(),
    queryFn: ({ signal }) => apiGet('me/chat/settings', ChatSettingsSchema, undefined, signal),
  });

export function useSetDirectMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (directMessages: boolean) =>
      apiRequest('me/chat/settings', ChatSettingsSchema, { method: 'PUT', body: { directMessages } }),
    onSuccess: (data) => queryClient.setQueryData(chatKeys.settings(), data),
  });
}

/** GET /api/tenants/:tenantId/chat/reports: the club's reported messages (club admins). */
export const useChatReports = (tenantId: string | undefined) =>
  useQuery({
    queryKey: chatKeys.reports(tenantId ?? ''),
    queryFn: ({ signal }) =>
      apiGet(`tenants/${id(tenantId!)}/chat/reports`, ChatReportListSchema, undefined, signal),
    enabled: Boolean(tenantId),
  });

/** An admin dismisses the reports of a message, or deletes the message (`remove`). */
export function useHandleChatReport(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, remove }: { messageId: string; remove: boolean }) =>
      apiRequest(
        remove
          ? `tenants/${id(tenantId)}/chat/messages/${id(messageId)}`
          : `tenants/${id(tenantId)}/chat/reports/${id(messageId)}`,
        null,
        { method: 'DELETE' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.reports(tenantId) }),
  });
}
