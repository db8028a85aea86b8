import { IonItem, IonLabel } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useHonors } from '../api/get-honors.ts';
import { formatDay } from '../../../shared/i18n/format.ts';
import { PagedListPage } from '../../../shared/ui/PagedListPage.tsx';

/** /honors: the person's honors with date, awarding body and description. */
export default function HonorsPage() {
  const { t, i18n } = useTranslation('awards');
  return (
    <PagedListPage
      title={t('honorsTitle')}
      texts={{ empty: t('honorsEmpty') }}
      query={useHonors()}
      renderItem={(honor) => (
        <IonItem key={honor.id}>
          <IonLabel>
            <h2>{honor.name}</h2>
            <p>
              {t('awardedBy', {
                body: honor.awardingBody,
                date: formatDay(honor.awardedOn, i18n.resolvedLanguage),
              })}
            </p>
            {honor.description && <p>{honor.description}</p>}
          </IonLabel>
        </IonItem>
      )}
    />
  );
}
