import { IonSelect, IonSelectOption } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { ALL_CLUBS, type ClubScope } from './scope.ts';
import './club-scope.css';

/** The value standing for a selection of several clubs (made on /clubs), shown with their names. */
const SEVERAL = 'several';

/**
 * The header line of a club-scoped page: which club it shows ('Verein: TSV Grünwald', 'Alle Vereine') and the
 * switch to another club or to all of them. Its height is fixed, so the list below does not move when it loads.
 */
export function ClubScopeSelect({ scope }: { scope: ClubScope }) {
  const { t } = useTranslation('common');
  const several = scope.clubs.length > 1;
  const value = scope.clubs.length === 0 ? ALL_CLUBS : several ? SEVERAL : scope.clubs[0]!.id;
  return (
    <div className="vh-club-scope" data-testid="club-scope">
      {scope.allClubs.length > 0 && (
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
            <IonSelectOption value={SEVERAL}>
              {scope.clubs.map((club) => club.name).join(', ')}
            </IonSelectOption>
          )}
          {scope.allClubs.map((club) => (
            <IonSelectOption key={club.id} value={club.id}>
              {club.name}
            </IonSelectOption>
          ))}
        </IonSelect>
      )}
    </div>
  );
}
