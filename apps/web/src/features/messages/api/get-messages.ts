import { MessageListSchema } from '@vereinsheim/contracts/messages';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchListPage, pagedListQueryOptions } from '../../../shared/api/paging.ts';
import { messageKeys } from './keys.ts';

/** GET /api/me/messages: newest first, each page with the unread count. */
export const fetchMessages = (page: number, signal?: AbortSignal) =>
  fetchListPage('me/messages', MessageListSchema, page, {}, signal);

export const messagesQueryOptions = () =>
  pagedListQueryOptions({ queryKey: messageKeys.list(), fetchPage: fetchMessages, staleTime: 15_000 });

export function useMessages() {
  return useInfiniteQuery(messagesQueryOptions());
}
