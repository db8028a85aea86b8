import type { Message } from '@vereinsheim/contracts/messages';
import { IonButton, IonItem, IonLabel } from '@ionic/react';
import { IonNote } from '../../../shared/ui/ionic/note.ts';
import { useIonAlert } from '../../../shared/ui/ionic/use-ion-alert.ts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/i18n/format.ts';

export interface MessageItemProps {
  message: Message;
  open: boolean;
  onToggle: () => void;
  onMarkUnread: () => void;
  onDelete: () => void;
}

/** One message: unread ones are bold with a dot; opening shows the text (and marks it read, see the page). */
export function MessageItem({ message, open, onToggle, onMarkUnread, onDelete }: MessageItemProps) {
  const { t, i18n } = useTranslation('messages');
  const [confirm] = useIonAlert();
  const bodyId = `message-body-${message.id}`;
  return (
    <li className={message.isRead ? 'vh-message' : 'vh-message vh-message--unread'} data-testid="message">
      <IonItem
        button
        detail={false}
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={bodyId}
        lines={open ? 'none' : 'full'}
      >
        {!message.isRead && <span className="vh-message__dot" aria-hidden="true" />}
        <IonLabel>
          <h2 className="vh-message__title">
            {!message.isRead && <span className="vh-visually-hidden">{t('unread')}: </span>}
            {message.title}
          </h2>
          <p>
            {[
              message.tenantName,
              t(`kinds.${message.kind}`),
              formatDateTime(message.createdAt, i18n.resolvedLanguage),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </IonLabel>
      </IonItem>
      {open && (
        <div id={bodyId} className="vh-message__body">
          <p>{message.body}</p>
          <div className="vh-message__actions">
            {message.link && (
              <IonButton size="small" routerLink={message.link}>
                {t('open')}
              </IonButton>
            )}
            <IonButton size="small" fill="outline" onClick={onMarkUnread}>
              {t('markUnread')}
            </IonButton>
            <IonButton
              size="small"
              fill="outline"
              color="danger"
              onClick={() =>
                void confirm({
                  header: t('delete'),
                  message: t('confirmDelete'),
                  buttons: [
                    { text: t('cancel'), role: 'cancel' },
                    { text: t('delete'), role: 'destructive', handler: onDelete },
                  ],
                })
              }
            >
              {t('delete')}
            </IonButton>
          </div>
          <IonNote className="vh-visually-hidden">{t('read')}</IonNote>
        </div>
      )}
    </li>
  );
}
