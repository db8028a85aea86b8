import type { EventStatus } from '@vereinsheim/contracts/events';

/** The Ionic colour of each event status: the lists' badges and the calendar's events (spec §4). */
export const EVENT_STATUS_COLORS: Record<EventStatus, string> = {
  upcoming: 'primary',
  soon: 'tertiary',
  soonstart: 'warning',
  current: 'success',
  past: 'medium',
  cancelled: 'danger',
};
