import { uiLocale } from './locale.ts';

/**
 * Dates and amounts in the UI language (`language` is a language tag such as i18next's `resolvedLanguage`).
 * Invalid or missing input gives ''.
 */

/**
 * One formatter per locale and option set, made on first use: creating an `Intl` formatter costs far more than
 * formatting with it, and a list formats every row. Option sets are module constants (here and in the features),
 * so their identity is the key.
 */
function cached<O extends object, F>(make: (locale: string, options: O) => F) {
  const formats = new WeakMap<O, Map<string, F>>();
  return (language: string | undefined, options: O): F => {
    const locale = uiLocale(language).intl;
    let byLocale = formats.get(options);
    if (!byLocale) formats.set(options, (byLocale = new Map<string, F>()));
    let format = byLocale.get(locale);
    if (!format) byLocale.set(locale, (format = make(locale, options)));
    return format;
  };
}

/** The date formatter of the UI language for a constant option set. */
export const dateFormat = cached(
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);
/** The number formatter of the UI language for a constant option set. */
export const numberFormat = cached(
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);
const moneyFormats = new Map<string, Intl.NumberFormat>();

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };
const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const LONG_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'full' };
const SHORT_DATE: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
};
const WEEKDAY_DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DAY_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** A calendar date (YYYY-MM-DD), whatever the time zone: de `21.11.2026`, en `21 Nov 2026`. */
export function formatDay(isoDate: string | null | undefined, language: string | undefined): string {
  if (!isoDate) return '';
  const date = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(language, DAY).format(date);
}

/** The local date of a point in time: de `21.11.2026`. */
export function formatDate(iso: string | null | undefined, language: string | undefined): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return dateFormat(language, DATE).format(date);
}

/**
 * Makes the date-and-time formatter of `language` (formatDateTime) before its first use. A page's first
 * `Intl.DateTimeFormat` loads the engine's date-format data: 20–100 ms on a server core in Chromium, four times that
 * on a slow phone; later ones take 0.1–3 ms.
 */
export function prepareDateTimeFormat(language: string | undefined): void {
  dateFormat(language, DATE_TIME);
}

/** What the date-format worker is sent (date-format.worker.ts): the formatter to make. */
export interface DateFormatWarmUp {
  locale: string;
  options: Intl.DateTimeFormatOptions;
}

/**
 * Has the engine load its date-format data in a worker, beside the main thread (issue 14 §6; ADR 0027, amendment
 * of 2026-11-29). The engine keeps that data per process (ICU's caches), and a dedicated worker runs in its page's
 * process: once the worker has made formatDateTime's formatter, the main thread's first one takes about a
 * millisecond instead of a long task of its own. The start-up calls this as soon as a session is found, while the
 * page's code and data are still on their way. Where no worker can start (no `Worker`, or its script fails), the
 * formatter is made on the main thread in a task of its own, as before.
 */
export function warmUpDateTimeFormat(language: string | undefined): void {
  const prepareHere = () => setTimeout(() => prepareDateTimeFormat(language), 0);
  if (typeof Worker === 'undefined') {
    prepareHere();
    return;
  }
  let worker: Worker;
  try {
    worker = new Worker(new URL('./date-format.worker.ts', import.meta.url), {
      type: 'module',
      name: 'date-format',
    });
  } catch {
    prepareHere();
    return;
  }
  worker.addEventListener('message', () => worker.terminate());
  worker.addEventListener('error', () => {
    worker.terminate();
    prepareHere();
  });
  const warmUp: DateFormatWarmUp = { locale: uiLocale(language).intl, options: DATE_TIME };
  worker.postMessage(warmUp);
}

/** The local date and time of a point in time: de `21.11.2026, 18:30`. */
export function formatDateTime(iso: string | null | undefined, language: string | undefined): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return dateFormat(language, DATE_TIME).format(date);
}

/** An amount in a currency: de `1.234,56 €`, en `€1,234.56`. */
export function formatMoney(amount: number, currency: string, language: string | undefined): string {
  const locale = uiLocale(language).intl;
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format)
    moneyFormats.set(key, (format = new Intl.NumberFormat(locale, { style: 'currency', currency })));
  return format.format(amount);
}

/**
 * An IBAN in groups of four, as on a bank statement: `DE34 7025 0150 0028 4193 70`. Spaces already in it are dropped
 * first; a masked IBAN keeps its stars (`DE89 **** **** **** **** 00`).
 */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

const valid = (iso: string | Date | null | undefined): Date | null => {
  const date = iso instanceof Date ? iso : iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** The local date with its weekday, written out: de `Samstag, 21. November 2026`, en `Saturday, 21 November 2026`. */
export function formatLongDate(iso: string | Date | null | undefined, language: string | undefined): string {
  const date = valid(iso);
  return date ? dateFormat(language, LONG_DATE).format(date) : '';
}

/** The local date with a short weekday: de `Sa., 21. Nov. 2026`, en `Sat, 21 Nov 2026`. */
export function formatShortDate(iso: string | Date | null | undefined, language: string | undefined): string {
  const date = valid(iso);
  return date ? dateFormat(language, SHORT_DATE).format(date) : '';
}

/** Weekday and day without the year (a calendar's agenda): de `Sa., 21. Nov.`, en `Sat 21 Nov`. */
export function formatWeekdayDay(
  iso: string | Date | null | undefined,
  language: string | undefined,
): string {
  const date = valid(iso);
  return date ? dateFormat(language, WEEKDAY_DAY).format(date) : '';
}

/**
 * What a date-and-time field holds (a `datetime-local` value or an ISO time), in the reader's language: de
 * `Di., 12. Jan. 2027, 18:00`, en `Tue, 12 Jan 2027, 18:00`. The browser draws the field itself in its own locale
 * (an English browser `01/12/2027, 06:00 PM` on a German page), so the form says it once more under the field.
 */
export function formatFieldDateTime(value: string | null | undefined, language: string | undefined): string {
  const date = valid(value);
  return date ? `${formatShortDate(date, language)}, ${formatTime(date, language)}` : '';
}

/** What a date field holds (`YYYY-MM-DD`), in the reader's language, with its weekday: de `Di., 12. Jan. 2027`. */
export function formatFieldDate(value: string | null | undefined, language: string | undefined): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!parts) return '';
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  // 2027-02-30 is no date (Date would roll it over to 2 March).
  if (date.getMonth() !== month - 1 || date.getDate() !== day) return '';
  return formatShortDate(date, language);
}

/** The local time: `18:30` (24-hour clock in both languages). */
export function formatTime(iso: string | Date | null | undefined, language: string | undefined): string {
  const date = valid(iso);
  return date ? dateFormat(language, TIME).format(date) : '';
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
  const dayTime = (d: Date) => dateFormat(language, DAY_TIME).format(d);
  return `${dayTime(s)} – ${dayTime(e)}`;
}
