import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/client.ts';

/** Defaults: 30 s freshness (features set the spec's per-resource values), one retry except for 4xx. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          failures < 1 && !(isApiError(error) && error.status !== undefined && error.status < 500),
      },
    },
  });
}
