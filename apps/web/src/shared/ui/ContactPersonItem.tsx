import { IonItem, IonLabel } from '@ionic/react';

/** One contact person (of an event or a team): name, role, and mail and phone as links. */
export function ContactPersonItem({
  name,
  role,
  email,
  phone,
}: {
  name: string;
  role: string | null;
  email: string | null;
  phone: string | null;
}) {
  return (
    <IonItem>
      <IonLabel>
        <h3>{name}</h3>
        {role && <p>{role}</p>}
        {email && (
          <p>
            <a href={`mailto:${email}`}>{email}</a>
          </p>
        )}
        {phone && (
          <p>
            <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
          </p>
        )}
      </IonLabel>
    </IonItem>
  );
}
