import { IonButton, IonItem, IonLabel, IonList, useIonRouter } from '@ionic/react';
import { add } from 'ionicons/icons';
import { useIonAlert } from '../../../shared/ui/ionic/use-ion-alert.ts';
import { pathTo } from '@vereinsheim/contracts/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import '../components/manage.css';
import '../../../shared/ui/manage.css';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { MANAGE_PAGE_SIZE, useCancelEvent, useCopyEvent, useManagedEvents } from '../api/manage.ts';
import { ClubPicker } from '../components/ClubPicker.tsx';
import { useManageClub } from '../components/manage-club.ts';
import { SearchField } from '../../../shared/ui/SearchField.tsx';
import { ToolbarAction } from '../../../shared/ui/ToolbarAction.tsx';

/** /manage/events: the club's events (paged, searchable) with edit, copy, participants and cancel. */
export default function ManageEventsPage() {
  const { t, i18n } = useTranslation('manage');
  const { club, clubs } = useManageClub();
  const tenantId = club?.id ?? '';
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const query = useManagedEvents(tenantId, keyword, page);
  const copy = useCopyEvent(tenantId);
  const cancel = useCancelEvent(tenantId);
  const [presentAlert] = useIonAlert();
  const router = useIonRouter();
  const total = query.data?.maximumcount ?? 0;
  const pages = Math.max(1, Math.ceil(total / MANAGE_PAGE_SIZE));

  const confirmCancel = (id: string, name: string) =>
    void presentAlert({
      header: t('events.cancelTitle'),
      message: t('events.cancelConfirm', { name }),
      buttons: [
        { text: t('common.back'), role: 'cancel' },
        { text: t('events.cancel'), role: 'destructive', handler: () => cancel.mutate(id) },
      ],
    });

  return (
    <AppPage
      title={t('events.title')}
      actions={
        <ToolbarAction
          icon={add}
          label={t('events.new')}
          routerLink={pathTo('manageEventNew')}
          data-testid="manage-event-new"
        />
      }
    >
      <ClubPicker club={club} clubs={clubs} />
      <SearchField
        label={t('events.search')}
        value={keyword}
        onSearch={(value) => {
          setKeyword(value);
          setPage(1);
        }}
      />
      {query.isError && <p role="alert">{t('loadError')}</p>}
      <IonList aria-label={t('events.title')}>
        {query.data?.items.map((e) => (
          <IonItem key={e.id} lines="full">
            <IonLabel className="ion-text-wrap">
              <h2>
                {e.name} {e.cancelled && <strong>({t('events.cancelled')})</strong>}
              </h2>
              <p>
                {formatDateTime(e.start, i18n.language)} ·{' '}
                {t('events.counts', { places: e.participantCount, waiting: e.waitingCount })}
              </p>
              <div className="vh-manage-actions">
                {/* Links that look like the row's other actions (and like the news list's), not underlined text. */}
                <IonButton size="small" fill="clear" routerLink={pathTo('manageEvent', { id: e.id })}>
                  {t('events.edit')}
                </IonButton>
                <IonButton
                  size="small"
                  fill="clear"
                  routerLink={pathTo('manageEventParticipants', { id: e.id })}
                >
                  {t('events.participants')}
                </IonButton>
                <IonButton
                  size="small"
                  fill="clear"
                  onClick={() =>
                    copy.mutate(e.id, {
                      onSuccess: (created) => router.push(pathTo('manageEvent', { id: created.id })),
                    })
                  }
                >
                  {t('events.copy')}
                </IonButton>
                {!e.cancelled && (
                  <IonButton
                    size="small"
                    fill="clear"
                    color="danger"
                    onClick={() => confirmCancel(e.id, e.name)}
                  >
                    {t('events.cancel')}
                  </IonButton>
                )}
              </div>
            </IonLabel>
          </IonItem>
        ))}
      </IonList>
      {query.data && query.data.items.length === 0 && <p>{t('events.empty')}</p>}
      <nav className="vh-manage-pager" aria-label={t('pager.label')}>
        <IonButton fill="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('pager.previous')}
        </IonButton>
        <span>{t('pager.page', { page, pages })}</span>
        <IonButton fill="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {t('pager.next')}
        </IonButton>
      </nav>
      {(copy.isError || cancel.isError) && <p role="alert">{(copy.error ?? cancel.error)?.message}</p>}
    </AppPage>
  );
}
