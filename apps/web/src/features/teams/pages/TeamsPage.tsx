import { IonItem, IonLabel, IonList } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { mergePages } from '../../../shared/api/paging.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { InfiniteList } from '../../../shared/ui/InfiniteList.tsx';
import { useMyTeams } from '../api/get-my-teams.ts';

/** /teams: the teams the person plays in, coaches or manages. */
export default function TeamsPage() {
  const { t } = useTranslation('teams');
  const query = useMyTeams();
  const teams = query.data ? mergePages(query.data.pages) : [];
  return (
    <AppPage title={t('listTitle')}>
      <InfiniteList
        query={query}
        count={teams.length}
        empty={t('empty')}
        texts={{
          loading: t('loading'),
          loadError: t('loadError'),
          retry: t('retry'),
          loadMoreError: t('loadMoreError'),
          loadingMore: t('loadingMore'),
        }}
      >
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
      </InfiniteList>
    </AppPage>
  );
}
