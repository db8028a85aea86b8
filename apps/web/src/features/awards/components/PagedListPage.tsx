import {
  IonButton,
  IonInfiniteScroll,
  IonInfiniteScrollContent,
  IonList,
  IonRefresher,
  IonRefresherContent,
  IonSpinner,
} from '@ionic/react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { PagedList } from '@vereinsheim/contracts/paging';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { mergePages } from '../api/paging.ts';

/** One of the award lists: pull-to-refresh, endless scrolling, German empty and error states. */
export function PagedListPage<T extends { id: string }>({
  title,
  empty,
  query,
  renderItem,
}: {
  title: string;
  empty: string;
  query: UseInfiniteQueryResult<InfiniteData<PagedList<T>>>;
  renderItem: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('awards');
  const items = query.data ? mergePages(query.data.pages) : [];
  const loadMoreFailed = query.isFetchNextPageError;
  return (
    <AppPage title={title}>
      <IonRefresher
        slot="fixed"
        onIonRefresh={(event) => {
          void query.refetch().finally(() => event.detail.complete());
        }}
      >
        <IonRefresherContent />
      </IonRefresher>
      {query.isPending ? (
        <IonSpinner aria-label={t('loading')} />
      ) : query.isError && !query.data ? (
        <EmptyState message={t('loadError')}>
          <IonButton onClick={() => void query.refetch()}>{t('retry')}</IonButton>
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState message={empty} />
      ) : (
        <>
          <IonList aria-busy={query.isFetching} aria-label={title}>
            {items.map(renderItem)}
          </IonList>
          {loadMoreFailed && (
            <EmptyState message={t('loadMoreError')}>
              <IonButton onClick={() => void query.fetchNextPage()}>{t('retry')}</IonButton>
            </EmptyState>
          )}
          <IonInfiniteScroll
            disabled={!query.hasNextPage || loadMoreFailed}
            onIonInfinite={(event) => {
              const done = () => void event.target.complete();
              if (!query.hasNextPage || query.isFetchingNextPage) done();
              else void query.fetchNextPage().finally(done);
            }}
          >
            <IonInfiniteScrollContent loadingText={t('loadingMore')} />
          </IonInfiniteScroll>
        </>
      )}
    </AppPage>
  );
}
