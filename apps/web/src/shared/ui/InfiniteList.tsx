import { IonButton, IonSpinner } from '@ionic/react';
import { IonInfiniteScroll, IonInfiniteScrollContent } from './ionic/infinite-scroll.ts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState.tsx';
import { loadNextPage } from './infinite-scroll.ts';
import { PullToRefresh } from './PullToRefresh.tsx';

/** The texts of an infinite list. */
export interface InfiniteListTexts {
  loading: string;
  loadError: string;
  retry: string;
  loadMoreError: string;
  loadingMore: string;
  empty: string;
}

const COMMON_TEXTS: Record<keyof InfiniteListTexts, string> = {
  loading: 'list.loading',
  loadError: 'list.loadError',
  retry: 'error.retry',
  loadMoreError: 'list.loadMoreError',
  loadingMore: 'list.loadingMore',
  empty: 'list.empty',
};

/**
 * The body of an endless list inside a page's IonContent: pull-to-refresh (page 1 again), a spinner while the first
 * page loads, a load error with retry, the empty state, the list itself (`children`, rendered only when `count > 0`),
 * a load-more error with retry, and infinite scrolling that is skipped while a fetch runs or everything is loaded.
 *
 * Texts: `texts` first, then the keys `loading`, `loadError`, `retry`, `loadMoreError`, `loadingMore` and `empty` of
 * `textsFrom` (a namespace, `'blog'`, or a namespace and key prefix, `'invoices:orders'`), then `common:list.*`.
 */
export function InfiniteList({
  query,
  count,
  textsFrom,
  texts,
  emptyDetail,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<unknown>>;
  /** How many items are loaded (after merging). */
  count: number;
  textsFrom?: string;
  texts?: Partial<InfiniteListTexts>;
  /** More for the empty state than its sentence (a hint, an action). */
  emptyDetail?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const [namespace, prefix] = textsFrom?.split(':') ?? [];
  const text = (key: keyof InfiniteListTexts): string =>
    texts?.[key] ??
    (namespace
      ? t([`${namespace}:${prefix ? `${prefix}.` : ''}${key}`, COMMON_TEXTS[key]])
      : t(COMMON_TEXTS[key]));
  const loadMoreFailed = query.isFetchNextPageError;
  return (
    <>
      {/* Reload = page 1 again (spec §4): refetching an infinite query starts from the first page. */}
      <PullToRefresh onRefresh={() => query.refetch()} />
      {query.isPending ? (
        <IonSpinner aria-label={text('loading')} />
      ) : query.isError && !query.data ? (
        <EmptyState message={text('loadError')}>
          <IonButton onClick={() => void query.refetch()}>{text('retry')}</IonButton>
        </EmptyState>
      ) : count === 0 ? (
        <EmptyState message={text('empty')}>{emptyDetail}</EmptyState>
      ) : (
        <>
          {children}
          {loadMoreFailed && (
            <EmptyState message={text('loadMoreError')}>
              <IonButton onClick={() => void query.fetchNextPage()}>{text('retry')}</IonButton>
            </EmptyState>
          )}
          <IonInfiniteScroll
            disabled={!query.hasNextPage || loadMoreFailed}
            onIonInfinite={(event) => loadNextPage(query, () => void event.target.complete())}
          >
            <IonInfiniteScrollContent loadingText={text('loadingMore')} />
          </IonInfiniteScroll>
        </>
      )}
    </>
  );
}
