import { resourceKeys } from '../../../shared/api/query-keys.ts';

/** Every query key of the account feature. */
export const accountKeys = {
  all: resourceKeys.account,
  calendarFeed: () => [...accountKeys.all, 'calendar-feed'] as const,
};
