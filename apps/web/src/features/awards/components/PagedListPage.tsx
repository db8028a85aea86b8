import { IonList } from '@ionic/react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { PagedList } from '@vereinsheim/contracts/paging';
import type { ReactNode } from 'react';
import { mergePages } from '../../../shared/api/paging.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { InfiniteList } from '../../../shared/ui/InfiniteList.tsx';

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
  const items = query.data ? mergePages(query.data.pages) : [];
  return (
    <AppPage title={title}>
      <InfiniteList query={query} count={items.length} empty={empty}>
        <IonList aria-busy={query.isFetching} aria-label={title}>
          {items.map(renderItem)}
        </IonList>
      </InfiniteList>
    </AppPage>
  );
}
