import { BasePersonSchema } from '@vereinsheim/contracts/person';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../auth/session-context.tsx';
import { apiGet } from './client.ts';
import { resourceKeys } from './query-keys.ts';

/** GET /api/tenants/notenant/person/{personId}: the base person, fetched once per person_id (spec §4). */
export const basePersonQueryOptions = (personId: string) =>
  queryOptions({
    queryKey: [...resourceKeys.person, personId, 'base'],
    queryFn: ({ signal }) => {
      if (!personId) throw new Error('Missing person identifier for profile fetch');
      return apiGet(
        `tenants/notenant/person/${encodeURIComponent(personId)}`,
        BasePersonSchema,
        undefined,
        signal,
      );
    },
    staleTime: Infinity,
    enabled: personId !== '',
  });

export function useBasePerson() {
  const personId = useSession()?.claims.person_id ?? '';
  return useQuery(basePersonQueryOptions(personId));
}
