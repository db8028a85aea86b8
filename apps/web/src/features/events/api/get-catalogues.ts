import { EventCatalogueListSchema } from '@vereinsheim/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';

/** GET /api/event/disciplines and /api/event/divisions: the filter values (rarely change). */
export const catalogueQueryOptions = (kind: 'disciplines' | 'divisions') =>
  queryOptions({
    queryKey: ['events', 'catalogue', kind],
    queryFn: ({ signal }) => apiGet(`event/${kind}`, EventCatalogueListSchema, undefined, signal),
    staleTime: 60 * 60_000,
  });

export function useCatalogue(kind: 'disciplines' | 'divisions') {
  return useQuery(catalogueQueryOptions(kind));
}
