import type { ChatConversation, ChatMessage, ChatServerFrame } from '@vereinsheim/contracts/chat';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_REACTIONS, type ChatReactionEmoji } from '@vereinsheim/contracts/chat';
import { useIonAlert } from '../../../shared/ui/ionic/use-ion-alert.ts';
import { useIonToast } from '../../../shared/ui/ionic/use-ion-toast.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton, IonIcon } from '@ionic/react';
import { arrowUndoOutline, createOutline, flagOutline, happyOutline, trashOutline } from 'ionicons/icons';
import { dateFormat, formatDate } from '../../../shared/i18n/format.ts';
import {
  blockChatPerson,
  deleteChatMessage,
  editChatMessage,
  fetchHistory,
  markChatRead,
  muteChat,
  reactToChatMessage,
  reportChatMessage,
  sendChatMessage,
} from '../api/chat-api.ts';
import { chatConnection } from '../api/chat-socket.ts';
import { chatKeys } from '../api/keys.ts';
import { conversationMeta } from './conversation-meta.ts';
import { linkify } from './linkify.tsx';

type Item = ChatMessage & { state?: 'sending' | 'failed' };

const PAGE = 50;

function merge(items: Item[], incoming: ChatMessage[]): Item[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  for (const m of incoming) {
    byId.set(m.id, m);
    // The server's copy replaces the pending one with the same clientId.
    if (m.clientId)
      for (const i of byId.values()) if (i.state && i.clientId === m.clientId) byId.delete(i.id);
  }
  return [...byId.values()].sort((a, b) => (a.state ? Infinity : a.seq) - (b.state ? Infinity : b.seq));
}

const SHORT_TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' };
const timeOf = (iso: string, language: string | undefined) =>
  dateFormat(language, SHORT_TIME).format(new Date(iso));

/**
 * One of a message's actions: its icon, with its words beside it where there is room (on phones the icon alone,
 * named by its words), so that every bubble does not end in a line of underlined links.
 */
function MessageAction({
  icon,
  label,
  expanded,
  onClick,
}: {
  icon: string;
  label: string;
  expanded?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="vh-chat__action"
      aria-expanded={expanded}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <IonIcon icon={icon} aria-hidden="true" />
      <span className="vh-chat__action-text">{label}</span>
    </button>
  );
}

