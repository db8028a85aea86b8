import { format } from 'date-fns';
import type { EventPlace } from '@vereinsheim/contracts/events';

export function formatPlace(place: EventPlace): string {
  const street = [place.street, place.streetNumber].filter(Boolean).join(' ');
  const city = [place.zip, place.city].filter(Boolean).join(' ');
  return [place.name, street, city].filter(Boolean).join(', ');
}

/** yyyy-MM-dd of today in local time (the list's default `from`). */
export function todayIso(): string {
  return format(new Date(), 'yyyy-MM-dd');
}
