import { resourceKeys } from '../../../shared/api/query-keys.ts';

/** Every query key of the privacy feature. */
export const privacyKeys = {
  all: resourceKeys.privacy,
  approvals: () => [...privacyKeys.all, 'approvals'] as const,
};
