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

let prepared: QueryClient | null = null;
let taken = false;

/**
 * The query client of the shell that is about to mount, made at start-up so that the first page's data can load
 * beside the shell's code (issue 14 §6, Bootstrap's preload). The same one until the shell takes it; null once a
 * shell has mounted (it already has its client, and a later one must not find data loaded for this one).
 */
export function prepareQueryClient(): QueryClient | null {
  if (taken) return null;
  prepared ??= createQueryClient();
  return prepared;
}

/** The client of the shell that is rendering or mounted, until it unmounts (releaseQueryClient). */
let current: QueryClient | null = null;

/**
 * The shell's query client: the prepared one for the first shell of the page, else a new one. The same one for
 * every render of a shell until that shell unmounts: a shell whose first render suspends is rendered again before
 * it mounts (its state initialised anew), and must not start over with an empty client and load everything again
 * (it did behind the dashboard's first screen). A shell mounted after one has unmounted (after signing out and in
 * again without a page load, as in the native apps) starts empty and never sees an earlier session's data.
 */
export function takePreparedQueryClient(): QueryClient {
  if (current) return current;
  taken = true;
  current = prepared ?? createQueryClient();
  prepared = null;
  return current;
}

/** The shell with this client has unmounted: the next shell gets a client of its own. */
export function releaseQueryClient(client: QueryClient): void {
  if (current === client) current = null;
}

/** Drops what was prepared for a session that did not become the signed-in app (its claims failed, say). */
export function discardPreparedQueryClient(): void {
  prepared?.clear();
  prepared = null;
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
