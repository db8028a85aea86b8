/** A calendar date (YYYY-MM-DD) in the UI language: de-DE `21.11.2026`. */
export function formatDay(isoDate: string | null, language: string | undefined): string {
  if (!isoDate) return '';
  const date = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(date);
}
