const locale = (language: string | undefined) => (language === 'en' ? 'en-GB' : 'de-DE');

/** Integer cents in the UI language: de-DE `1.234,56 €`, en-GB `€1,234.56`. */
export function formatMoney(cents: number, language: string | undefined, currency = 'EUR'): string {
  return new Intl.NumberFormat(locale(language), { style: 'currency', currency }).format(cents / 100);
}

/** A calendar date (YYYY-MM-DD) in the UI language: de-DE `21.11.2026`. */
export function formatDay(isoDate: string | null, language: string | undefined): string {
  if (!isoDate) return '';
  const date = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** 19 → `19 %` (de) / `19%` (en). */
export function formatPercent(value: number, language: string | undefined): string {
  return new Intl.NumberFormat(locale(language), { style: 'percent', maximumFractionDigits: 2 }).format(
    value / 100,
  );
}
