import { IonItem, IonLabel, IonList } from '@ionic/react';
import { IonNote } from '../../../shared/ui/ionic/note.ts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { OrderElementList } from '@vereinsheim/contracts/invoice';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@vereinsheim/contracts/routes';
import { useMergedPages } from '../../../shared/api/paging.ts';
import { InfiniteList } from '../../../shared/ui/InfiniteList.tsx';
import { formatCents } from './format.ts';

/** What the person ordered or was charged, newest first, each linked to its invoice when there is one. */
export function OrderElementsList({
  query,
}: {
  query: UseInfiniteQueryResult<InfiniteData<OrderElementList>>;
}) {
  const { t, i18n } = useTranslation('invoices');
  const language = i18n.resolvedLanguage;
  const items = useMergedPages(query);
  return (
    <InfiniteList query={query} count={items.length} textsFrom="invoices:orders">
      <IonList className="vh-invoice-list" aria-busy={query.isFetching}>
        {items.map((item) => (
          <IonItem
            key={item.id}
            routerLink={item.invoiceId ? pathTo('invoice', { id: item.invoiceId }) : undefined}
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
            <IonNote slot="end" className="vh-amount">
              {formatCents(item.totalCents, language)}
            </IonNote>
          </IonItem>
        ))}
      </IonList>
    </InfiniteList>
  );
}
