/** A post date in the UI language (de-DE: 21.11.2026). */
export function formatPostDate(iso: string | null, language: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', { dateStyle: 'medium' }).format(date);
}
