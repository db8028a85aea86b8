import { IonButton, IonItem } from '@ionic/react';
import { IonInput } from '../../../shared/ui/ionic/input.ts';
import { IonSelect, IonSelectOption } from '../../../shared/ui/ionic/select.ts';
import { IonTextarea } from '../../../shared/ui/ionic/textarea.ts';
import { useIonAlert } from '../../../shared/ui/ionic/use-ion-alert.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import '../components/manage.css';
import '../../../shared/ui/manage.css';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { useManagedEvents, useSendMessage, useTeamsForMessages, type Audience } from '../api/manage.ts';
import { ClubPicker } from '../components/ClubPicker.tsx';
import { useManageClub } from '../components/manage-club.ts';

/** /manage/messages: a message to the whole club, a team, or an event's participants (confirmed before sending). */
export default function ManageMessagesPage() {
  const { t } = useTranslation('manage');
  const { club, clubs } = useManageClub();
  const tenantId = club?.id ?? '';
  const teams = useTeamsForMessages();
  const events = useManagedEvents(tenantId, '', 1);
  const send = useSendMessage(tenantId);
  const [presentAlert] = useIonAlert();
  const [target, setTarget] = useState('club');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [status, setStatus] = useState<string | null>(null);

  const audience = (): Audience =>
    target.startsWith('team:')
      ? { kind: 'team', teamId: target.slice(5) }
      : target.startsWith('event:')
        ? { kind: 'event', eventId: target.slice(6) }
        : { kind: 'club' };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    void presentAlert({
      header: t('messages.confirmTitle'),
      message: t('messages.confirm'),
      buttons: [
        { text: t('common.back'), role: 'cancel' },
        {
          text: t('messages.send'),
          handler: () =>
            send.mutate(
              { audience: audience(), title, body },
              {
                onSuccess: (r) => {
                  setStatus(t('messages.sent', { count: r.recipients }));
                  setTitle('');
                  setBody('');
                },
              },
            ),
        },
      ],
    });
  };

  return (
    <AppPage title={t('messages.title')}>
      <ClubPicker club={club} clubs={clubs} />
      <form onSubmit={submit} className="vh-manage-form">
        <IonItem>
          <IonSelect
            label={t('messages.audience')}
            labelPlacement="stacked"
            value={target}
            interface="popover"
            onIonChange={(e) => setTarget(String(e.detail.value))}
          >
            <IonSelectOption value="club">{t('messages.toClub', { club: club?.name ?? '' })}</IonSelectOption>
            {teams.data?.items
              .filter((team) => team.tenantId === tenantId)
              .map((team) => (
                <IonSelectOption key={team.id} value={`team:${team.id}`}>
                  {t('messages.toTeam', { team: team.name })}
                </IonSelectOption>
              ))}
            {events.data?.items
              .filter((ev) => !ev.cancelled)
              .map((ev) => (
                <IonSelectOption key={ev.id} value={`event:${ev.id}`}>
                  {t('messages.toEvent', { event: ev.name })}
                </IonSelectOption>
              ))}
          </IonSelect>
        </IonItem>
        <IonItem>
          <IonInput
            label={t('messages.subject')}
            labelPlacement="stacked"
            required
            value={title}
            onIonInput={(e) => setTitle(e.detail.value ?? '')}
          />
        </IonItem>
        <IonItem>
          <IonTextarea
            label={t('messages.body')}
            labelPlacement="stacked"
            required
            autoGrow
            value={body}
            onIonInput={(e) => setBody(e.detail.value ?? '')}
          />
        </IonItem>
        <IonButton type="submit" disabled={!title.trim() || !body.trim() || !tenantId}>
          {t('messages.send')}
        </IonButton>
        {status && <p role="status">{status}</p>}
        {send.isError && <p role="alert">{send.error.message}</p>}
      </form>
    </AppPage>
  );
}
