import {
  IonButton,
  IonInfiniteScroll,
  IonInfiniteScrollContent,
  IonItem,
  IonLabel,
  IonList,
  IonNote,
  IonRefresher,
  IonRefresherContent,
  IonSegment,
  IonSegmentButton,
  IonSpinner,
  IonToolbar,
} from '@ionic/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mergePages } from '../../../shared/api/paging.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useInvoices, type InvoiceFilter } from '../api/get-invoices.ts';
import { useOrderElements } from '../api/get-order-elements.ts';
import { OrderElementsList } from '../components/OrderElementsList.tsx';
import { formatDay, formatMoney } from '../components/format.ts';
import { InvoiceStatusBadge } from '../components/InvoiceStatusBadge.tsx';
import '../components/invoices.css';

type Tab = InvoiceFilter | 'orders';
const TABS: Tab[] = ['all', 'incoming', 'outgoing', 'orders'];

/** /invoices: incoming and outgoing invoices, newest first, endless scrolling, pull-to-refresh. */
export default function InvoicesPage() {
  const { t, i18n } = useTranslation('invoices');
  const language = i18n.resolvedLanguage;
  const [tab, setTab] = useState<Tab>('all');
  const filter: InvoiceFilter = tab === 'orders' ? 'all' : tab;
  const query = useInvoices(filter);
  const orders = useOrderElements(tab === 'orders');
  const invoices = query.data ? mergePages(query.data.pages) : [];
  const loadMoreFailed = query.isFetchNextPageError;

  return (
    <AppPage
      title={t('title')}
      toolbar={
        <IonToolbar>
          <IonSegment
            value={tab}
            onIonChange={(event) => setTab((event.detail.value as Tab | undefined) ?? 'all')}
            aria-label={t('filter.label')}
          >
            {TABS.map((f) => (
              <IonSegmentButton key={f} value={f}>
                <IonLabel>{t(`filter.${f}`)}</IonLabel>
              </IonSegmentButton>
            ))}
          </IonSegment>
        </IonToolbar>
      }
    >
      <IonRefresher
        slot="fixed"
        onIonRefresh={(event) => {
          void (tab === 'orders' ? orders.refetch() : query.refetch()).finally(() => event.detail.complete());
        }}
      >
        <IonRefresherContent />
      </IonRefresher>
      {tab === 'orders' ? (
        <OrderElementsList query={orders} />
      ) : query.isPending ? (
        <IonSpinner aria-label={t('loading')} />
      ) : query.isError && !query.data ? (
        <EmptyState message={t('loadError')}>
          <IonButton onClick={() => void query.refetch()}>{t('retry')}</IonButton>
        </EmptyState>
      ) : invoices.length === 0 ? (
        <EmptyState message={t(filter === 'all' ? 'empty' : `emptyFiltered.${filter}`)} />
      ) : (
        <>
          <IonList className="vh-invoice-list" aria-busy={query.isFetching}>
            {invoices.map((invoice) => (
              <IonItem key={invoice.id} routerLink={`/invoices/${invoice.id}`} detail>
                <IonLabel>
                  <h2>{invoice.title}</h2>
                  <p>
                    {invoice.number} · {invoice.tenantName}
                  </p>
                  <p>
                    {t(`direction.${invoice.direction}`)} · {formatDay(invoice.invoiceDate, language)}
                    {invoice.dueDate && ` · ${t('dueOn', { date: formatDay(invoice.dueDate, language) })}`}
                  </p>
                </IonLabel>
                <IonNote slot="end" className="vh-invoice-amount">
                  <div>{formatMoney(invoice.grossCents, language)}</div>
                  <InvoiceStatusBadge status={invoice.status} />
                </IonNote>
              </IonItem>
            ))}
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
