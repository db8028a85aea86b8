import { UnreadCountSchema } from '@vereinsheim/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { messageKeys } from './keys.ts';

export function fetchUnreadCount(signal?: AbortSignal) {
  return apiGet('me/messages/unread-count', UnreadCountSchema, undefined, signal);
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.unreadCount(),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

/** The number of unread messages, e.g. for the menu badge (0 while unknown). */
export function useUnreadCount(options: { enabled?: boolean } = {}): number {
  const { data } = useQuery({ ...unreadCountQueryOptions(), enabled: options.enabled ?? true });
  return data?.unreadcount ?? 0;
}
