import {
  IonButton,
  IonInfiniteScroll,
  IonInfiniteScrollContent,
  IonItem,
  IonLabel,
  IonList,
  IonNote,
  IonSpinner,
} from '@ionic/react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { OrderElementList } from '@vereinsheim/contracts/invoice';
import { useTranslation } from 'react-i18next';
import { mergePages } from '../../../shared/api/paging.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { formatMoney } from './format.ts';

/** What the person ordered or was charged, newest first, each linked to its invoice when there is one. */
export function OrderElementsList({
  query,
}: {
  query: UseInfiniteQueryResult<InfiniteData<OrderElementList>>;
}) {
  const { t, i18n } = useTranslation('invoices');
  const language = i18n.resolvedLanguage;
  const items = query.data ? mergePages(query.data.pages) : [];
  const loadMoreFailed = query.isFetchNextPageError;
  if (query.isPending) return <IonSpinner aria-label={t('orders.loading')} />;
  if (query.isError && !query.data)
    return (
      <EmptyState message={t('orders.loadError')}>
        <IonButton onClick={() => void query.refetch()}>{t('retry')}</IonButton>
      </EmptyState>
    );
  if (items.length === 0) return <EmptyState message={t('orders.empty')} />;
  return (
    <>
      <IonList className="vh-invoice-list" aria-busy={query.isFetching}>
        {items.map((item) => (
          <IonItem
            key={item.id}
            routerLink={item.invoiceId ? `/invoices/${item.invoiceId}` : undefined}
            detail={!!item.invoiceId}
          >
            <IonLabel>
              <h2>
                {item.quantity > 1 ? `${item.quantity} × ` : ''}
                {item.name}
              </h2>
              <p>
                {t(`orders.kind.${item.kind}`)} · {item.tenantName}
              </p>
              {item.description && <p>{item.description}</p>}
              <p>
                {item.invoiceNumber
                  ? t('orders.onInvoice', { number: item.invoiceNumber })
                  : t('orders.notInvoiced')}
              </p>
            </IonLabel>
            <IonNote slot="end" className="vh-invoice-amount">
              {formatMoney(item.totalCents, language)}
            </IonNote>
          </IonItem>
        ))}
      </IonList>
      {loadMoreFailed && (
        <EmptyState message={t('orders.loadError')}>
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
  );
}
