import type { QueryClient } from '@tanstack/react-query';
import { scopeClubs } from '../../../shared/tenant-selection/scope.ts';
import { currentTenantSelection, loadTenantSelection } from '../../../shared/tenant-selection/selection.ts';
import { myTenantsQueryOptions } from '../../../shared/tenant-selection/tenants.ts';
import { latestNewsQueryOptions } from './get-latest-news.ts';
import { unreadMessagesQueryOptions } from './get-unread-messages.ts';
import { upcomingRegistrationsQueryOptions } from './get-upcoming-registrations.ts';

/**
 * The dashboard's queries, started by the start-up as soon as a session is known (issue 14 §6), under the keys
 * the page reads: the news, the unread messages, the person's clubs and then, in the club scope the page will
 * show (the stored selection among those clubs), the next events. Left to the page, they would start only once
 * the shell and the page have rendered, and the next events only after the clubs. With no club chosen (all
 * clubs, the default) the next events go out beside the clubs; a chosen club must first be found among the
 * person's clubs. Failures are left to the page, which asks again and shows them. (The next events' date formatter
 * is warmed up by the start-up itself, in a worker: app/Bootstrap.tsx, warmUpDateTimeFormat.)
 */
export async function prefetchDashboard(queryClient: QueryClient): Promise<void> {
  void queryClient.prefetchQuery(latestNewsQueryOptions());
  void queryClient.prefetchQuery(unreadMessagesQueryOptions());
  const clubs = queryClient.fetchQuery(myTenantsQueryOptions()).catch(() => undefined);
  await loadTenantSelection();
  // No club chosen (all clubs, the default): the next events' scope needs no club list, so they are asked for
  // beside it rather than one round trip after it.
  if (currentTenantSelection().length === 0) {
    await Promise.all([clubs, queryClient.prefetchQuery(upcomingRegistrationsQueryOptions(undefined))]);
    return;
  }
  const tenants = await clubs;
  if (!tenants) return;
  const { tenantIds } = scopeClubs(tenants.items, currentTenantSelection());
  await queryClient.prefetchQuery(upcomingRegistrationsQueryOptions(tenantIds));
}
