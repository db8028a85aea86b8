import { IonItem, IonLabel } from '@ionic/react';
import { pathTo } from '@vereinsheim/contracts/routes';
import { useTranslation } from 'react-i18next';
import { PagedListPage } from '../../../shared/ui/PagedListPage.tsx';
import { useMyTeams } from '../api/get-my-teams.ts';

/** /teams: the teams the person plays in, coaches or manages. */
export default function TeamsPage() {
  const { t } = useTranslation('teams');
  return (
    <PagedListPage
      title={t('listTitle')}
      textsFrom="teams"
      query={useMyTeams()}
      renderItem={(team) => (
        <IonItem key={team.id} routerLink={pathTo('team', { id: team.id })} detail>
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
      )}
    />
  );
}
