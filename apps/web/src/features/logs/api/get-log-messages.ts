import { DEFAULT_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import { LogMessageListSchema, type LogMessageList } from '@vereinsheim/contracts/activity-log';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { nextPage } from '../../../shared/api/paging.ts';

/** GET /api/me/logmessages, newest first. */
export function fetchLogMessages(page: number, signal?: AbortSignal): Promise<LogMessageList> {
  return apiGet(
    'me/logmessages',
    LogMessageListSchema,
    { page, pagesize: DEFAULT_PAGE_SIZE, orderby: 'created', orderbytype: 'descending' },
    signal,
  );
}

export const logMessagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['logs', 'list'],
    queryFn: ({ pageParam, signal }) => fetchLogMessages(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
    staleTime: 15_000,
  });

export function useLogMessages() {
  return useInfiniteQuery(logMessagesQueryOptions());
}
