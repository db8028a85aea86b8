import { formatMoney } from '../../../shared/i18n/format.ts';
import { uiLocale } from '../../../shared/i18n/locale.ts';

/** Integer cents in the UI language: de-DE `1.234,56 €`, en-GB `€1,234.56`. */
export function formatCents(cents: number, language: string | undefined, currency = 'EUR'): string {
  return formatMoney(cents / 100, currency, language);
}

/** 19 → `19 %` (de) / `19%` (en). */
export function formatPercent(value: number, language: string | undefined): string {
  return new Intl.NumberFormat(uiLocale(language).intl, {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(value / 100);
}
