import { DEFAULT_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import { MessageListSchema, type MessageList } from '@vereinsheim/contracts/messages';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';

export function fetchMessages(page: number, signal?: AbortSignal): Promise<MessageList> {
  return apiGet('me/messages', MessageListSchema, { page, pagesize: DEFAULT_PAGE_SIZE }, signal);
}

export const messagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['messages', 'list'],
    queryFn: ({ pageParam, signal }) => fetchMessages(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded >= last.maximumcount || last.items.length === 0 ? undefined : last.page + 1;
    },
    staleTime: 15_000,
  });

export function useMessages() {
  return useInfiniteQuery(messagesQueryOptions());
}
