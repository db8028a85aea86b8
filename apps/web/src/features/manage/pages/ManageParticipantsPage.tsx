import { IonButton, IonItem } from '@ionic/react';
import { IonInput } from '../../../shared/ui/ionic/input.ts';
import { IonSelect, IonSelectOption } from '../../../shared/ui/ionic/select.ts';
import { IonTextarea } from '../../../shared/ui/ionic/textarea.ts';
import { useIonAlert } from '../../../shared/ui/ionic/use-ion-alert.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatDateTime, formatMoney } from '../../../shared/i18n/format.ts';
import '../components/manage.css';
import '../../../shared/ui/manage.css';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { StackTable } from '../../../shared/ui/StackTable.tsx';
import {
  downloadParticipants,
  useApprove,
  useManagedEvent,
  useMessageParticipants,
  useMove,
  useParticipants,
} from '../api/manage.ts';
import { AddParticipantForm } from '../components/AddParticipantForm.tsx';
import { useManageClub } from '../components/manage-club.ts';

/**
 * /manage/events/{id}/participants: status, options and amounts; approve, move (with reason), add a member by
 * hand, message, export.
 */
export default function ManageParticipantsPage() {
  const { t, i18n } = useTranslation('manage');
  const id = useParams<{ id: string }>().id ?? '';
  const { club } = useManageClub();
  const tenantId = club?.id ?? '';
  const event = useManagedEvent(tenantId, id);
  const list = useParticipants(tenantId, id);
  const approve = useApprove(tenantId, id);
  const move = useMove(tenantId, id);
  const message = useMessageParticipants(tenantId, id);
  const [presentAlert] = useIonAlert();
  const [audience, setAudience] = useState<'participants' | 'waiting'>('participants');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const askMove = (registrationId: string, to: 'participating' | 'waiting', name: string) =>
    void presentAlert({
      header: t(to === 'waiting' ? 'participants.toWaiting' : 'participants.toParticipants'),
      message: t('participants.moveConfirm', { name }),
      inputs: [
        {
          name: 'reason',
          type: 'text',
          placeholder: t('participants.reason'),
          attributes: { required: true },
        },
      ],
      buttons: [
        { text: t('common.back'), role: 'cancel' },
        {
          text: t('participants.move'),
          handler: (values: { reason?: string }) => {
            const reason = values.reason?.trim();
            if (!reason) return false;
            move.mutate({ registrationId, to, reason });
            return true;
          },
        },
      ],
    });

  const exportAs = (format: 'csv' | 'xlsx') => {
    setError(null);
    downloadParticipants(tenantId, id, format, `${t('participants.file')}-${event.data?.name ?? id}`).catch(
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  };

  const send = (e: FormEvent) => {
    e.preventDefault();
    void presentAlert({
      header: t('participants.messageTitle'),
      message: t(audience === 'waiting' ? 'participants.sendToWaiting' : 'participants.sendToParticipants'),
      buttons: [
        { text: t('common.back'), role: 'cancel' },
        {
          text: t('messages.send'),
          handler: () =>
            message.mutate(
              { audience, title, body },
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
    <AppPage title={t('participants.title', { name: event.data?.name ?? '' })}>
      <div className="vh-manage-actions">
        <IonButton onClick={() => exportAs('csv')} data-testid="export-csv">
          {t('participants.exportCsv')}
        </IonButton>
        <IonButton onClick={() => exportAs('xlsx')} data-testid="export-xlsx">
          {t('participants.exportXlsx')}
        </IonButton>
      </div>
      {error && <p role="alert">{error}</p>}
      {list.isError && <p role="alert">{t('loadError')}</p>}
      <StackTable
        caption={t('participants.caption')}
        captionHidden
        rows={list.data?.items ?? []}
        rowKey={(p) => p.registrationId}
        columns={[
          { label: t('participants.name'), cell: (p) => `${p.firstName} ${p.lastName}` },
          {
            label: t('participants.status'),
            cell: (p) => (
              <>
                {t(`status.${p.status}`)}
                {p.waitingPosition !== null && ` (${p.waitingPosition})`}
              </>
            ),
          },
          { label: t('participants.options'), cell: (p) => p.options.map((o) => o.name).join(', ') },
          { label: t('participants.amount'), cell: (p) => formatMoney(p.amount, p.currency, i18n.language) },
          {
            label: t('participants.registeredAt'),
            cell: (p) => formatDateTime(p.registeredAt, i18n.language),
          },
          {
            label: t('participants.actions'),
            cell: (p) => {
              const name = `${p.firstName} ${p.lastName}`;
              return (
                <>
                  {p.status === 'requested' && (
                    <IonButton size="small" onClick={() => approve.mutate(p.registrationId)}>
                      {t('participants.approve')}
                    </IonButton>
                  )}
                  {(p.status === 'participating' || p.status === 'requested') && (
                    <IonButton
                      size="small"
                      fill="outline"
                      onClick={() => askMove(p.registrationId, 'waiting', name)}
                    >
                      {t('participants.toWaiting')}
                    </IonButton>
                  )}
                  {p.status === 'waiting' && (
                    <IonButton
                      size="small"
                      fill="outline"
                      onClick={() => askMove(p.registrationId, 'participating', name)}
                    >
                      {t('participants.toParticipants')}
                    </IonButton>
                  )}
                </>
              );
            },
          },
        ]}
      />
      {list.data?.items.length === 0 && <p>{t('participants.empty')}</p>}
      {(approve.isError || move.isError) && <p role="alert">{(approve.error ?? move.error)?.message}</p>}

      {event.data && !event.data.cancelled && <AddParticipantForm tenantId={tenantId} event={event.data} />}

      <form onSubmit={send} className="vh-manage-form" aria-labelledby="manage-message">
        <h2 id="manage-message">{t('participants.messageTitle')}</h2>
        <IonItem>
          <IonSelect
            label={t('messages.audience')}
            labelPlacement="stacked"
            value={audience}
            interface="popover"
            onIonChange={(e) => setAudience(e.detail.value as 'participants' | 'waiting')}
          >
            <IonSelectOption value="participants">{t('participants.allParticipants')}</IonSelectOption>
            <IonSelectOption value="waiting">{t('participants.waitingList')}</IonSelectOption>
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
        <IonButton type="submit" disabled={!title.trim() || !body.trim()}>
          {t('messages.send')}
        </IonButton>
        {status && <p role="status">{status}</p>}
        {message.isError && <p role="alert">{message.error.message}</p>}
      </form>
    </AppPage>
  );
}
