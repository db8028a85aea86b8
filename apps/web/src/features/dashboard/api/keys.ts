import { resourceKeys } from '../../../shared/api/query-keys.ts';

/**
 * Every query key of the dashboard. Its views sit under the roots of the resources they show, so changing a blog
 * post, a message or a registration (in the blog, messages or events feature) refreshes the dashboard too.
 */
export const dashboardKeys = {
  news: () => [...resourceKeys.blog, 'dashboard'] as const,
  unreadMessages: () => [...resourceKeys.messages, 'dashboard-unread'] as const,
  upcoming: (tenantIds?: string[]) =>
    [...resourceKeys.events, 'dashboard-upcoming', tenantIds ?? 'all'] as const,
};
