import { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { isApiError } from '../shared/api/client.ts';
import { i18next } from '../shared/i18n/i18n.ts';

/** Defaults: 30 s freshness (features set the spec's per-resource values), one retry except for 4xx. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Offline the request still goes out once: the service worker answers with the last loaded data.
        networkMode: 'offlineFirst',
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          failures < 1 && !(isApiError(error) && error.status !== undefined && error.status < 500),
      },
      // Offline the app is read-only: a change fails at once (and says so) instead of waiting to be sent later.
      mutations: { networkMode: 'always' },
    },
  });
}

/**
 * The server renders its texts (messages, log entries, errors) in the language of the request's Accept-Language:
 * after a language change every query is stale and the ones on screen load again. Returns the unsubscribe.
 */
export function invalidateOnLanguageChange(queryClient: QueryClient, i18n: I18n = i18next): () => void {
  const onChange = () => void queryClient.invalidateQueries();
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}
