import { todayIso } from '../../apps/server/src/lib/today.ts';

/**
 * Demo names that follow the day the demo data is seeded on (apps/server/src/seed/time.ts): the
 * club's festival is named by its season, the Lauftreff's next run by its time of day, news by their month.
 */
export const FEST_EVENT = /^(Frühlings|Sommer|Herbst|Winter)fest 20\d\d$/;
export const FEST_POST = /^(Frühlings|Sommer|Herbst|Winter)fest am Sportplatz$/;
export const NEXT_RUN = /^(Abend|Morgen)lauf an der Isar$/;
export const MEETING_POST = /^Einladung zur Mitgliederversammlung 20\d\d$/;
export const TRAINING_TIMES_POST = /^Neue Trainingszeiten ab \p{L}+$/u;

/**
 * How many Berlin midnights have passed since the demo was seeded (global-setup.ts): 0 on the
 * seeding day, 1 when a long run crosses midnight, so that 'today' in the demo is now 'yesterday'.
 * Days as the seed counts them (`todayIso`, Europe/Berlin).
 */
export function daysSinceSeeding(now = new Date()): number {
  const seededAt = process.env.E2E_SEEDED_AT;
  if (seededAt === undefined) throw new Error('E2E_SEEDED_AT is set by global-setup.ts');
  const day = (d: Date) => Date.parse(`${todayIso(d)}T00:00:00Z`);
  return Math.round((day(now) - day(new Date(seededAt))) / 86_400_000);
}
