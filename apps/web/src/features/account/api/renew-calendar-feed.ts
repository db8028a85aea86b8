import { CalendarFeedSchema } from '@vereinsheim/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client.ts';
import { calendarFeedQueryOptions } from './get-calendar-feed.ts';

/** POST /api/me/calendar-feed/renew: a new secret URL; the old one stops working. */
export function renewCalendarFeed() {
  return apiRequest('me/calendar-feed/renew', CalendarFeedSchema, { method: 'POST' });
}

export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryOptions().queryKey, feed),
  });
}
