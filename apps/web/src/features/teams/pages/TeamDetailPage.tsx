import { IonButton, IonSpinner } from '@ionic/react';
import { IonBackButton } from '../../../shared/ui/ionic/back-button.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useTeam } from '../api/get-team.ts';
import {
  ContactPersonsSection,
  DocumentsSection,
  EventsSection,
  MembersSection,
} from '../components/TeamSections.tsx';
import '../components/teams.css';
import { teamKeys } from '../api/keys.ts';
import { PullToRefresh } from '../../../shared/ui/PullToRefresh.tsx';

/** /teams/{id}: the team with members, upcoming events, documents and contact persons (each part on its own). */
export default function TeamDetailPage() {
  const { t } = useTranslation('teams');
  const { id = '' } = useParams<{ id: string }>();
  const team = useTeam(id);
  const queryClient = useQueryClient();
  const tenantId = team.data?.tenantId;

  return (
    <AppPage
      title={team.data?.name ?? t('detailTitle')}
      actions={<IonBackButton defaultHref="/teams" text={t('back')} />}
    >
      <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: teamKeys.all })} />
      <div className="vh-team">
        {team.isPending ? (
          <IonSpinner aria-label={t('loading')} />
        ) : team.isError ? (
          <EmptyState message={t('detailLoadError')}>
            <IonButton onClick={() => void team.refetch()}>{t('retry')}</IonButton>
          </EmptyState>
        ) : (
          <>
            <p>{[team.data.sport, team.data.tenantName].filter(Boolean).join(' · ')}</p>
            {team.data.description && <p>{team.data.description}</p>}
            <MembersSection members={team.data.members} />
            <EventsSection events={team.data.upcomingEvents} />
          </>
        )}
        {tenantId && (
          <>
            <DocumentsSection tenantId={tenantId} teamId={id} />
            <ContactPersonsSection tenantId={tenantId} teamId={id} />
          </>
        )}
      </div>
    </AppPage>
  );
}
