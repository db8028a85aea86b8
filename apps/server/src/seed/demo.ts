import type { MembershipRole } from '@vereinsheim/contracts';
import type { Database } from '../db/client.ts';
import { accounts, identities, memberships, persons, tenants } from '../db/schema/index.ts';
import { hashPassword } from '../identity/passwords.ts';
import { demoId, demoPersonId, demoTenantId } from './ids.ts';
import { seedClubSettings } from './club-settings.ts';
import { seedInvoices } from './invoices.ts';
import { seedAwards } from './awards.ts';
import { seedTeams } from './teams.ts';
import { seedEvents } from './events.ts';
import { seedBlog } from './blog.ts';
import { seedMessages } from './messages.ts';
import { seedPersonalData } from './personal-data.ts';
import { seedValidation } from './validation.ts';

export { DEMO_INVITATION_TOKEN } from './validation.ts';
import { seedChat } from './chat.ts';
import type { FileStore } from '../modules/media/index.ts';

export const DEMO_PASSWORD = 'vereinsheim-demo';

export const DEMO_ACCOUNTS = [
  { key: 'demo', email: 'demo@vereinsheim.example', description: 'Mitglied in zwei Vereinen' },
  { key: 'pruefer', email: 'pruefer@vereinsheim.example', description: 'Prüfer (validiert Profile)' },
  { key: 'vorstand', email: 'vorstand@vereinsheim.example', description: 'Vorstand und Veranstalter' },
] as const;

export const DEMO_CLUBS = [
  { slug: 'tsv-gruenwald', name: 'TSV Grünwald 1894 e.V.', url: 'https://tsv-gruenwald.example' },
  { slug: 'sc-rheinaue', name: 'SC Rheinaue Köln e.V.', url: 'https://sc-rheinaue.example' },
  { slug: 'rv-alster', name: 'Ruderverein Alster Hamburg von 1870 e.V.', url: 'https://rv-alster.example' },
] as const;

type ClubSlug = (typeof DEMO_CLUBS)[number]['slug'];

interface DemoPerson {
  key: string;
  firstName: string;
  lastName: string;
  gender: 'male' | 'female' | 'divers' | 'noinformation';
  birthdate: string;
  birthplace: string;
  title?: string;
  roles: [ClubSlug, MembershipRole][];
}

const NAMED: DemoPerson[] = [
  {
    key: 'demo',
    firstName: 'Mia',
    lastName: 'Hoffmann',
    gender: 'female',
    birthdate: '1992-04-17',
    birthplace: 'München',
    roles: [
      ['tsv-gruenwald', 'member'],
      ['sc-rheinaue', 'member'],
      ['sc-rheinaue', 'participant'],
    ],
  },
  {
    key: 'pruefer',
    firstName: 'Jonas',
    lastName: 'Becker',
    gender: 'male',
    birthdate: '1985-09-02',
    birthplace: 'Augsburg',
    roles: [
      ['tsv-gruenwald', 'member'],
      ['tsv-gruenwald', 'reviewer'],
    ],
  },
  {
    key: 'vorstand',
    firstName: 'Sabine',
    lastName: 'Wagner',
    gender: 'female',
    birthdate: '1971-01-23',
    birthplace: 'Starnberg',
    title: 'Dr.',
    roles: [
      ['tsv-gruenwald', 'member'],
      ['tsv-gruenwald', 'committee'],
      ['tsv-gruenwald', 'organiser'],
      ['tsv-gruenwald', 'admin'],
    ],
  },
];

const FIRST = [
  'Lukas',
  'Anna',
  'Leon',
  'Lea',
  'Finn',
  'Emma',
  'Paul',
  'Hannah',
  'Felix',
  'Sophie',
  'Noah',
  'Marie',
  'Elias',
  'Laura',
  'Ben',
  'Clara',
  'Tim',
  'Lena',
  'Jan',
  'Julia',
  'Max',
  'Nele',
  'David',
  'Lina',
  'Moritz',
  'Greta',
  'Tom',
];
const LAST = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Schulz',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
  'Hofmann',
  'Hartmann',
  'Lange',
  'Schmitt',
  'Werner',
  'Krause',
  'Meier',
  'Lehmann',
  'Köhler',
  'Maier',
];
const PLACES = [
  'Köln',
  'Hamburg',
  'München',
  'Bonn',
  'Lübeck',
  'Freising',
  'Düsseldorf',
  'Kiel',
  'Rosenheim',
];
const CLUB_SLUGS: ClubSlug[] = ['tsv-gruenwald', 'sc-rheinaue', 'rv-alster'];
const OTHER_ROLES: MembershipRole[] = ['member', 'member', 'participant', 'trainer', 'member'];

