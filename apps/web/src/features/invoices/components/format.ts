import { formatMoney, numberFormat } from '../../../shared/i18n/format.ts';

const PERCENT: Intl.NumberFormatOptions = { style: 'percent', maximumFractionDigits: 2 };

/** Integer cents in the UI language: de-DE `1.234,56 €`, en-GB `€1,234.56`. */
export function formatCents(cents: number, language: string | undefined, currency = 'EUR'): string {
  return formatMoney(cents / 100, currency, language);
}

/** 19 → `19 %` (de) / `19%` (en). */
export function formatPercent(value: number, language: string | undefined): string {
  return numberFormat(language, PERCENT).format(value / 100);
}
