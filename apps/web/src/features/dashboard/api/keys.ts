import { resourceKeys } from '../../../shared/api/query-keys.ts';

/**
 * Every query key of the dashboard. Its views sit under the roots of the resources they show, so changing a blog
 * post or a message (in the blog or messages feature) refreshes the dashboard too.
 */
export const dashboardKeys = {
  news: () => [...resourceKeys.blog, 'dashboard'] as const,
  unreadMessages: () => [...resourceKeys.messages, 'dashboard-unread'] as const,
};
