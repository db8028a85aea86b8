import { IonButton, IonItem, IonLabel, IonList } from '@ionic/react';
import { IonCheckbox } from '../../../shared/ui/ionic/checkbox.ts';
import { IonNote } from '../../../shared/ui/ionic/note.ts';
import { IonText } from '../../../shared/ui/ionic/text.ts';
import { useIonToast } from '../../../shared/ui/ionic/use-ion-toast.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/client.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { useManagedClub } from '../../../shared/tenant-selection/index.ts';
import { ManagedClubSelect } from '../../../shared/tenant-selection/ManagedClubSelect.tsx';
import { PAGE_SIZE, useClubMembers, useExportMembers } from '../api/members.ts';
import { ImportWizard } from '../components/ImportWizard.tsx';
import { MemberDetail } from '../components/MemberDetail.tsx';
import '../components/manage-members.css';
import '../../../shared/ui/manage.css';
import { SearchField } from '../../../shared/ui/SearchField.tsx';

const ADMIN = ['admin'] as const;

/** /manage/members: a club's members (club admins): search, pages, roles, import and export. */
export default function ManageMembersPage() {
  const { t } = useTranslation('manageMembers');
  const { clubs, club, setClub, isPending } = useManagedClub(ADMIN);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [includeEnded, setIncludeEnded] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const list = useClubMembers(club?.id, keyword, page, includeEnded);
  const exportCsv = useExportMembers(club?.id ?? '');
  const [presentToast] = useIonToast();
  const pages = Math.max(1, Math.ceil((list.data?.maximumcount ?? 0) / PAGE_SIZE));

  if (!isPending && !club)
    return (
      <AppPage title={t('title')}>
        <p>{t('noClub')}</p>
      </AppPage>
    );

  return (
    <AppPage title={t('title')}>
      <ManagedClubSelect
        label={t('club')}
        clubs={clubs}
        club={club}
        onChange={(id) => {
          setClub(id);
          setPage(1);
        }}
      />
      <div className="vh-manage-actions">
        <IonButton onClick={() => setImporting(true)} disabled={!club}>
          {t('import.open')}
        </IonButton>
        <IonButton
          fill="outline"
          disabled={!club || exportCsv.isPending}
          onClick={() =>
            exportCsv.mutate(undefined, {
              onError: (e) =>
                void presentToast({
                  message: (isApiError(e) && e.problem?.detail) || t('failed'),
                  duration: 5000,
                  color: 'danger',
                }),
            })
          }
        >
          {t('export')}
        </IonButton>
      </div>
      <SearchField
        label={t('search')}
        value={keyword}
        onSearch={(value) => {
          setKeyword(value);
          setPage(1);
        }}
      />
      <IonItem lines="none">
        <IonCheckbox
          checked={includeEnded}
          onIonChange={(e) => {
            setIncludeEnded(e.detail.checked);
            setPage(1);
          }}
          labelPlacement="end"
        >
          {t('includeEnded')}
        </IonCheckbox>
      </IonItem>
      {list.isError && (
        <IonText color="danger">
          <p role="alert">{(isApiError(list.error) && list.error.problem?.detail) || t('failed')}</p>
        </IonText>
      )}
      <p aria-live="polite">{list.data && t('count', { count: list.data.maximumcount })}</p>
      <IonList aria-label={t('listLabel')} aria-busy={list.isFetching}>
        {list.data?.items.map((m) => (
          <IonItem key={m.personId} button detail onClick={() => setSelected(m.personId)}>
            <IonLabel>
              <h2>
                {m.lastName}, {m.firstName}
              </h2>
              <p>{m.emails.join(', ') || t('noSharedMail')}</p>
              <p>
                {m.roles
                  .filter((r) => r.active)
                  .map((r) => t(`role.${r.role}`))
                  .join(', ') || t('ended')}
              </p>
            </IonLabel>
          </IonItem>
        ))}
      </IonList>
      {pages > 1 && (
        <div className="vh-manage-pager">
          <IonButton fill="clear" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </IonButton>
          <IonNote>{t('page', { page, pages })}</IonNote>
          <IonButton fill="clear" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('next')}
          </IonButton>
        </div>
      )}
      {club && (
        <>
          <MemberDetail tenantId={club.id} personId={selected} onClose={() => setSelected(null)} />
          <ImportWizard tenantId={club.id} open={importing} onClose={() => setImporting(false)} />
        </>
      )}
    </AppPage>
  );
}
