import { IonItem, IonLabel, IonList, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useEventContactPersons } from '../api/get-event-contact-persons.ts';

/** Contact persons load and fail on their own (pending / success / failure with the message or 'unknown'). */
export function EventContactPersons({
  tenantId,
  eventId,
}: {
  tenantId: string | undefined;
  eventId: string;
}) {
  const { t } = useTranslation('events');
  const query = useEventContactPersons(tenantId, eventId);
  return (
    <section className="vh-event-section" aria-labelledby="vh-contacts-title">
      <h2 id="vh-contacts-title">{t('contacts.title')}</h2>
      {query.isPending ? (
        <IonSpinner aria-label={t('loading')} />
      ) : query.isError ? (
        <p role="alert">{t('contacts.error', { message: query.error.message || t('unknownError') })}</p>
      ) : query.data.length === 0 ? (
        <p>{t('contacts.empty')}</p>
      ) : (
        <IonList>
          {query.data.map((c) => (
            <IonItem key={c.id}>
              <IonLabel>
                <h3>{c.name}</h3>
                {c.role && <p>{c.role}</p>}
                {c.email && (
                  <p>
                    <a href={`mailto:${c.email}`}>{c.email}</a>
                  </p>
                )}
                {c.phone && (
                  <p>
                    <a href={`tel:${c.phone.replace(/\s+/g, '')}`}>{c.phone}</a>
                  </p>
                )}
              </IonLabel>
            </IonItem>
          ))}
        </IonList>
      )}
    </section>
  );
}
