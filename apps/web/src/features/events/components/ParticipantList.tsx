import { IonItem, IonLabel, IonList, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/client.ts';
import { useEventParticipants } from '../api/get-event-participants.ts';

/**
 * Who else is coming, where the organiser shows it: participants who agreed to be named. Members of the
 * club and registered persons see it; for anyone else the server refuses (403) and the section says so.
 */
export function ParticipantList({ eventId, enabled }: { eventId: string; enabled: boolean }) {
  const { t } = useTranslation('events');
  const query = useEventParticipants(eventId, enabled);
  if (!enabled) return null;
  return (
    <section className="vh-event-section" aria-labelledby="vh-participants-title">
      <h2 id="vh-participants-title">{t('participants.title')}</h2>
      {query.isPending ? (
        <IonSpinner aria-label={t('loading')} />
      ) : query.isError ? (
        <p>
          {isApiError(query.error) && query.error.status === 403
            ? t('participants.onlyRegistered')
            : t('participants.error')}
        </p>
      ) : (
        <>
          <p>{t('participants.count', { count: query.data.participantCount })}</p>
          {query.data.items.length === 0 ? (
            <p>{t('participants.noneListed')}</p>
          ) : (
            <IonList>
              {query.data.items.map((p) => (
                <IonItem key={p.personId}>
                  <IonLabel>{p.name}</IonLabel>
                </IonItem>
              ))}
            </IonList>
          )}
        </>
      )}
    </section>
  );
}
