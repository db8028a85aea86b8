import { VALIDATION_SECTIONS, type ValidationSection } from '@vereinsheim/contracts';
import type { Tx } from '../db/client.ts';
import {
  addresses,
  clubInvitations,
  itemSharing,
  mailAddresses,
  persons,
  phoneNumbers,
  validationCases,
  validationClubSettings,
  validationDecisions,
} from '../db/schema/index.ts';
import { demoId, demoPersonId, demoTenantId } from './ids.ts';

/** The demo invitation link's token for TSV Grünwald (printed in the start banner). */
export const DEMO_INVITATION_TOKEN = 'tsv-gruenwald-willkommen';

const TERMS = `Satzung und Beitragsordnung des TSV Grünwald 1894 e.V.

Mit deinem Antrag erkennst du die Satzung und die Beitragsordnung an. Der Jahresbeitrag wird per Lastschrift eingezogen.

Datenschutz: Der Verein speichert deinen Namen, dein Geburtsdatum, deinen Geburtsort und deine Kontaktdaten für die Mitgliederverwaltung. Was du darüber hinaus mit dem Verein teilst, bestimmst du selbst in deinem Profil.`;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/**
 * Profile validation at TSV Grünwald for pruefer@: settings (accepts applications, terms), an invitation
 * link, and cases in several states (an application, an identity change, yearly checks). Idempotent.
 */
export async function seedValidation(tx: Tx): Promise<void> {
  const tsv = demoTenantId('tsv-gruenwald');
  const sc = demoTenantId('sc-rheinaue');
  const reviewer = demoPersonId('pruefer');
  await tx
    .insert(validationClubSettings)
    .values([
      {
        tenantId: tsv,
        acceptsApplications: true,
        reviewsIdentityChanges: true,
        termsVersion: '2026-1',
        termsText: TERMS,
      },
      {
        tenantId: sc,
        acceptsApplications: true,
        termsVersion: '3',
        termsText: 'Satzung des SC Rheinaue Köln e.V. und Hinweise zum Datenschutz.',
      },
    ])
    .onConflictDoNothing();
  await tx
    .insert(clubInvitations)
    .values({
      id: demoId('invitation:tsv'),
      tenantId: tsv,
      token: DEMO_INVITATION_TOKEN,
      label: 'Aushang Vereinsheim',
      createdBy: demoPersonId('vorstand'),
    })
    .onConflictDoNothing();

  // An applicant without an account: Emil Brandt from Pullach.
  const emil = demoPersonId('applicant-emil');
  await tx
    .insert(persons)
    .values({
      id: emil,
      firstName: 'Emil',
      lastName: 'Brandt',
      gender: 'male',
      birthdate: '2001-06-30',
      birthplace: 'Pullach',
      setupCompleted: true,
    })
    .onConflictDoNothing();
  const owned = { personId: emil, createdBy: emil };
  await tx
    .insert(addresses)
    .values({
      id: demoId('validation:emil:address'),
      ...owned,
      street: 'Habenschadenstraße',
      streetNumber: '3',
      zip: '82049',
      city: 'Pullach',
      countryCode: 'DE',
    })
    .onConflictDoNothing();
  await tx
    .insert(mailAddresses)
    .values({
      id: demoId('validation:emil:mail'),
      ...owned,
      email: 'emil.brandt@example.org',
      isDefault: true,
    })
    .onConflictDoNothing();
  await tx
    .insert(phoneNumbers)
    .values({ id: demoId('validation:emil:phone'), ...owned, number: '0176 5550123', isDefault: true })
    .onConflictDoNothing();
  await tx
    .insert(itemSharing)
    .values({
      id: demoId('validation:emil:address:tsv'),
      personId: emil,
      itemKind: 'address',
      itemId: demoId('validation:emil:address'),
      tenantId: tsv,
      intern: true,
    })
    .onConflictDoNothing();

  const cases: {
    key: string;
    personId: string;
    reason: 'application' | 'identityChange' | 'yearlyCheck';
    state: 'open' | 'in_review' | 'corrections_requested' | 'resubmitted';
    days: number;
    decided: ValidationSection[];
    correction?: { section: ValidationSection; comment: string };
  }[] = [
    { key: 'emil', personId: emil, reason: 'application', state: 'open', days: 1, decided: [] },
    {
      key: 'lukas',
      personId: demoPersonId('person-1'),
      reason: 'identityChange',
      state: 'in_review',
      days: 3,
      decided: ['info', 'profile'],
    },
    {
      key: 'lea',
      personId: demoPersonId('person-4'),
      reason: 'yearlyCheck',
      state: 'corrections_requested',
      days: 8,
      decided: VALIDATION_SECTIONS.filter((s) => s !== 'address'),
      correction: {
        section: 'address',
        comment: 'Die Postleitzahl passt nicht zum Ort. Bitte prüf deine Adresse.',
      },
    },
    {
      key: 'sophie',
      personId: demoPersonId('person-10'),
      reason: 'yearlyCheck',
      state: 'resubmitted',
      days: 12,
      decided: VALIDATION_SECTIONS.filter((s) => s !== 'phone'),
    },
  ];
  for (const c of cases) {
    const caseId = demoId(`validation:case:${c.key}`);
    await tx
      .insert(validationCases)
      .values({
        id: caseId,
        personId: c.personId,
        tenantId: tsv,
        reason: c.reason,
        state: c.state,
        version: 1 + c.decided.length + (c.correction ? 2 : 0),
        message: c.reason === 'application' ? 'Ich möchte in der Tennisabteilung mitspielen.' : null,
        termsVersion: c.reason === 'application' ? '2026-1' : null,
        termsText: c.reason === 'application' ? TERMS : null,
        termsAcceptedAt: c.reason === 'application' ? daysAgo(c.days) : null,
        invitationId: c.reason === 'application' ? demoId('invitation:tsv') : null,
        createdAt: daysAgo(c.days),
        updatedAt: daysAgo(c.days),
      })
      .onConflictDoNothing();
    const decisions = [
      ...c.decided.map((section) => ({ section, decision: 'approved' as const, comment: null })),
      ...(c.correction
        ? [{ section: c.correction.section, decision: 'correction' as const, comment: c.correction.comment }]
        : []),
    ];
    if (decisions.length)
      await tx
        .insert(validationDecisions)
        .values(
          decisions.map((d) => ({
            id: demoId(`validation:decision:${c.key}:${d.section}`),
            caseId,
            reviewerPersonId: reviewer,
            decidedAt: daysAgo(c.days - 1),
            ...d,
          })),
        )
        .onConflictDoNothing();
  }
}
