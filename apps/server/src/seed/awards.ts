import type { Tx } from '../db/client.ts';
import { honors, licenses, qualifications } from '../db/schema/index.ts';
import { addDays, todayIso } from '../lib/today.ts';
import { demoId } from './ids.ts';

/**
 * Licences (one valid, one expiring within 90 days), qualifications and honors of the demo account.
 * Validity dates are relative to the day of seeding. Idempotent (fixed ids).
 */
export async function seedAwards(tx: Tx): Promise<void> {
  const today = todayIso();
  const mia = demoId('person:demo');
  const tsv = demoId('tenant:tsv-gruenwald');
  const scr = demoId('tenant:sc-rheinaue');
  const at = (days: number) => new Date(`${addDays(today, days)}T10:00:00Z`);

  await tx
    .insert(licenses)
    .values([
      {
        id: demoId('license:trainer-c'),
        tenantId: tsv,
        personId: mia,
        name: 'Trainer-C-Lizenz Breitensport',
        issuer: 'Bayerischer Landes-Sportverband (BLSV)',
        number: 'BLSV-TC-2023-04711',
        level: 'C',
        validFrom: addDays(today, -600),
        validUntil: addDays(today, 860),
        createdAt: at(-600),
      },
      {
        id: demoId('license:referee'),
        tenantId: tsv,
        personId: mia,
        name: 'Schiedsrichterlizenz Volleyball',
        issuer: 'Bayerischer Volleyball-Verband',
        number: 'BVV-SR-18823',
        level: 'D',
        validFrom: addDays(today, -690),
        validUntil: addDays(today, 40),
        createdAt: at(-690),
      },
    ])
    .onConflictDoNothing();

  await tx
    .insert(qualifications)
    .values([
      {
        id: demoId('qualification:first-aid'),
        tenantId: tsv,
        personId: mia,
        name: 'Erste-Hilfe-Ausbildung',
        issuer: 'Deutsches Rotes Kreuz',
        number: 'DRK-EH-552190',
        level: 'Grundkurs (9 UE)',
        validFrom: addDays(today, -300),
        validUntil: addDays(today, 430),
        createdAt: at(-300),
      },
      {
        id: demoId('qualification:lifeguard'),
        tenantId: scr,
        personId: mia,
        name: 'Deutsches Rettungsschwimmabzeichen',
        issuer: 'DLRG',
        number: 'DLRG-RS-77031',
        level: 'Silber',
        validFrom: addDays(today, -760),
        validUntil: addDays(today, -30),
        createdAt: at(-760),
      },
      {
        id: demoId('qualification:boat-licence'),
        tenantId: scr,
        personId: mia,
        name: 'Obfrau-Berechtigung Ruderboote',
        issuer: 'SC Rheinaue Köln e.V.',
        number: null,
        level: 'Gig- und Rennboote',
        validFrom: addDays(today, -200),
        validUntil: null,
        createdAt: at(-200),
      },
    ])
    .onConflictDoNothing();

  await tx
    .insert(honors)
    .values([
      {
        id: demoId('honor:pin'),
        tenantId: tsv,
        personId: mia,
        name: 'Ehrennadel in Bronze',
        awardedOn: addDays(today, -400),
        awardingBody: 'TSV Grünwald 1894 e.V.',
        description: 'Für 10 Jahre Mitgliedschaft',
        createdAt: at(-400),
      },
      {
        id: demoId('honor:champion'),
        tenantId: scr,
        personId: mia,
        name: 'Vereinsmeisterin im Einer',
        awardedOn: addDays(today, -150),
        awardingBody: 'SC Rheinaue Köln e.V.',
        description: 'Vereinsmeisterschaft auf dem Fühlinger See',
        createdAt: at(-150),
      },
      {
        id: demoId('honor:volunteer'),
        tenantId: tsv,
        personId: mia,
        name: 'Ehrenamtspreis des Landkreises',
        awardedOn: addDays(today, -30),
        awardingBody: 'Landkreis München',
        description: 'Für die ehrenamtliche Jugendarbeit in der Volleyballabteilung',
        createdAt: at(-30),
      },
    ])
    .onConflictDoNothing();
}
