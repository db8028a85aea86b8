import { IonBadge } from '@ionic/react';
import type { EventStatus } from '@vereinsheim/contracts/events';
import { useTranslation } from 'react-i18next';
import { EVENT_STATUS_COLORS } from './status-colors.ts';

/** The event status of spec §4 (thresholds: see eventStatus in @vereinsheim/contracts/events). */
export function EventStatusBadge({ status }: { status: EventStatus }) {
  const { t } = useTranslation('events');
  return (
    <IonBadge color={EVENT_STATUS_COLORS[status]} className="vh-event-status" data-status={status}>
      {t(`status.${status}`)}
    </IonBadge>
  );
}
