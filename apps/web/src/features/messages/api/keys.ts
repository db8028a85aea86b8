import { resourceKeys } from '../../../shared/api/query-keys.ts';

/** Every query key of the messages feature; a change to a message invalidates `all` (with the dashboard's view). */
export const messageKeys = {
  all: resourceKeys.messages,
  list: () => [...messageKeys.all, 'list'] as const,
  unreadCount: () => [...messageKeys.all, 'unread-count'] as const,
};
