import { uiLocale } from './locale.ts';

/**
 * Dates and amounts in the UI language (`language` is a language tag such as i18next's `resolvedLanguage`).
 * Invalid or missing input gives ''.
 */

/** A calendar date (YYYY-MM-DD), whatever the time zone: de `21.11.2026`, en `21 Nov 2026`. */
export function formatDay(isoDate: string | null | undefined, language: string | undefined): string {
  if (!isoDate) return '';
  const date = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(uiLocale(language).intl, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    date,
  );
}

/** The local date of a point in time: de `21.11.2026`. */
export function formatDate(iso: string | null | undefined, language: string | undefined): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(uiLocale(language).intl, { dateStyle: 'medium' }).format(date);
}

/** The local date and time of a point in time: de `21.11.2026, 18:30`. */
export function formatDateTime(iso: string | null | undefined, language: string | undefined): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(uiLocale(language).intl, { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** An amount in a currency: de `1.234,56 €`, en `€1,234.56`. */
export function formatMoney(amount: number, currency: string, language: string | undefined): string {
  return new Intl.NumberFormat(uiLocale(language).intl, { style: 'currency', currency }).format(amount);
}

const intlFormat = (language: string | undefined, options: Intl.DateTimeFormatOptions, date: Date) =>
  new Intl.DateTimeFormat(uiLocale(language).intl, options).format(date);
const valid = (iso: string | Date | null | undefined): Date | null => {
  const date = iso instanceof Date ? iso : iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** The local date with its weekday, written out: de `Samstag, 21. November 2026`, en `Saturday, 21 November 2026`. */
export function formatLongDate(iso: string | Date | null | undefined, language: string | undefined): string {
  const date = valid(iso);
  return date ? intlFormat(language, { dateStyle: 'full' }, date) : '';
}

/** The local date with a short weekday: de `Sa., 21. Nov. 2026`, en `Sat, 21 Nov 2026`. */
export function formatShortDate(iso: string | Date | null | undefined, language: string | undefined): string {
  const date = valid(iso);
  return date
    ? intlFormat(language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }, date)
    : '';
}

/** Weekday and day without the year (a calendar's agenda): de `Sa., 21. Nov.`, en `Sat 21 Nov`. */
export function formatWeekdayDay(
  iso: string | Date | null | undefined,
  language: string | undefined,
): string {
  const date = valid(iso);
  return date ? intlFormat(language, { weekday: 'short', day: 'numeric', month: 'short' }, date) : '';
}

/** The local time: `18:30` (24-hour clock in both languages). */
export function formatTime(iso: string | Date | null | undefined, language: string | undefined): string {
  const date = valid(iso);
  return date ? intlFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, date) : '';
}

/**
 * From start to end: the times on one day (`09:00 – 10:30`), else day and time of each
 * (de `22. Nov., 09:00 – 24. Nov., 17:00`, en `22 Nov, 09:00 – 24 Nov, 17:00`).
 */
export function formatTimeRange(
  start: string | Date,
  end: string | Date,
  language: string | undefined,
): string {
  const s = valid(start);
  const e = valid(end);
  if (!s || !e) return '';
  if (s.toDateString() === e.toDateString()) return `${formatTime(s, language)} – ${formatTime(e, language)}`;
  const dayTime = (d: Date) =>
    intlFormat(
      language,
      { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
      d,
    );
  return `${dayTime(s)} – ${dayTime(e)}`;
}
