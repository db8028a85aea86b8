import { CalendarFeedSchema } from '@vereinsheim/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { accountKeys } from './keys.ts';

/** GET /api/me/calendar-feed: the secret URL of my calendar feed (the server creates it on the first call). */
export function fetchCalendarFeed(signal?: AbortSignal) {
  return apiGet('me/calendar-feed', CalendarFeedSchema, undefined, signal);
}

export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.calendarFeed(),
    queryFn: ({ signal }) => fetchCalendarFeed(signal),
    staleTime: Infinity,
  });

export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions());
