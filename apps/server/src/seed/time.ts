import { addDays } from '../lib/today.ts';

/** Where the demo clubs are: demo times are local times there. */
export const DEMO_TIME_ZONE = 'Europe/Berlin';

const FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: DEMO_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const parts = (instant: Date) =>
  Object.fromEntries(FORMAT.formatToParts(instant).map((p) => [p.type, p.value])) as Record<
    'year' | 'month' | 'day' | 'hour' | 'minute',
    string
  >;

/** Berlin wall-clock fields of an instant. */
export function berlinParts(instant: Date): { date: string; month: number; hour: number; minute: number } {
  const p = parts(instant);
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    month: Number(p.month),
    hour: Number(p.hour),
    minute: Number(p.minute),
  };
}

/** The instant at which the Berlin clock shows `isoDate` `hour`:`minute` (summer and winter time). */
export function berlinTime(isoDate: string, hour: number, minute = 0): Date {
  const wanted = Date.UTC(
    Number(isoDate.slice(0, 4)),
    Number(isoDate.slice(5, 7)) - 1,
    Number(isoDate.slice(8, 10)),
    hour,
    minute,
  );
  let guess = wanted - 60 * 60 * 1000;
  for (let i = 0; i < 2; i++) {
    const p = parts(new Date(guess));
    const shown = Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
    );
    guess += wanted - shown;
  }
  return new Date(guess);
}

/** A local time `days` after the Berlin calendar day of `now`: `at(now, 3, 18, 30)` is in three days at 18:30. */
export function dayAt(now: Date, days: number, hour: number, minute = 0): Date {
  return berlinTime(addDays(berlinParts(now).date, days), hour, minute);
}

/**
 * The season of a Berlin calendar month, as used in event names: Frühling (March–May), Sommer
 * (June–August), Herbst (September–November), Winter (December–February).
 */
export function seasonOf(month: number): 'Frühling' | 'Sommer' | 'Herbst' | 'Winter' {
  if (month >= 3 && month <= 5) return 'Frühling';
  if (month >= 6 && month <= 8) return 'Sommer';
  if (month >= 9 && month <= 11) return 'Herbst';
  return 'Winter';
}

/** The club's seasonal festival on that date: 'Winterfest 2026', 'Frühlingsfest 2027', 'Sommerfest 2027', … */
export function festName(instant: Date): string {
  const { date, month } = berlinParts(instant);
  const season = seasonOf(month);
  return `${season === 'Frühling' ? 'Frühlings' : season}fest ${date.slice(0, 4)}`;
}

/** The seasonal festival (seed/events.ts 'sommerfest'): 20 days after the seeding day, 14:00. */
export const demoFestStart = (now: Date) => dayAt(now, 20, 14);

export const GERMAN_MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

/** '13. Dezember' for a Berlin date. */
export function germanDayMonth(instant: Date): string {
  const { date, month } = berlinParts(instant);
  return `${Number(date.slice(8, 10))}. ${GERMAN_MONTHS[month - 1]}`;
}
