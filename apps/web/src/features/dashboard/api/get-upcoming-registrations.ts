import { MyRegistrationListSchema, type MyRegistration } from '@vereinsheim/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { dashboardKeys } from './keys.ts';

export const DASHBOARD_EVENTS_COUNT = 5;

/** The states the dashboard shows: invitations to answer and the events the person takes part in or waits for. */
const SHOWN = 'invited,requested,waiting,participating';

/**
 * GET me/event/registrations: the person's next events (not yet over) in the club scope, by start time, with
 * their status there.
 */
export function fetchUpcomingRegistrations(
  tenantIds: string[] | undefined,
  signal?: AbortSignal,
): Promise<MyRegistration[]> {
  return apiGet(
    'me/event/registrations',
    MyRegistrationListSchema,
    {
      page: 1,
      pagesize: DASHBOARD_EVENTS_COUNT,
      top: DASHBOARD_EVENTS_COUNT,
      orderby: 'StartTime',
      orderbytype: 'ascending',
      from: new Date().toISOString(),
      status: SHOWN,
      tenantIds: tenantIds?.join(','),
    },
    signal,
  ).then((list) => list.items);
}

export const upcomingRegistrationsQueryOptions = (tenantIds: string[] | undefined) =>
  queryOptions({
    queryKey: dashboardKeys.upcoming(tenantIds),
    queryFn: ({ signal }) => fetchUpcomingRegistrations(tenantIds, signal),
    staleTime: 30_000,
  });

export function useUpcomingRegistrations(tenantIds: string[] | undefined, enabled = true) {
  return useQuery({ ...upcomingRegistrationsQueryOptions(tenantIds), enabled });
}
