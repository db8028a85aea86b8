import { IonList, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { ContactPersonItem } from '../../../shared/ui/ContactPersonItem.tsx';
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
            <ContactPersonItem key={c.id} name={c.name} role={c.role} email={c.email} phone={c.phone} />
          ))}
        </IonList>
      )}
    </section>
  );
}
