import type { EventDetail } from '@vereinsheim/contracts/events';

/** The time registration opens when it lies ahead (and the event is neither cancelled nor closed), else null. */
export function registrationOpensLater(
  event: Pick<EventDetail, 'registrationStart' | 'cancelled'>,
  now = Date.now(),
): string | null {
  if (event.cancelled || !event.registrationStart) return null;
  return Date.parse(event.registrationStart) > now ? event.registrationStart : null;
}
