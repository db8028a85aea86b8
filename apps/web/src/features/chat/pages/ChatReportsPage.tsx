import { IonButton } from '@ionic/react';
import { useIonAlert } from '../../../shared/ui/ionic/use-ion-alert.ts';
import { useIonToast } from '../../../shared/ui/ionic/use-ion-toast.ts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/i18n/format.ts';
import { useManagedClub } from '../../../shared/tenant-selection/index.ts';
import { ManagedClubSelect } from '../../../shared/tenant-selection/ManagedClubSelect.tsx';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useChatReports, useHandleChatReport } from '../api/chat-api.ts';
import '../components/chat.css';

const ADMIN = ['admin'] as const;

/** /manage/chat-reports: a club's reported chat messages (club admins): dismiss the report or delete the message. */
export default function ChatReportsPage() {
  const { t, i18n } = useTranslation('chat');
  const { clubs, club, setClub, isPending } = useManagedClub(ADMIN);
  const reports = useChatReports(club?.id);
  const handle = useHandleChatReport(club?.id ?? '');
  const [presentAlert] = useIonAlert();
  const [presentToast] = useIonToast();
  const act = (messageId: string, remove: boolean) =>
    handle.mutate(
      { messageId, remove },
      {
        onSuccess: () =>
          void presentToast({ message: t(remove ? 'reports.removed' : 'reports.dismissed'), duration: 3000 }),
        onError: () => void presentToast({ message: t('actionFailed'), duration: 3000 }),
      },
    );

  if (!isPending && !club)
    return (
      <AppPage title={t('reports.title')}>
        <p>{t('reports.noClub')}</p>
      </AppPage>
    );

  return (
    <AppPage title={t('reports.title')}>
      <ManagedClubSelect label={t('reports.club')} clubs={clubs} club={club} onChange={setClub} />
      {reports.isPending && club && <p role="status">{t('loading')}</p>}
      {reports.isError && <p role="alert">{t('loadFailed')}</p>}
      {reports.data?.items.length === 0 && <EmptyState message={t('reports.empty')} />}
      <ul className="vh-chat-list" aria-label={t('reports.list')}>
        {reports.data?.items.map(({ message: m, conversationKind, conversationTitle, reports: list }) => (
          <li key={m.id} className="vh-chat-report" data-testid="chat-report">
            <div className="vh-chat-list__meta">
              {t(`reports.kind.${conversationKind}`)} · {t('reports.in', { conversation: conversationTitle })}
              {m.senderName ? ` · ${t('reports.from', { name: m.senderName })}` : ''}
            </div>
            <p>{m.deletedAt ? <em>{t('deleted')}</em> : m.body}</p>
            <ul>
              {list.map((r, index) => (
                <li key={index}>
                  {t('reports.reportedBy', {
                    name: r.reporterName,
                    date: formatDate(r.createdAt, i18n.resolvedLanguage),
                  })}
                  {r.reason ? ` – ${t('reports.reason', { reason: r.reason })}` : ''}
                </li>
              ))}
            </ul>
            <div className="vh-chat-report__actions">
              <IonButton fill="outline" disabled={handle.isPending} onClick={() => act(m.id, false)}>
                {t('reports.dismiss')}
              </IonButton>
              {!m.deletedAt && (
                <IonButton
                  color="danger"
                  disabled={handle.isPending}
                  onClick={() =>
                    void presentAlert({
                      header: t('reports.removeConfirm'),
                      buttons: [
                        { text: t('cancel'), role: 'cancel' },
                        { text: t('confirm'), handler: () => act(m.id, true) },
                      ],
                    })
                  }
                >
                  {t('reports.remove')}
                </IonButton>
              )}
            </div>
          </li>
        ))}
      </ul>
    </AppPage>
  );
}