function generated(): DemoPerson[] {
  return FIRST.map((firstName, i) => {
    const club = CLUB_SLUGS[i % 3]!;
    const roles: [ClubSlug, MembershipRole][] = [[club, 'member']];
    const extra = OTHER_ROLES[i % OTHER_ROLES.length]!;
    if (extra !== 'member') roles.push([club, extra]);
    if (i % 7 === 0) roles.push([CLUB_SLUGS[(i + 1) % 3]!, 'member']);
    return {
      key: `person-${i + 1}`,
      firstName,
      lastName: LAST[i % LAST.length]!,
      gender: i % 2 === 0 ? 'male' : 'female',
      birthdate: `${1960 + ((i * 7) % 50)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
      birthplace: PLACES[i % PLACES.length]!,
      roles,
    };
  });
}

export { demoPersonId, demoTenantId };

/** Seeds the demo clubs, persons and accounts. Idempotent: fixed ids, existing rows are left alone. */
/** `files`: where demo files (documents, news images) are written; without it they are left out. */
/** `now`: the moment the demo season is built around (default: the current time). */
export async function seedDemoData(
  db: Database,
  options: { issuer: string; files?: FileStore; now?: Date },
): Promise<void> {
  const people = [...NAMED, ...generated()];
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    await tx
      .insert(tenants)
      .values(
        DEMO_CLUBS.map((club) => ({
          id: demoTenantId(club.slug),
          slug: club.slug,
          name: club.name,
          primaryUrl: club.url,
          logoUrl: `/media/demo/${club.slug}-logo.svg`,
          headerImageUrl: `/media/demo/${club.slug}-header.svg`,
          themeInfos: [{ themeType: 'public', detailHeaderImage: `/media/demo/${club.slug}-header.svg` }],
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(persons)
      .values(
        people.map((p) => ({
          id: demoPersonId(p.key),
          firstName: p.firstName,
          lastName: p.lastName,
          gender: p.gender,
          birthdate: p.birthdate,
          birthplace: p.birthplace,
          title: p.title ?? null,
          setupCompleted: true,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(memberships)
      .values(
        people.flatMap((p) =>
          p.roles.map(([slug, role]) => ({
            id: demoId(`membership:${p.key}:${slug}:${role}`),
            personId: demoPersonId(p.key),
            tenantId: demoTenantId(slug),
            role,
            startsOn: '2020-01-01',
          })),
        ),
      )
      .onConflictDoNothing();
    await tx
      .insert(accounts)
      .values(
        DEMO_ACCOUNTS.map((a, i) => ({
          id: demoId(`account:${a.key}`),
          email: a.email,
          passwordHash: hashes[i]!,
          emailVerified: true,
          personId: demoPersonId(a.key),
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(identities)
      .values(
        DEMO_ACCOUNTS.map((a) => ({
          id: demoId(`identity:${a.key}:${options.issuer}`),
          issuer: options.issuer,
          subject: demoId(`account:${a.key}`),
          personId: demoPersonId(a.key),
        })),
      )
      .onConflictDoNothing();
    await seedBlog(tx, demoTenantId, { files: options.files, now: options.now });
    await seedMessages(
      tx,
      { personId: demoPersonId('demo'), tenantIdOf: demoTenantId },
      { now: options.now },
    );
    await seedPersonalData(tx);
    await seedClubSettings(tx);
    await seedInvoices(tx, { now: options.now });
    await seedAwards(tx);
    await seedEvents(tx, { files: options.files, now: options.now });
    await seedTeams(tx, { files: options.files });
    await seedValidation(tx);
    await seedChat(tx);
  });
}
