import { CACHE_FRESHNESS_MS, DEFAULT_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import { EventListSchema, type EventDetail } from '@vereinsheim/contracts/events';
import type { PagedList } from '@vereinsheim/contracts/paging';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { nextPage } from '../../../shared/api/paging.ts';

/** The list filters of spec §2: date from/to, disciplines, divisions and clubs. */
export interface EventFilters {
  from?: string | undefined;
  till?: string | undefined;
  disciplineIds: string[];
  divisionIds: string[];
  tenantIds: string[];
}

/** GET /api/event (StartTime ascending; tenantIds as one list and tenantId repeated, spec §7). */
export function fetchEventPage(
  filters: EventFilters,
  page: number,
  pageSize = DEFAULT_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<PagedList<EventDetail>> {
  const ids = (list: string[]) => (list.length ? list : undefined);
  return apiGet(
    'event',
    EventListSchema,
    {
      page,
      pagesize: pageSize,
      top: pageSize,
      orderby: 'StartTime',
      orderbytype: 'ascending',
      from: filters.from,
      till: filters.till,
      tenantIds: filters.tenantIds.length ? filters.tenantIds.join(',') : undefined,
      tenantId: ids(filters.tenantIds),
      globalDisciplineIds: filters.disciplineIds.length ? filters.disciplineIds.join(',') : undefined,
      globalDivisionIds: filters.divisionIds.length ? filters.divisionIds.join(',') : undefined,
    },
    signal,
  );
}

export const eventsQueryOptions = (filters: EventFilters) =>
  infiniteQueryOptions({
    queryKey: ['events', 'list', filters],
    queryFn: ({ pageParam, signal }) => fetchEventPage(filters, pageParam, DEFAULT_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
    staleTime: CACHE_FRESHNESS_MS.eventList,
  });

export function useEvents(filters: EventFilters) {
  return useInfiniteQuery(eventsQueryOptions(filters));
}
