import { resourceKeys } from '../../../shared/api/query-keys.ts';

/** Every query key of the chat; a new message invalidates `all` (list, unread count). */
export const chatKeys = {
  all: resourceKeys.chat,
  conversations: () => [...chatKeys.all, 'conversations'] as const,
  unreadCount: () => [...chatKeys.all, 'unread-count'] as const,
  contacts: () => [...chatKeys.all, 'contacts'] as const,
  settings: () => [...chatKeys.all, 'settings'] as const,
  reports: (tenantId: string) => [...chatKeys.all, 'reports', tenantId] as const,
};
