import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMergedPages } from '../../../shared/api/paging.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { InfiniteList } from '../../../shared/ui/InfiniteList.tsx';
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
  const messages = useMergedPages(query);
  const unread = query.data?.pages[0]?.unreadcount ?? 0;

  return (
    <AppPage title={t('title')}>
      <InfiniteList query={query} count={messages.length} textsFrom="messages">
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
      </InfiniteList>
    </AppPage>
  );
}
