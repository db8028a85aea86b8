import { IonItem } from '@ionic/react';
import { IonSelect, IonSelectOption } from '../../../shared/ui/ionic/select.ts';
import { useTranslation } from 'react-i18next';
import { chooseManageClub, type ManageClub } from './manage-club.ts';

/** Which club the manage pages act for (only shown when the person manages more than one). */
export function ClubPicker({ club, clubs }: { club: ManageClub | null; clubs: ManageClub[] }) {
  const { t } = useTranslation('manage');
  if (clubs.length < 2 || !club) return null;
  return (
    <IonItem>
      <IonSelect
        label={t('club')}
        value={club.id}
        onIonChange={(e) => chooseManageClub(String(e.detail.value))}
        interface="popover"
      >
        {clubs.map((c) => (
          <IonSelectOption key={c.id} value={c.id}>
            {c.name}
          </IonSelectOption>
        ))}
      </IonSelect>
    </IonItem>
  );
}
