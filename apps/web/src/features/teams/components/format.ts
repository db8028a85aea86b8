import { dateFormat, numberFormat } from '../../../shared/i18n/format.ts';

const EVENT_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};
const MEGABYTES: Intl.NumberFormatOptions = { maximumFractionDigits: 1 };
const KILOBYTES: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };

/** An event time in the UI language: de-DE `Sa., 12. Dez. 2026, 18:00`. */
export function formatEventTime(iso: string, language: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(language, EVENT_TIME).format(date);
}

/** `1,2 MB`, `830 KB` in the UI language. */
export function formatFileSize(bytes: number, language: string | undefined): string {
  if (bytes >= 1024 * 1024) return `${numberFormat(language, MEGABYTES).format(bytes / 1024 / 1024)} MB`;
  return `${numberFormat(language, KILOBYTES).format(Math.max(1, bytes / 1024))} KB`;
}
