import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { tenants } from '../db/schema/index.ts';
import { demoTenantId } from './ids.ts';

/**
 * The demo clubs' invoice data (ADR 0026): address, Steuernummer, bank account. EXAMPLE DATA: the IBANs have
 * valid check digits and real bank codes (so BIC and bank are found and a GiroCode can be drawn) but made-up
 * account numbers, distinct from every demo member's account; the tax numbers are made up too.
 */
export const DEMO_CLUB_SETTINGS = {
  'tsv-gruenwald': {
    street: 'Sportplatzstraße 12',
    city: '82031 Grünwald',
    taxNumber: '143/217/50012',
    vatId: null,
    bankAccountOwner: 'TSV Grünwald 1894 e.V.',
    bankIban: 'DE34702501500028419370',
    bankBic: 'BYLADEM1KMS',
    bankName: 'Kreissparkasse München Starnberg Ebersberg',
  },
  'sc-rheinaue': {
    street: 'Rheinuferweg 3',
    city: '50996 Köln',
    taxNumber: '219/5873/0416',
    vatId: 'DE298765431',
    bankAccountOwner: 'SC Rheinaue Köln e.V.',
    bankIban: 'DE58370501981936508244',
    bankBic: 'COLSDE33XXX',
    bankName: 'Sparkasse KölnBonn',
  },
  'rv-alster': {
    street: 'Schöne Aussicht 38',
    city: '22085 Hamburg',
    taxNumber: '17/432/01875',
    vatId: null,
    bankAccountOwner: 'Ruderverein Alster Hamburg von 1870 e.V.',
    bankIban: 'DE95200505501284657301',
    bankBic: 'HASPDEHHXXX',
    bankName: 'Hamburger Sparkasse',
  },
} as const;

/** Fills the demo clubs' invoice data where it is still empty (idempotent; a club's own changes stay). */
export async function seedClubSettings(tx: Tx): Promise<void> {
  for (const [slug, values] of Object.entries(DEMO_CLUB_SETTINGS)) {
    await tx
      .update(tenants)
      .set(values)
      .where(and(eq(tenants.id, demoTenantId(slug)), isNull(tenants.bankIban), isNull(tenants.taxNumber)));
  }
}
