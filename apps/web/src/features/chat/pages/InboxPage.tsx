import { useQueryClient } from '@tanstack/react-query';
import { pathTo } from '@vereinsheim/contracts/routes';
import type { ChatConversation } from '@vereinsheim/contracts/chat';
import { useIonRouter } from '@ionic/react';
import { close, createOutline } from 'ionicons/icons';
import { IonBackButton } from '../../../shared/ui/ionic/back-button.ts';
import { IonToggle } from '../../../shared/ui/ionic/toggle.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useClaims } from '../../../shared/auth/session-context.tsx';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ToolbarAction } from '../../../shared/ui/ToolbarAction.tsx';
import {
  useChatContacts,
  useChatSettings,
  useConversations,
  useSetDirectMessages,
  useStartDirectChat,
} from '../api/chat-api.ts';
import { chatConnection } from '../api/chat-socket.ts';
import { chatKeys } from '../api/keys.ts';
import { ConversationView } from '../components/ConversationView.tsx';
import { conversationMeta } from '../components/conversation-meta.ts';
import '../components/chat.css';

function ConversationItem({ conversation: c }: { conversation: ChatConversation }) {
  const { t } = useTranslation('chat');
  const preview = c.lastMessage
    ? c.lastMessage.deletedAt
      ? t('deleted')
      : `${c.lastMessage.senderName ? `${c.lastMessage.senderName}: ` : ''}${c.lastMessage.body}`
    : t('noMessages');
  const meta = [conversationMeta(c, t(`kind.${c.kind}`)), c.muted ? t('muted') : '']
    .filter(Boolean)
    .join(' · ');
  return (
    <li className={c.unreadCount > 0 ? 'vh-chat-list--unread' : undefined}>
      <Link
        to={`${pathTo('inbox')}?c=${encodeURIComponent(c.id)}`}
        className="vh-chat-list__row"
        data-testid="chat-conversation"
      >
        <div className="vh-chat-list__main">
          <div className="vh-chat-list__title">{c.title}</div>
          {meta && <div className="vh-chat-list__meta">{meta}</div>}
          <div className="vh-chat-list__preview">{preview}</div>
        </div>
        {c.unreadCount > 0 && (
          <span className="vh-badge vh-badge--count">
            {c.unreadCount}
            <span className="vh-visually-hidden"> {t('unread', { count: c.unreadCount })}</span>
          </span>
        )}
      </Link>
    </li>
  );
}

/** Whom to write: the person's team mates and contacts; choosing one opens (or starts) the conversation. */
function NewDirectMessage({ onStarted }: { onStarted: () => void }) {
  const { t } = useTranslation('chat');
  const contacts = useChatContacts(true);
  const start = useStartDirectChat();
  const router = useIonRouter();
  return (
    <section aria-labelledby="vh-chat-new">
      <h2 id="vh-chat-new">{t('newMessage')}</h2>
      {contacts.isPending && <p role="status">{t('loading')}</p>}
      {contacts.data?.items.length === 0 && <EmptyState message={t('noContacts')} />}
      {start.isError && <p role="alert">{start.error.message}</p>}
      <ul className="vh-chat-list" aria-labelledby="vh-chat-new">
        {contacts.data?.items.map((p) => (
          <li key={`${p.tenantId}:${p.personId}`}>
            <button
              type="button"
              className="vh-chat-list__row"
              disabled={start.isPending}
              onClick={() =>
                start.mutate(
                  { tenantId: p.tenantId, personId: p.personId },
                  {
                    onSuccess: (c) => {
                      // Back from the conversation is the list, not this choice again.
                      onStarted();
                      router.push(`${pathTo('inbox')}?c=${encodeURIComponent(c.id)}`);
                    },
                  },
                )
              }
            >
              <span className="vh-chat-list__main">
                <span className="vh-chat-list__title">{p.name}</span>
                <span className="vh-chat-list__meta">
                  {p.teamName ? `${p.teamName} · ` : ''}
                  {p.tenantName}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The person's chat settings: whether others may start direct conversations (ADR 0022). */
function ChatSettingsSection() {
  const { t } = useTranslation('chat');
  const settings = useChatSettings();
  const save = useSetDirectMessages();
  return (
    <section className="vh-chat-settings" aria-labelledby="vh-chat-settings">
      <h2 id="vh-chat-settings">{t('settings.title')}</h2>
      <IonToggle
        checked={settings.data?.directMessages ?? true}
        disabled={!settings.data || save.isPending}
        onIonChange={(e) => save.mutate(e.detail.checked)}
        aria-describedby="vh-chat-dm-hint"
        justify="space-between"
      >
        {t('settings.directMessages')}
      </IonToggle>
      <p id="vh-chat-dm-hint" className="vh-chat-list__meta">
        {t('settings.directMessagesHint')}
      </p>
      {save.isError && <p role="alert">{t('actionFailed')}</p>}
    </section>
  );
}

/** The person's conversations, unread first, and the chat settings under them. */
function Conversations() {
  const { t } = useTranslation('chat');
  const conversations = useConversations();
  return (
    <>
      {conversations.isPending && <p role="status">{t('loading')}</p>}
      {conversations.isError && <p role="alert">{t('loadFailed')}</p>}
      {conversations.data?.items.length === 0 && <EmptyState message={t('empty')} />}
      <ul className="vh-chat-list" aria-label={t('conversations')}>
        {conversations.data?.items.map((c) => (
          <ConversationItem key={c.id} conversation={c} />
        ))}
      </ul>
      <ChatSettingsSection />
    </>
  );
}

/** The chat (beta): the conversation list, or one conversation (`?c=<id>`); live over the WebSocket. */
export default function InboxPage() {
  const { t } = useTranslation('chat');
  const claims = useClaims();
  const personId = String(claims.person_id ?? '');
  const { search } = useLocation();
  const selected = new URLSearchParams(search).get('c');
  const conversations = useConversations();
  const queryClient = useQueryClient();
  const [composing, setComposing] = useState(false);

  useEffect(
    () =>
      chatConnection.use((frame) => {
        if (frame.type === 'message' || frame.type === 'update' || frame.type === 'read')
          void queryClient.invalidateQueries({ queryKey: chatKeys.all });
      }),
    [queryClient],
  );

  const current = selected ? conversations.data?.items.find((c) => c.id === selected) : undefined;
  if (current)
    return (
      <AppPage
        title={current.title}
        actions={<IonBackButton defaultHref={pathTo('inbox')} text={t('back')} />}
      >
        <ConversationView key={current.id} conversation={current} personId={personId} />
      </AppPage>
    );

  return (
    <AppPage
      title={t('title')}
      badge={<span className="vh-badge">{t('beta')}</span>}
      actions={
        <ToolbarAction
          icon={composing ? close : createOutline}
          label={composing ? t('cancel') : t('newMessage')}
          onClick={() => setComposing(!composing)}
        />
      }
    >
      {composing ? <NewDirectMessage onStarted={() => setComposing(false)} /> : <Conversations />}
    </AppPage>
  );
}
