import { uiLocale } from '../../../shared/i18n/locale.ts';

/** An event time in the UI language: de-DE `Sa., 12. Dez. 2026, 18:00`. */
export function formatEventTime(iso: string, language: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(uiLocale(language).intl, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

/** `1,2 MB`, `830 KB` in the UI language. */
export function formatFileSize(bytes: number, language: string | undefined): string {
  const locale = uiLocale(language).intl;
  if (bytes >= 1024 * 1024)
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))} KB`;
}
