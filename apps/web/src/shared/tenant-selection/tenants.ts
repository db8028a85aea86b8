import { CLUBS_TOP } from '@vereinsheim/contracts/constants';
import { TenantListSchema } from '@vereinsheim/contracts/tenant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api/client.ts';
import { resourceKeys } from '../api/query-keys.ts';

/** The query keys of the person's clubs (shared: the clubs list, the filters and the avatars read them). */
export const tenantKeys = {
  all: resourceKeys.tenants,
  mine: () => [...tenantKeys.all, 'mine'] as const,
};

/** GET /api/me/tenant/find?page=1&top=200&orderby=name&orderbytype=ascending: the person's clubs. */
export const myTenantsQueryOptions = () =>
  queryOptions({
    queryKey: tenantKeys.mine(),
    queryFn: ({ signal }) =>
      apiGet(
        'me/tenant/find',
        TenantListSchema,
        { page: 1, top: CLUBS_TOP, orderby: 'name', orderbytype: 'ascending' },
        signal,
      ),
    staleTime: 60_000,
  });

export function useMyTenants() {
  return useQuery(myTenantsQueryOptions());
}
