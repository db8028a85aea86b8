import { IonButton, IonSpinner } from '@ionic/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState.tsx';

export interface QueryStatesProps<T> {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'data' | 'refetch'>;
  texts: { loading: string; loadError: string; retry?: string; empty: string };
  isEmpty: (data: T) => boolean;
  /** Small retry button (dashboard sections). */
  compact?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * The states of one query (an endless list uses `InfiniteList`): a spinner while it loads, the load error with a
 * retry button (without one when `retry` is not given), the empty state, and otherwise the content for the data.
 */
export function QueryStates<T>({ query, texts, isEmpty, compact = false, children }: QueryStatesProps<T>) {
  if (query.isPending) return <IonSpinner aria-label={texts.loading} />;
  if (query.isError || query.data === undefined)
    return (
      <EmptyState message={texts.loadError}>
        {texts.retry && (
          <IonButton size={compact ? 'small' : undefined} onClick={() => void query.refetch()}>
            {texts.retry}
          </IonButton>
        )}
      </EmptyState>
    );
  if (isEmpty(query.data)) return <EmptyState message={texts.empty} />;
  return children(query.data);
}
