import { IonItem, IonLabel, IonList } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '@vereinsheim/contracts/routes';
import { QueryStates } from '../../../shared/ui/QueryStates.tsx';
import { useUnreadMessages } from '../api/get-unread-messages.ts';
import './dashboard.css';

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
      <div className="vh-dashboard-messages-body">
        <QueryStates
          query={messages}
          texts={{
            loading: t('messagesTitle'),
            loadError: t('loadError'),
            retry: t('retry'),
            empty: t('noUnreadMessages'),
          }}
          isEmpty={(unread) => unread.items.length === 0}
          compact
        >
          {(unread) => (
            <IonList>
              {unread.items.map((message) => (
                <IonItem key={message.id} routerLink={pathTo('messages')} detail>
                  <IonLabel>
                    <h4>{message.title}</h4>
                    {message.tenantName && <p>{message.tenantName}</p>}
                  </IonLabel>
                </IonItem>
              ))}
            </IonList>
          )}
        </QueryStates>
      </div>
      <p>
        <Link to={pathTo('messages')}>{t('allMessages')}</Link>
      </p>
    </section>
  );
}
