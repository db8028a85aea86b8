import { IonBadge } from '@ionic/react';
import type { EventStatus } from '@vereinsheim/contracts/events';
import { useTranslation } from 'react-i18next';

const COLORS: Record<EventStatus, string> = {
  upcoming: 'primary',
  soon: 'tertiary',
  soonstart: 'warning',
  current: 'success',
  past: 'medium',
  cancelled: 'danger',
};

/** The event status of spec §4 (thresholds: see eventStatus in @vereinsheim/contracts/events). */
export function EventStatusBadge({ status }: { status: EventStatus }) {
  const { t } = useTranslation('events');
  return (
    <IonBadge color={COLORS[status]} className="vh-event-status" data-status={status}>
      {t(`status.${status}`)}
    </IonBadge>
  );
}
