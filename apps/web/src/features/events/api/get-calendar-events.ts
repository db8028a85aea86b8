import { CACHE_FRESHNESS_MS, MAX_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchEventPage } from './get-events.ts';
import { eventKeys } from './keys.ts';

/** GET /api/event for the visible calendar range of the selected clubs (one page of up to 200 events). */
export const calendarEventsQueryOptions = (range: { from: string; till: string }, tenantIds: string[]) =>
  queryOptions({
    queryKey: eventKeys.calendar(range, tenantIds),
    queryFn: async ({ signal }) =>
      (
        await fetchEventPage(
          { from: range.from, till: range.till, tenantIds, disciplineIds: [], divisionIds: [] },
          1,
          MAX_PAGE_SIZE,
          signal,
        )
      ).items,
    staleTime: CACHE_FRESHNESS_MS.eventList,
  });

export function useCalendarEvents(
  range: { from: string; till: string },
  tenantIds: string[],
  enabled = true,
) {
  return useQuery({ ...calendarEventsQueryOptions(range, tenantIds), enabled });
}
