import { IonButton, IonItem, IonLabel, IonList, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useUnreadMessages } from '../api/get-unread-messages.ts';

/** Dashboard section: the newest unread messages; loads and fails on its own. */
export function UnreadMessages() {
  const { t } = useTranslation('dashboard');
  const messages = useUnreadMessages();
  return (
    <section aria-labelledby="dashboard-messages">
      <h3 id="dashboard-messages">
        {t('messagesTitle')}
        {messages.data && messages.data.unreadcount > 0 ? ` (${messages.data.unreadcount})` : ''}
      </h3>
      {messages.isPending ? (
        <IonSpinner aria-label={t('messagesTitle')} />
      ) : messages.isError ? (
        <EmptyState message={t('loadError')}>
          <IonButton size="small" onClick={() => void messages.refetch()}>
            {t('retry')}
          </IonButton>
        </EmptyState>
      ) : messages.data.items.length === 0 ? (
        <EmptyState message={t('noUnreadMessages')} />
      ) : (
        <IonList>
          {messages.data.items.map((message) => (
            <IonItem key={message.id} routerLink="/messages" detail>
              <IonLabel>
                <h4>{message.title}</h4>
                {message.tenantName && <p>{message.tenantName}</p>}
              </IonLabel>
            </IonItem>
          ))}
        </IonList>
      )}
      <p>
        <Link to="/messages">{t('allMessages')}</Link>
      </p>
    </section>
  );
}
