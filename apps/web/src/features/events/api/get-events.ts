import { CACHE_FRESHNESS_MS, DEFAULT_PAGE_SIZE } from '@vereinsheim/contracts/constants';
import { EventListSchema } from '@vereinsheim/contracts/events';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchListPage, pagedListQueryOptions } from '../../../shared/api/paging.ts';
import { eventKeys, type EventFilters } from './keys.ts';

export type { EventFilters };

const joined = (ids: string[]) => (ids.length ? ids.join(',') : undefined);

/** GET /api/event (StartTime ascending; tenantIds as one list and tenantId repeated, spec §7). */
export function fetchEventPage(
  filters: EventFilters,
  page: number,
  pageSize = DEFAULT_PAGE_SIZE,
  signal?: AbortSignal,
) {
  return fetchListPage(
    'event',
    EventListSchema,
    page,
    {
      pagesize: pageSize,
      top: pageSize,
      orderby: 'StartTime',
      orderbytype: 'ascending',
      from: filters.from,
      till: filters.till,
      tenantIds: joined(filters.tenantIds),
      tenantId: filters.tenantIds.length ? filters.tenantIds : undefined,
      globalDisciplineIds: joined(filters.disciplineIds),
      globalDivisionIds: joined(filters.divisionIds),
    },
    signal,
  );
}

export const eventsQueryOptions = (filters: EventFilters) =>
  pagedListQueryOptions({
    queryKey: eventKeys.list(filters),
    fetchPage: (page, signal) => fetchEventPage(filters, page, DEFAULT_PAGE_SIZE, signal),
    staleTime: CACHE_FRESHNESS_MS.eventList,
  });

export function useEvents(filters: EventFilters, enabled = true) {
  return useInfiniteQuery({ ...eventsQueryOptions(filters), enabled });
}