/** One conversation: bubbles with day separators, older messages on scrolling up, sending with retry. */
export function ConversationView({
  conversation,
  personId,
}: {
  conversation: ChatConversation;
  personId: string;
}) {
  const { t, i18n } = useTranslation('chat');
  const queryClient = useQueryClient();
  const [items, setItems] = useState<Item[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [failedToLoad, setFailedToLoad] = useState(false);
  const [text, setText] = useState('');
  /** The message the composer answers, or edits (then its text is in the composer). */
  const [replyTo, setReplyTo] = useState<Item | null>(null);
  const [editing, setEditing] = useState<Item | null>(null);
  const [picker, setPicker] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLOListElement>(null);
  const stickToBottom = useRef(true);
  const keepOffset = useRef<number | null>(null);
  const readSeq = useRef(conversation.readSeq);
  const id = conversation.id;
  const [presentAlert] = useIonAlert();
  const [presentToast] = useIonToast();
  const confirm = (header: string, onConfirm: () => Promise<unknown>) =>
    void presentAlert({
      header,
      buttons: [
        { text: t('cancel'), role: 'cancel' },
        {
          text: t('confirm'),
          handler: () => {
            onConfirm()
              .then(() => queryClient.invalidateQueries({ queryKey: chatKeys.all }))
              .catch(() => void presentToast({ message: t('actionFailed'), duration: 3000 }));
          },
        },
      ],
    });

  useEffect(() => {
    let cancelled = false;
    const controller = new AbortController();
    fetchHistory(id, { limit: PAGE }, controller.signal)
      .then((page) => {
        if (cancelled) return;
        setItems(page.items);
        setHasMore(page.hasMore);
        setLoading(false);
        chatConnection.track(id, page.items.at(-1)?.seq ?? 0);
      })
      .catch(() => {
        if (!cancelled) setFailedToLoad(true);
      });
    const stop = chatConnection.use((frame: ChatServerFrame) => {
      if ((frame.type === 'message' || frame.type === 'update') && frame.message.conversationId === id)
        setItems((current) => merge(current, [frame.message]));
    });
    return () => {
      cancelled = true;
      controller.abort();
      stop();
    };
  }, [id]);

  // Read up to the newest message shown.
  const newest = items.filter((i) => !i.state).at(-1)?.seq ?? 0;
  useEffect(() => {
    if (newest <= readSeq.current) return;
    readSeq.current = newest;
    void markChatRead(id, newest)
      .then(() => queryClient.invalidateQueries({ queryKey: chatKeys.all }))
      .catch(() => undefined);
  }, [id, newest, queryClient]);

  useLayoutEffect(() => {
    const el = log.current;
    if (!el) return;
    if (keepOffset.current !== null) {
      el.scrollTop = el.scrollHeight - keepOffset.current;
      keepOffset.current = null;
    } else if (stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [items]);

  const loadOlder = useCallback(async () => {
    const first = items.find((i) => !i.state);
    if (!first || !hasMore) return;
    const el = log.current;
    const page = await fetchHistory(id, { beforeSeq: first.seq, limit: PAGE });
    if (el) keepOffset.current = el.scrollHeight - el.scrollTop;
    setItems((current) => merge(current, page.items));
    setHasMore(page.hasMore);
  }, [hasMore, id, items]);

  const onScroll = () => {
    const el = log.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (el.scrollTop < 20 && hasMore) void loadOlder();
  };

  const deliver = async (item: Item) => {
    setItems((current) =>
      merge(
        current.filter((i) => i.id !== item.id),
        [],
      ).concat({ ...item, state: 'sending' }),
    );
    try {
      const message = await sendChatMessage(id, item.body, item.clientId!, item.replyToId);
      setItems((current) => merge(current, [message]));
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    } catch {
      setItems((current) => current.map((i) => (i.id === item.id ? { ...i, state: 'failed' } : i)));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = text.trim();
    if (!body) return;
    if (editing) {
      const target = editing;
      editChatMessage(target.id, body)
        .then((message) => {
          setItems((current) => merge(current, [message]));
          setEditing(null);
          setText('');
        })
        .catch(() => void presentToast({ message: t('actionFailed'), duration: 3000 }));
      return;
    }
    const clientId = crypto.randomUUID();
    const quoted = replyTo;
    setText('');
    setReplyTo(null);
    stickToBottom.current = true;
    void deliver({
      id: `pending-${clientId}`,
      conversationId: id,
      seq: 0,
      senderPersonId: personId,
      senderName: null,
      body,
      replyToId: quoted?.id ?? null,
      replyTo: quoted
        ? { id: quoted.id, senderName: quoted.senderName, body: quoted.body, deleted: false }
        : null,
      reactions: [],
      clientId,
      createdAt: new Date().toISOString(),
      editedAt: null,
      deletedAt: null,
      state: 'sending',
    });
  };

  const startReply = (m: Item) => {
    setEditing(null);
    setReplyTo(m);
    input.current?.focus();
  };
  const startEdit = (m: Item) => {
    setReplyTo(null);
    setEditing(m);
    setText(m.body);
    input.current?.focus();
  };
  const cancelCompose = () => {
    if (editing) setText('');
    setEditing(null);
    setReplyTo(null);
  };
  const react = (m: Item, emoji: ChatReactionEmoji, reacted: boolean) => {
    setPicker(null);
    reactToChatMessage(m.id, emoji, reacted)
      .then((message) => setItems((current) => merge(current, [message])))
      .catch(() => void presentToast({ message: t('actionFailed'), duration: 3000 }));
  };

  const days = items.map((m) => new Date(m.createdAt).toDateString());
  return (
    <section className="vh-chat" aria-label={conversation.title}>
      <div className="vh-chat__head">
        <span className="vh-chat-list__meta">
          {conversationMeta(conversation, t(`kind.${conversation.kind}`))}
        </span>
        <IonButton
          fill="outline"
          size="small"
          aria-pressed={conversation.muted}
          onClick={() =>
            void muteChat(id, !conversation.muted).then(() =>
              queryClient.invalidateQueries({ queryKey: chatKeys.all }),
            )
          }
        >
          {conversation.muted ? t('unmute') : t('mute')}
        </IonButton>
        {conversation.kind === 'direct' && conversation.otherPersonId && (
          <IonButton
            fill="outline"
            size="small"
            onClick={() => confirm(t('blockConfirm'), () => blockChatPerson(conversation.otherPersonId!))}
          >
            {t('block')}
          </IonButton>
        )}
      </div>
      {failedToLoad && <p role="alert">{t('loadFailed')}</p>}
      {loading && !failedToLoad && <p role="status">{t('loading')}</p>}
      <ol
        className="vh-chat__log"
        ref={log}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label={t('messages')}
      >
        {hasMore && (
          <li>
            <button type="button" className="vh-chat__link-button" onClick={() => void loadOlder()}>
              {t('loadOlder')}
            </button>
          </li>
        )}
        {!loading && items.length === 0 && <li className="vh-chat__day">{t('noMessages')}</li>}
        {items.map((m, index) => {
          const separator = index === 0 || days[index] !== days[index - 1];
          const own = m.senderPersonId === personId;
          /** Sent and not deleted: it has reactions and actions. */
          const actionable = !m.state && !m.deletedAt;
          return (
            <Fragment key={m.id}>
              {separator && (
                <li className="vh-chat__day" aria-hidden="false">
                  {formatDate(m.createdAt, i18n.resolvedLanguage)}
                </li>
              )}
              <li
                className={`vh-bubble${own ? ' vh-bubble--own' : ''}${m.state === 'failed' ? ' vh-bubble--failed' : ''}`}
                data-testid="chat-message"
              >
                {!own && <div className="vh-bubble__sender">{m.senderName}</div>}
                {m.replyTo && !m.deletedAt && (
                  <blockquote
                    className="vh-bubble__quote"
                    aria-label={t('replyTo', { name: m.replyTo.senderName ?? '' })}
                  >
                    <span className="vh-bubble__quote-name">{m.replyTo.senderName}</span>
                    {m.replyTo.deleted ? <em>{t('deleted')}</em> : <span>{m.replyTo.body}</span>}
                  </blockquote>
                )}
                {m.deletedAt ? <em>{t('deleted')}</em> : <div>{linkify(m.body)}</div>}
                {/* The bubble's foot: the reactions, then one line of the actions with the time (or the sending
                    state) at its end, the reaction picker below. */}
                <div className="vh-bubble__foot">
                  {actionable &&
                    m.reactions.map((r) => {
                      const mine = r.personIds.includes(personId);
                      return (
                        <button
                          key={r.emoji}
                          type="button"
                          className={`vh-reaction${mine ? ' vh-reaction--mine' : ''}`}
                          aria-pressed={mine}
                          title={r.names.join(', ')}
                          aria-label={t('reactionChip', {
                            emoji: r.emoji,
                            count: r.personIds.length,
                            names: r.names.join(', '),
                          })}
                          onClick={() => react(m, r.emoji, !mine)}
                        >
                          {r.emoji} {r.personIds.length}
                        </button>
                      );
                    })}
                  <div className="vh-bubble__actions">
                    {actionable && (
                      <>
                        <MessageAction
                          icon={happyOutline}
                          label={t('react')}
                          expanded={picker === m.id}
                          onClick={() => setPicker(picker === m.id ? null : m.id)}
                        />
                        {conversation.canWrite && (
                          <MessageAction
                            icon={arrowUndoOutline}
                            label={t('reply')}
                            onClick={() => startReply(m)}
                          />
                        )}
                        {own && (
                          <MessageAction
                            icon={createOutline}
                            label={t('edit')}
                            onClick={() => startEdit(m)}
                          />
                        )}
                        <MessageAction
                          icon={own ? trashOutline : flagOutline}
                          label={own ? t('delete') : t('report')}
                          onClick={() =>
                            own
                              ? confirm(t('deleteConfirm'), () => deleteChatMessage(m.id))
                              : confirm(t('reportConfirm'), () =>
                                  reportChatMessage(m.id).then(() =>
                                    presentToast({ message: t('reported'), duration: 3000 }),
                                  ),
                                )
                          }
                        />
                      </>
                    )}
                    <div className="vh-bubble__meta">
                      {m.editedAt && !m.deletedAt && <span>{t('edited')} · </span>}
                      {m.state === 'sending' && <span>{t('sending')}</span>}
                      {m.state === 'failed' && (
                        <>
                          <span role="alert">{t('failed')} </span>
                          <button
                            type="button"
                            className="vh-chat__link-button"
                            onClick={() => void deliver(m)}
                          >
                            {t('retry')}
                          </button>
                        </>
                      )}
                      {!m.state && (
                        <time dateTime={m.createdAt}>{timeOf(m.createdAt, i18n.resolvedLanguage)}</time>
                      )}
                    </div>
                  </div>
                  {actionable && picker === m.id && (
                    <div role="group" aria-label={t('reactWith')} className="vh-reaction-picker">
                      {CHAT_REACTIONS.map((emoji) => {
                        const mine = m.reactions.some(
                          (r) => r.emoji === emoji && r.personIds.includes(personId),
                        );
                        return (
                          <button
                            key={emoji}
                            type="button"
                            className="vh-reaction"
                            aria-pressed={mine}
                            onClick={() => react(m, emoji, !mine)}
                          >
                            {emoji}
                          </button>
                        );
                      })}
                    </div>
                  )}
                </div>
              </li>
            </Fragment>
          );
        })}
      </ol>
      {conversation.canWrite && (replyTo || editing) && (
        <div className="vh-chat__composing" role="status">
          <span className="vh-chat__composing-text">
            {editing ? t('editing') : t('replyingTo', { name: replyTo!.senderName ?? t('yourself') })}
            {replyTo && <span className="vh-chat__composing-quote"> {replyTo.body}</span>}
          </span>
          <button type="button" className="vh-chat__link-button" onClick={cancelCompose}>
            {t('cancel')}
          </button>
        </div>
      )}
      {conversation.canWrite ? (
        <form className="vh-chat__composer" onSubmit={onSubmit}>
          <label className="vh-visually-hidden" htmlFor="vh-chat-input">
            {t('message')}
          </label>
          <textarea
            ref={input}
            id="vh-chat-input"
            value={text}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            placeholder={t('placeholder')}
            rows={1}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && (replyTo || editing)) cancelCompose();
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
          />
          <button type="submit" className="vh-chat__button">
            {editing ? t('save') : t('send')}
          </button>
        </form>
      ) : (
        <p className="vh-chat__day">{t('readOnly')}</p>
      )}
    </section>
  );
}
