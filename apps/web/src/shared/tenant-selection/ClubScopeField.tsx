import { IonSelect, IonSelectOption } from '../ui/ionic/select.ts';
import { useTranslation } from 'react-i18next';
import { ALL_CLUBS, type ClubScope } from './scope.ts';

/** The value standing for a selection of several clubs (made on /clubs), shown with their names. */
const SEVERAL = 'several';

/** The select of ClubScopeSelect: the club shown, all clubs, or the several clubs chosen on /clubs. */
export default function ClubScopeField({ scope }: { scope: ClubScope }) {
  const { t } = useTranslation('common');
  const several = scope.clubs.length > 1;
  const value = scope.clubs.length === 0 ? ALL_CLUBS : several ? SEVERAL : scope.clubs[0]!.id;
  return (
    <IonSelect
      label={t(several ? 'clubScope.labelSeveral' : 'clubScope.label')}
      labelPlacement="start"
      justify="start"
      interface="popover"
      value={value}
      onIonChange={(e) => {
        const chosen = String(e.detail.value);
        if (chosen !== SEVERAL) scope.choose(chosen);
      }}
    >
      <IonSelectOption value={ALL_CLUBS}>{t('clubScope.all')}</IonSelectOption>
      {several && (
        <IonSelectOption value={SEVERAL}>{scope.clubs.map((club) => club.name).join(', ')}</IonSelectOption>
      )}
      {scope.allClubs.map((club) => (
        <IonSelectOption key={club.id} value={club.id}>
          {club.name}
        </IonSelectOption>
      ))}
    </IonSelect>
  );
}
