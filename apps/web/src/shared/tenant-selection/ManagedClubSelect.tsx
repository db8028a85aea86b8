import { IonSelect, IonSelectOption } from '../ui/ionic/select.ts';
import '../ui/manage.css';

/**
 * The club a club-side page acts for (from `useManagedClub`): a choice when the person manages several, the
 * club's name when only one.
 */
export function ManagedClubSelect({
  label,
  clubs,
  club,
  onChange,
}: {
  label: string;
  clubs: readonly { id: string; name: string }[];
  club: { id: string; name: string } | null;
  onChange: (id: string) => void;
}) {
  if (clubs.length > 1)
    return (
      <IonSelect label={label} value={club?.id} onIonChange={(e) => onChange(String(e.detail.value))}>
        {clubs.map((c) => (
          <IonSelectOption key={c.id} value={c.id}>
            {c.name}
          </IonSelectOption>
        ))}
      </IonSelect>
    );
  return club ? <p className="vh-manage-club">{club.name}</p> : null;
}
