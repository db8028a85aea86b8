import { IonButton, IonItem, IonLabel, IonList } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '@vereinsheim/contracts/routes';
import { QueryStates } from '../../../shared/ui/QueryStates.tsx';
import { useBasePerson } from '../../../shared/api/person.ts';
import { useSession } from '../../../shared/auth/session-context.tsx';
import { useClubScope } from '../../../shared/tenant-selection/index.ts';
import { useMyTenants } from '../../../shared/tenant-selection/tenants.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { useLatestNews } from '../api/get-latest-news.ts';
import { useUnreadMessages } from '../api/get-unread-messages.ts';
import { useUpcomingRegistrations } from '../api/get-upcoming-registrations.ts';
import { LatestNews } from '../components/LatestNews.tsx';
import { UnreadMessages } from '../components/UnreadMessages.tsx';
import { UpcomingEvents } from '../components/UpcomingEvents.tsx';
import '../components/dashboard.css';
import { mediaUrl } from '../../../shared/api/media.ts';
import { PullToRefresh } from '../../../shared/ui/PullToRefresh.tsx';

/** The dashboard: greets the person, their next events (invitations answered here), clubs, news and messages. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const claims = useSession()?.claims;
  const person = useBasePerson();
  const tenants = useMyTenants();
  const queryClient = useQueryClient();
  const name = person.data?.firstName ?? claims?.given_name ?? claims?.name;
  // The next events come first and their height is known only with them (invitations add answer buttons). The
  // news and messages load at the same time but show once the next events are there, so that nothing the
  // person already sees moves down (no layout shift, issue 14 §6). The next events need the clubs (their scope) and
  // come below them, so they show once the clubs are there: the clubs' list has its height then.
  const scope = useClubScope();
  const upcoming = useUpcomingRegistrations(scope.tenantIds, scope.ready);
  useLatestNews();
  useUnreadMessages();
  return (
    <AppPage title={t('title')}>
      <PullToRefresh onRefresh={() => queryClient.refetchQueries({ type: 'active' })} />
      <h2>{name ? t('greeting', { name }) : t('greetingAnonymous')}</h2>
      <section aria-labelledby="dashboard-clubs">
        <h3 id="dashboard-clubs">{t('clubsTitle')}</h3>
        <div className="vh-dashboard-clubs-body">
          <QueryStates
            query={tenants}
            texts={{ loading: t('clubsTitle'), loadError: t('loadError'), empty: t('noClubs') }}
            isEmpty={(clubs) => clubs.items.length === 0}
          >
            {(clubs) => (
              <IonList>
                {clubs.items.map((tenant) => (
                  <IonItem key={tenant.id}>
                    {tenant.avatarImageUrl && (
                      <img
                        className="vh-club-logo"
                        slot="start"
                        src={mediaUrl(tenant.avatarImageUrl)}
                        alt=""
                        width={40}
                        height={40}
                      />
                    )}
                    <IonLabel>{tenant.name}</IonLabel>
                  </IonItem>
                ))}
              </IonList>
            )}
          </QueryStates>
        </div>
        <p>
          <Link to={pathTo('clubs')}>{t('manageClubs')}</Link>
        </p>
        {tenants.data?.items.length === 0 && (
          <IonButton routerLink={pathTo('joinClub')}>{t('joinClub')}</IonButton>
        )}
      </section>
      {!tenants.isPending && <UpcomingEvents />}
      {!upcoming.isPending && (
        <>
          <LatestNews />
          <UnreadMessages />
        </>
      )}
    </AppPage>
  );
}
