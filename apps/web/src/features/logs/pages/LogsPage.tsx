import { IonItem, IonLabel } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { PagedListPage } from '../../../shared/ui/PagedListPage.tsx';
import { useLogMessages } from '../api/get-log-messages.ts';

/** /logs: every change to the person's data (and invoices), newest first. */
export default function LogsPage() {
  const { t, i18n } = useTranslation('logs');
  return (
    <PagedListPage
      title={t('title')}
      intro={<p className="vh-help">{t('intro')}</p>}
      textsFrom="logs"
      readOnly
      query={useLogMessages()}
      renderItem={(entry) => (
        <IonItem key={entry.id} data-testid="log-entry">
          <IonLabel className="ion-text-wrap">
            <h3>{entry.summary}</h3>
            <p>
              {formatDateTime(entry.createdAt, i18n.resolvedLanguage)}
              {entry.actor
                ? ` · ${t('by', { name: `${entry.actor.firstName} ${entry.actor.lastName}` })}`
                : ''}
              {entry.tenantName ? ` · ${entry.tenantName}` : ''}
            </p>
          </IonLabel>
        </IonItem>
      )}
    />
  );
}
