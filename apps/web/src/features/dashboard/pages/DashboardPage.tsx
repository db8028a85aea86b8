import { IonItem, IonLabel, IonList, IonRefresher, IonRefresherContent, IonSpinner } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useBasePerson } from '../../../shared/api/person.ts';
import { useSession } from '../../../shared/auth/session-context.tsx';
import { useMyTenants } from '../../../shared/tenant-selection/tenants.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { LatestNews } from '../components/LatestNews.tsx';
import { UnreadMessages } from '../components/UnreadMessages.tsx';

/** First dashboard: greets the person by name and lists their clubs. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const claims = useSession()?.claims;
  const person = useBasePerson();
  const tenants = useMyTenants();
  const queryClient = useQueryClient();
  const name = person.data?.firstName ?? claims?.given_name ?? claims?.name;
  return (
    <AppPage title={t('title')}>
      <IonRefresher
        slot="fixed"
        onIonRefresh={(event) =>
          void queryClient.refetchQueries({ type: 'active' }).finally(() => event.detail.complete())
        }
      >
        <IonRefresherContent />
      </IonRefresher>
      <h2>{name ? t('greeting', { name }) : t('greetingAnonymous')}</h2>
      <section aria-labelledby="dashboard-clubs">
        <h3 id="dashboard-clubs">{t('clubsTitle')}</h3>
        {tenants.isPending ? (
          <IonSpinner aria-label={t('clubsTitle')} />
        ) : tenants.isError ? (
          <EmptyState message={t('loadError')} />
        ) : tenants.data.items.length === 0 ? (
          <EmptyState message={t('noClubs')} />
        ) : (
          <IonList>
            {tenants.data.items.map((tenant) => (
              <IonItem key={tenant.id}>
                {tenant.avatarImageUrl && (
                  <img
                    className="vh-club-logo"
                    slot="start"
                    src={tenant.avatarImageUrl}
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
        <p>
          <Link to="/clubs">{t('manageClubs')}</Link>
        </p>
      </section>
      <LatestNews />
      <UnreadMessages />
    </AppPage>
  );
}
