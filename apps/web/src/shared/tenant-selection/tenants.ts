import { CLUBS_TOP } from '@vereinsheim/contracts/constants';
import { TenantListSchema } from '@vereinsheim/contracts/tenant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api/client.ts';

/** GET /api/me/tenant/find?page=1&top=200&orderby=name&orderbytype=ascending: the person's clubs. */
export const myTenantsQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'tenants'],
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
