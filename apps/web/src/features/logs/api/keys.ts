import { resourceKeys } from '../../../shared/api/query-keys.ts';

/** Every query key of the activity log. */
export const logKeys = {
  all: resourceKeys.logs,
  list: () => [...logKeys.all, 'list'] as const,
};
