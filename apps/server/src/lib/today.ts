import { dateTimeFormat } from './intl.ts';

/** Today's calendar date (YYYY-MM-DD) where the clubs are: Europe/Berlin. */
export function todayIso(now = new Date(), timeZone = 'Europe/Berlin'): string {
  return dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Adds whole days to an ISO date. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
