import { resourceKeys } from '../../../shared/api/query-keys.ts';

/** Every query key of the awards feature. */
export const awardKeys = {
  all: resourceKeys.awards,
  licenses: () => [...awardKeys.all, 'licenses'] as const,
  qualifications: () => [...awardKeys.all, 'qualifications'] as const,
  honors: () => [...awardKeys.all, 'honors'] as const,
};
