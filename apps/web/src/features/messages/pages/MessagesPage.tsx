import {
  IonButton,
  IonInfiniteScroll,
  IonInfiniteScrollContent,
  IonRefresher,
  IonRefresherContent,
  IonSpinner,
} from '@ionic/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useMessages } from '../api/get-messages.ts';
import { useDeleteMessage, useSetMessageRead } from '../api/update-message.ts';
import { MessageItem } from '../components/MessageItem.tsx';
import '../components/messages.css';

/** /messages: the person's messages, newest first, with unread state; opening one marks it read. */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const query = useMessages();
  const setRead = useSetMessageRead();
  const remove = useDeleteMessage();
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = query.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = query.data?.pages[0]?.unreadcount ?? 0;

  return (
    <AppPage title={t('title')}>
      <IonRefresher
        slot="fixed"
        onIonRefresh={(event) => void query.refetch().finally(() => event.detail.complete())}
      >
        <IonRefresherContent />
      </IonRefresher>
      {query.isPending ? (
        <IonSpinner aria-label={t('loading')} />
      ) : query.isError && !query.data ? (
        <EmptyState message={t('loadError')}>
          <IonButton onClick={() => void query.refetch()}>{t('retry')}</IonButton>
        </EmptyState>
      ) : messages.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : (
        <>
          <p role="status">{t('unreadCount', { count: unread })}</p>
          <ul className="vh-message-list" aria-label={t('title')}>
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                open={openId === message.id}
                onToggle={() => {
                  const opening = openId !== message.id;
                  setOpenId(opening ? message.id : null);
                  if (opening && !message.isRead) setRead.mutate({ id: message.id, read: true });
                }}
                onMarkUnread={() => {
                  setOpenId(null);
                  setRead.mutate({ id: message.id, read: false });
                }}
                onDelete={() => {
                  setOpenId(null);
                  remove.mutate(message.id);
                }}
              />
            ))}
          </ul>
          {(setRead.isError || remove.isError) && <p role="alert">{t('actionError')}</p>}
          <IonInfiniteScroll
            disabled={!query.hasNextPage || query.isFetchNextPageError}
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
