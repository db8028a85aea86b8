import { IonItem, IonLabel } from '@ionic/react';
import { IonNote } from '../../../shared/ui/ionic/note.ts';
import type { Credential } from '@vereinsheim/contracts/awards';
import { useTranslation } from 'react-i18next';
import { CredentialStatusBadge } from './CredentialStatusBadge.tsx';
import { formatDay } from '../../../shared/i18n/format.ts';

/** A licence or qualification: name, issuer, number, level, validity and its status badge. */
export function CredentialItem({ item }: { item: Credential }) {
  const { t, i18n } = useTranslation('awards');
  const language = i18n.resolvedLanguage;
  return (
    <IonItem>
      <IonLabel>
        <h2>{item.name}</h2>
        <p>{item.issuer}</p>
        <p>
          {[
            item.level && t('level', { level: item.level }),
            item.number && t('number', { number: item.number }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p>
          {item.validUntil
            ? t('validRange', {
                from: formatDay(item.validFrom, language),
                until: formatDay(item.validUntil, language),
              })
            : t('validFromOpen', { from: formatDay(item.validFrom, language) })}
        </p>
      </IonLabel>
      <IonNote slot="end">
        <CredentialStatusBadge status={item.status} />
      </IonNote>
    </IonItem>
  );
}
