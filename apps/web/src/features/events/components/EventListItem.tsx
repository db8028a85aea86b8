import { IonItem, IonLabel } from '@ionic/react';
import { IonNote } from '../../../shared/ui/ionic/note.ts';
import type { EventDetail } from '@vereinsheim/contracts/events';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@vereinsheim/contracts/routes';
import { EventStatusBadge } from './EventStatusBadge.tsx';
import { registrationOpensLater } from './registration-window.ts';
import { formatDateTime, formatShortDate, formatTimeRange } from '../../../shared/i18n/format.ts';

/** One event in the list: date, time, place, club, status badge, registration open or closed. */
export function EventListItem({ event }: { event: EventDetail }) {
  const { t, i18n } = useTranslation('events');
  const lang = i18n.resolvedLanguage;
  const opens = registrationOpensLater(event);
  return (
    <IonItem routerLink={pathTo('event', { id: event.id })} detail className="vh-event-item">
      <IonLabel>
        <h2>{event.name}</h2>
        <p>
          {formatShortDate(event.start, lang)} · {formatTimeRange(event.start, event.end, lang)}
        </p>
        <p>{[event.place.city ?? event.place.name, event.tenantName].filter(Boolean).join(' · ')}</p>
        <p className="vh-event-item__badges">
          <EventStatusBadge status={event.status} />{' '}
          <IonNote color={event.registrationOpen ? 'success' : 'medium'}>
            {event.registrationOpen
              ? t('registrationOpen')
              : opens
                ? t('registrationOpensAt', { date: formatDateTime(opens, lang) })
                : t('registrationClosed')}
          </IonNote>
          {event.eventProgressType !== 'nomember' && (
            <>
              {' '}
              <IonNote>{t(`progress.${event.eventProgressType}`)}</IonNote>
            </>
          )}
        </p>
      </IonLabel>
    </IonItem>
  );
}
