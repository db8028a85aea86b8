import { resourceKeys } from '../../../shared/api/query-keys.ts';

/** Every query key of the teams feature. */
export const teamKeys = {
  all: resourceKeys.teams,
  mine: () => [...teamKeys.all, 'mine'] as const,
  detail: (id: string) => [...teamKeys.all, 'detail', id] as const,
  contactPersons: (tenantId: string, teamId: string) =>
    [...teamKeys.all, 'contactpersons', tenantId, teamId] as const,
  documents: (tenantId: string, teamId: string) => [...teamKeys.all, 'documents', tenantId, teamId] as const,
};
