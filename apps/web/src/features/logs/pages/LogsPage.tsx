import {
  IonButton,
  IonInfiniteScroll,
  IonInfiniteScrollContent,
  IonItem,
  IonLabel,
  IonList,
  IonRefresher,
  IonRefresherContent,
  IonSpinner,
} from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useLogMessages } from '../api/get-log-messages.ts';

/** /logs: every change to the person's data (and invoices), newest first. */
export default function LogsPage() {
  const { t, i18n } = useTranslation('logs');
  const query = useLogMessages();
  const entries = query.data?.pages.flatMap((p) => p.items) ?? [];
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'de', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <AppPage title={t('title')}>
      <IonRefresher
        slot="fixed"
        onIonRefresh={(e) => void query.refetch().finally(() => e.detail.complete())}
      >
        <IonRefresherContent />
      </IonRefresher>
      <p className="vh-help">{t('intro')}</p>
      {query.isPending ? (
        <IonSpinner aria-label={t('loading')} />
      ) : query.isError && !query.data ? (
        <EmptyState message={t('loadError')}>
          <IonButton onClick={() => void query.refetch()}>{t('retry')}</IonButton>
        </EmptyState>
      ) : entries.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : (
        <IonList>
          {entries.map((entry) => (
            <IonItem key={entry.id} data-testid="log-entry">
              <IonLabel className="ion-text-wrap">
                <h3>{entry.summary}</h3>
                <p>
                  {format.format(new Date(entry.createdAt))}
                  {entry.actor
                    ? ` · ${t('by', { name: `${entry.actor.firstName} ${entry.actor.lastName}` })}`
                    : ''}
                  {entry.tenantName ? ` · ${entry.tenantName}` : ''}
                </p>
              </IonLabel>
            </IonItem>
          ))}
        </IonList>
      )}
      <IonInfiniteScroll
        disabled={!query.hasNextPage}
        onIonInfinite={(e) => void query.fetchNextPage().finally(() => void e.target.complete())}
      >
        <IonInfiniteScrollContent />
      </IonInfiniteScroll>
    </AppPage>
  );
}
