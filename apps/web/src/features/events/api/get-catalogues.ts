import { EventCatalogueListSchema } from '@vereinsheim/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { eventKeys } from './keys.ts';

/** GET /api/event/disciplines and /api/event/divisions: the filter values (rarely change). */
export const catalogueQueryOptions = (kind: 'disciplines' | 'divisions') =>
  queryOptions({
    queryKey: eventKeys.catalogue(kind),
    queryFn: ({ signal }) => apiGet(`event/${kind}`, EventCatalogueListSchema, undefined, signal),
    staleTime: 60 * 60_000,
  });

export function useCatalogue(kind: 'disciplines' | 'divisions') {
  return useQuery(catalogueQueryOptions(kind));
}
