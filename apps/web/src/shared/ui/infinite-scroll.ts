import type { UseInfiniteQueryResult } from '@tanstack/react-query';

/**
 * What ion-infinite-scroll's `ionInfinite` does: fetch the next page, then `complete()` the spinner. Skipped (completed
 * at once) while a page is being fetched or when everything is loaded (spec §4).
 */
export function loadNextPage(
  query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>,
  complete: () => void,
): void {
  if (!query.hasNextPage || query.isFetchingNextPage) complete();
  else void query.fetchNextPage().finally(complete);
}
