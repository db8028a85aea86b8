import { IonItem, IonLabel, IonList, IonToolbar } from '@ionic/react';
import { IonNote } from '../../../shared/ui/ionic/note.ts';
import { IonSegment, IonSegmentButton } from '../../../shared/ui/ionic/segment.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@vereinsheim/contracts/routes';
import { useMergedPages } from '../../../shared/api/paging.ts';
import { ClubScopeSelect, useClubScope } from '../../../shared/tenant-selection/index.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { InfiniteList } from '../../../shared/ui/InfiniteList.tsx';
import { useInvoices, type InvoiceFilter } from '../api/get-invoices.ts';
import { useOrderElements } from '../api/get-order-elements.ts';
import { OrderElementsList } from '../components/OrderElementsList.tsx';
import { formatDay } from '../../../shared/i18n/format.ts';
import { formatCents } from '../components/format.ts';
import { InvoiceStatusBadge } from '../components/InvoiceStatusBadge.tsx';
import { OpenTotal } from '../components/OpenTotal.tsx';
import '../components/invoices.css';

type Tab = InvoiceFilter | 'orders';
const TABS: Tab[] = ['all', 'incoming', 'outgoing', 'orders'];

/** /invoices: the club scope's incoming and outgoing invoices, newest first, endless scrolling, pull-to-refresh. */
export default function InvoicesPage() {
  const { t, i18n } = useTranslation('invoices');
  const language = i18n.resolvedLanguage;
  const [tab, setTab] = useState<Tab>('all');
  const filter: InvoiceFilter = tab === 'orders' ? 'all' : tab;
  const scope = useClubScope();
  const query = useInvoices(filter, scope.tenantIds, scope.ready);
  const orders = useOrderElements(tab === 'orders' && scope.ready, scope.tenantIds);
  const invoices = useMergedPages(query);

  return (
    <AppPage
      title={t('title')}
      toolbar={
        <IonToolbar>
          <IonSegment
            scrollable
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
      <ClubScopeSelect scope={scope} />
      {tab === 'orders' ? (
        <OrderElementsList query={orders} />
      ) : (
        <>
          <OpenTotal totals={query.data?.pages[0]?.openTotals} />
          <InfiniteList
            query={query}
            count={invoices.length}
            textsFrom="invoices"
            texts={filter === 'all' ? {} : { empty: t(`emptyFiltered.${filter}`) }}
          >
            <IonList className="vh-invoice-list" aria-busy={query.isFetching}>
              {invoices.map((invoice) => (
                <IonItem key={invoice.id} routerLink={pathTo('invoice', { id: invoice.id })} detail>
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
                  <IonNote slot="end" className="vh-amount">
                    <div>{formatCents(invoice.grossCents, language)}</div>
                    <InvoiceStatusBadge status={invoice.status} />
                  </IonNote>
                </IonItem>
              ))}
            </IonList>
          </InfiniteList>
        </>
      )}
    </AppPage>
  );
}
