import { LogMessageListSchema } from '@vereinsheim/contracts/activity-log';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchListPage, pagedListQueryOptions } from '../../../shared/api/paging.ts';
import { logKeys } from './keys.ts';

/** GET /api/me/logmessages, newest first. */
export const fetchLogMessages = (page: number, signal?: AbortSignal) =>
  fetchListPage(
    'me/logmessages',
    LogMessageListSchema,
    page,
    { orderby: 'created', orderbytype: 'descending' },
    signal,
  );

export const logMessagesQueryOptions = () =>
  pagedListQueryOptions({ queryKey: logKeys.list(), fetchPage: fetchLogMessages, staleTime: 15_000 });

export function useLogMessages() {
  return useInfiniteQuery(logMessagesQueryOptions());
}
