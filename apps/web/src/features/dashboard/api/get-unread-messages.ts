import { MessageListSchema, type MessageList } from '@vereinsheim/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { dashboardKeys } from './keys.ts';

export const DASHBOARD_MESSAGES_COUNT = 3;

/** The newest unread messages and the unread count. */
export function fetchUnreadMessages(signal?: AbortSignal): Promise<MessageList> {
  return apiGet(
    'me/messages',
    MessageListSchema,
    { page: 1, pagesize: DASHBOARD_MESSAGES_COUNT, unreadOnly: 'true' },
    signal,
  );
}

export const unreadMessagesQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.unreadMessages(),
    queryFn: ({ signal }) => fetchUnreadMessages(signal),
    staleTime: 15_000,
  });

export function useUnreadMessages() {
  return useQuery(unreadMessagesQueryOptions());
}
