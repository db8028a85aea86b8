import { DEFAULT_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import { MessageListSchema, type MessageList } from '@vereinsheim/contracts/messages';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { nextPage } from '../../../shared/api/paging.ts';

export function fetchMessages(page: number, signal?: AbortSignal): Promise<MessageList> {
  return apiGet('me/messages', MessageListSchema, { page, pagesize: DEFAULT_PAGE_SIZE }, signal);
}

export const messagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['messages', 'list'],
    queryFn: ({ pageParam, signal }) => fetchMessages(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
    staleTime: 15_000,
  });

export function useMessages() {
  return useInfiniteQuery(messagesQueryOptions());
}
