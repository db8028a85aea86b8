import { format } from 'date-fns';
import type { EventPlace } from '@vereinsheim/contracts/events';
import { uiLocale } from '../../../shared/i18n/locale.ts';

const dateLocale = (language: string | undefined) => uiLocale(language).dateFns;

export function formatEventDate(iso: string, language: string | undefined): string {
  return format(new Date(iso), 'EEEE, d. MMMM yyyy', { locale: dateLocale(language) });
}

export function formatShortDate(iso: string, language: string | undefined): string {
  return format(new Date(iso), 'EEE, d. MMM yyyy', { locale: dateLocale(language) });
}

export function formatTimeRange(start: string, end: string, language: string | undefined): string {
  const s = new Date(start);
  const e = new Date(end);
  const locale = dateLocale(language);
  const sameDay = s.toDateString() === e.toDateString();
  return sameDay
    ? `${format(s, 'HH:mm', { locale })} – ${format(e, 'HH:mm', { locale })}`
    : `${format(s, 'd. MMM HH:mm', { locale })} – ${format(e, 'd. MMM HH:mm', { locale })}`;
}

export function formatDateTime(iso: string, language: string | undefined): string {
  return format(new Date(iso), 'd. MMM yyyy, HH:mm', { locale: dateLocale(language) });
}

export function formatPlace(place: EventPlace): string {
  const street = [place.street, place.streetNumber].filter(Boolean).join(' ');
  const city = [place.zip, place.city].filter(Boolean).join(' ');
  return [place.name, street, city].filter(Boolean).join(', ');
}

/** yyyy-MM-dd of today in local time (the list's default `from`). */
export function todayIso(): string {
  return format(new Date(), 'yyyy-MM-dd');
}
