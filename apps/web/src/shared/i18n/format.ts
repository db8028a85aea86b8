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
