import { IonButton, IonSpinner } from '@ionic/react';
import { pathTo } from '@vereinsheim/contracts/routes';
import { useTranslation } from 'react-i18next';
import { useMyTenants } from '../../../shared/tenant-selection/tenants.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ClubSelectionList } from '../components/ClubSelectionList.tsx';
import { PullToRefresh } from '../../../shared/ui/PullToRefresh.tsx';

export default function ClubsPage() {
  const { t } = useTranslation('clubs');
  const { data, isPending, isError, refetch } = useMyTenants();
  return (
    <AppPage title={t('title')}>
      <PullToRefresh onRefresh={() => refetch()} />
      {isPending ? (
        <IonSpinner aria-label={t('title')} />
      ) : isError ? (
        <EmptyState message={t('loadError')} />
      ) : data.items.length === 0 ? (
        <EmptyState message={t('noClubs')} />
      ) : (
        <ClubSelectionList tenants={data.items} />
      )}
      <IonButton fill={data?.items.length ? 'outline' : 'solid'} routerLink={pathTo('joinClub')}>
        {t('joinClub')}
      </IonButton>
    </AppPage>
  );
}
