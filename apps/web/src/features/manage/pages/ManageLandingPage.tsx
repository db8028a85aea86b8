import { IonItem, IonLabel, IonList } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import '../components/manage.css';
import '../../../shared/ui/manage.css';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { ClubPicker } from '../components/ClubPicker.tsx';
import { MANAGE_AREAS, useManageClub } from '../components/manage-club.ts';

/** /manage: the club side's areas, each shown only to the roles that may use it in the chosen club. */
export default function ManageLandingPage() {
  const { t } = useTranslation('manage');
  const { club, clubs } = useManageClub();
  const areas = MANAGE_AREAS.filter((a) =>
    club?.roles.some((r) => (a.roles as readonly string[]).includes(r)),
  );
  return (
    <AppPage title={t('title')}>
      <ClubPicker club={club} clubs={clubs} />
      {club && <p>{t('intro', { club: club.name })}</p>}
      <IonList aria-label={t('title')}>
        {areas.map((a) => (
          <IonItem key={a.key}>
            <IonLabel>
              <h2>
                <Link to={a.path} className="vh-link-plain">
                  {t(`areas.${a.key}.title`)}
                </Link>
              </h2>
              <p>{t(`areas.${a.key}.description`)}</p>
            </IonLabel>
          </IonItem>
        ))}
      </IonList>
    </AppPage>
  );
}
