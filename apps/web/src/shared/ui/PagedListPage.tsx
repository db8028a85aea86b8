import { IonList } from '@ionic/react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { PagedList } from '@vereinsheim/contracts/paging';
import type { ReactNode } from 'react';
import { useMergedPages } from '../api/paging.ts';
import { AppPage } from './AppPage.tsx';
import { InfiniteList, type InfiniteListTexts } from './InfiniteList.tsx';

/**
 * A page that is one paged list: the title, an optional intro, then the items as an IonList with pull-to-refresh,
 * endless scrolling and the loading, error and empty states of `InfiniteList` (texts as there).
 */
export function PagedListPage<T extends { id: string }>({
  title,
  query,
  renderItem,
  intro,
  textsFrom,
  texts,
  readOnly = false,
}: {
  title: string;
  query: UseInfiniteQueryResult<InfiniteData<PagedList<T>>>;
  /** One item, an IonItem with its key. */
  renderItem: (item: T) => ReactNode;
  intro?: ReactNode;
  textsFrom?: string;
  texts?: Partial<InfiniteListTexts>;
  /**
   * The items hold nothing to focus (no link, no button): the list itself takes focus so that a keyboard can
   * scroll it (axe scrollable-region-focusable).
   */
  readOnly?: boolean;
}) {
  const items = useMergedPages(query);
  return (
    <AppPage title={title}>
      {intro}
      <InfiniteList query={query} count={items.length} textsFrom={textsFrom} texts={texts}>
        <IonList aria-busy={query.isFetching} aria-label={title} tabIndex={readOnly ? 0 : undefined}>
          {items.map(renderItem)}
        </IonList>
      </InfiniteList>
    </AppPage>
  );
}
