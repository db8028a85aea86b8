/**
 * Demo names that follow the day the demo data is seeded on (apps/server/src/seed/time.ts): the
 * club's festival is named by its season, the Lauftreff's next run by its time of day, news by their month.
 */
export const FEST_EVENT = /^(Frühlings|Sommer|Herbst|Winter)fest 20\d\d$/;
export const FEST_POST = /^(Frühlings|Sommer|Herbst|Winter)fest am Sportplatz$/;
export const NEXT_RUN = /^(Abend|Morgen)lauf an der Isar$/;
export const MEETING_POST = /^Einladung zur Mitgliederversammlung 20\d\d$/;
export const TRAINING_TIMES_POST = /^Neue Trainingszeiten ab \p{L}+$/u;
