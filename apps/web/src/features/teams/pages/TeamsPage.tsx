import {
  IonButton,
  IonInfiniteScroll,
  IonInfiniteScrollContent,
  IonItem,
  IonLabel,
  IonList,
  IonRefresher,
  IonRefresherContent,
  IonSpinner,
} from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { mergeTeamPages, useMyTeams } from '../api/get-my-teams.ts';

/** /teams: the teams the person plays in, coaches or manages. */
export default function TeamsPage() {
  const { t } = useTranslation('teams');
  const query = useMyTeams();
  const teams = query.data ? mergeTeamPages(query.data.pages) : [];
  const loadMoreFailed = query.isFetchNextPageError;
  return (
    <AppPage title={t('listTitle')}>
      <IonRefresher
        slot="fixed"
        onIonRefresh={(event) => {
          void query.refetch().finally(() => event.detail.complete());
        }}
      >
        <IonRefresherContent />
      </IonRefresher>
      {query.isPending ? (
        <IonSpinner aria-label={t('loading')} />
      ) : query.isError && !query.data ? (
        <EmptyState message={t('loadError')}>
          <IonButton onClick={() => void query.refetch()}>{t('retry')}</IonButton>
        </EmptyState>
      ) : teams.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : (
        <>
          <IonList aria-busy={query.isFetching}>
            {teams.map((team) => (
              <IonItem key={team.id} routerLink={`/teams/${team.id}`} detail>
                <IonLabel>
                  <h2>{team.name}</h2>
                  <p>{[team.sport, team.tenantName].filter(Boolean).join(' · ')}</p>
                  <p>
                    {t('memberCount', { count: team.memberCount })}
                    {team.myRoles.length > 0 &&
                      ` · ${t('myRoles', { roles: team.myRoles.map((r) => t(`roles.${r}`)).join(', ') })}`}
                  </p>
                </IonLabel>
              </IonItem>
            ))}
          </IonList>
          {loadMoreFailed && (
            <EmptyState message={t('loadMoreError')}>
              <IonButton onClick={() => void query.fetchNextPage()}>{t('retry')}</IonButton>
            </EmptyState>
          )}
          <IonInfiniteScroll
            disabled={!query.hasNextPage || loadMoreFailed}
            onIonInfinite={(event) => {
              const done = () => void event.target.complete();
              if (!query.hasNextPage || query.isFetchingNextPage) done();
              else void query.fetchNextPage().finally(done);
            }}
          >
            <IonInfiniteScrollContent loadingText={t('loadingMore')} />
          </IonInfiniteScroll>
        </>
      )}
    </AppPage>
  );
}
