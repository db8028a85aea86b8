import type { Tx } from '../db/client.ts';
import {
  events,
  itemSharing,
  mailAddresses,
  phoneNumbers,
  teamContactPersons,
  teamEvents,
  teamMembers,
  teams,
} from '../db/schema/index.ts';
import type { TeamMemberRole } from '@vereinsheim/contracts';
import { inArray } from 'drizzle-orm';
import { todayIso } from '../lib/today.ts';
import { storeTeamDocument } from '../modules/teams/index.ts';
import type { FileStore } from '../modules/media/index.ts';
import { demoId } from './ids.ts';
import { demoPdf } from './demo-pdf.ts';

const person = (key: string) => demoId(`person:${key}`);
const tenant = (slug: string) => demoId(`tenant:${slug}`);

interface DemoTeam {
  key: string;
  slug: string;
  name: string;
  sport: string;
  description: string;
  members: [string, TeamMemberRole[]][];
  /** Keys of demo events (seed/events.ts) of the same club that belong to the team. */
  events: string[];
  contacts: {
    key: string;
    personKey?: string;
    name: string;
    function: string;
    mail?: string;
    phone?: string;
  }[];
  documents: { key: string; name: string; fileName: string; lines: string[] }[];
}

const TEAMS: DemoTeam[] = [
  {
    key: 'tsv-volleyball-mixed',
    slug: 'tsv-gruenwald',
    name: 'Volleyball Mixed 1',
    sport: 'Volleyball',
    description:
      'Mixed-Mannschaft in der Kreisliga. Training dienstags und donnerstags, 19:30 Uhr, Dreifachhalle.',
    members: [
      ['demo', ['captain', 'player']],
      ['person-1', ['player']],
      ['person-7', ['player']],
      ['person-10', ['player']],
      ['person-16', ['player']],
      ['person-4', ['trainer']],
      ['vorstand', ['manager']],
    ],
    events: ['sommerfest', 'wendelstein', 'weihnachtsfeier', 'jhv'],
    contacts: [
      {
        key: 'trainer',
        personKey: 'person-4',
        name: 'Lea Fischer',
        function: 'Trainerin',
        mail: 'volleyball-training@tsv-gruenwald.example',
        phone: '+49 89 6412 3301',
      },
      {
        key: 'lead',
        personKey: 'vorstand',
        name: 'Dr. Sabine Wagner',
        function: 'Abteilungsleitung Volleyball',
        mail: 'volleyball@tsv-gruenwald.example',
      },
    ],
    documents: [
      {
        key: 'training',
        name: 'Trainingsplan Herbst/Winter',
        fileName: 'Trainingsplan-Herbst-Winter.pdf',
        lines: [
          'Dienstag 19:30–21:30 Uhr: Technik und Aufschlag',
          'Donnerstag 19:30–21:30 Uhr: Spielzüge und Spiel',
        ],
      },
      {
        key: 'fixtures',
        name: 'Spielplan Kreisliga',
        fileName: 'Spielplan-Kreisliga.pdf',
        lines: ['1. Spieltag: Heimspiel gegen SV Pullach', '2. Spieltag: Auswärts beim TSV Unterhaching'],
      },
    ],
  },
  {
    key: 'scr-double-four',
    slug: 'sc-rheinaue',
    name: 'Frauen-Doppelvierer',
    sport: 'Rudern',
    description: 'Leistungsgruppe Doppelvierer. Wassertraining Mittwoch, Samstag und Sonntag.',
    members: [
      ['demo', ['player']],
      ['person-2', ['player']],
      ['person-8', ['player']],
      ['person-20', ['player']],
      ['person-26', ['assistant']],
      ['person-14', ['trainer']],
    ],
    events: ['rheinuferlauf', 'schwimmfest'],
    contacts: [
      {
        key: 'trainer',
        personKey: 'person-14',
        name: 'Laura Schwarz',
        function: 'Trainerin',
        mail: 'rudern@sc-rheinaue.example',
      },
      {
        key: 'boathouse',
        name: 'Bootshaus SC Rheinaue',
        function: 'Bootshauswart',
        phone: '+49 221 3398 120',
      },
    ],
    documents: [
      {
        key: 'regatta',
        name: 'Regattakalender',
        fileName: 'Regattakalender.pdf',
        lines: ['Frühjahrsregatta Essen-Baldeney', 'Herbstregatta Köln-Fühlinger See'],
      },
    ],
  },
];

/**
 * Two demo teams with members, contact persons and documents (bytes under DATA_DIR/files/teams),
 * plus a mail and a phone number that two teammates shared with their club (so the team page
 * shows contact data for them and for no one else). Idempotent (fixed ids).
 */
export async function seedTeams(tx: Tx, options: { files?: FileStore } = {}): Promise<void> {
  const year = todayIso().slice(0, 4);
  await tx
    .insert(teams)
    .values(
      TEAMS.map((t) => ({
        id: demoId(`team:${t.key}`),
        tenantId: tenant(t.slug),
        name: t.name,
        sport: t.sport,
        description: t.description,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(teamMembers)
    .values(
      TEAMS.flatMap((t) =>
        t.members.flatMap(([key, roles]) =>
          roles.map((role) => ({
            id: demoId(`team-member:${t.key}:${key}:${role}`),
            teamId: demoId(`team:${t.key}`),
            personId: person(key),
            role,
          })),
        ),
      ),
    )
    .onConflictDoNothing();
  await tx
    .insert(teamContactPersons)
    .values(
      TEAMS.flatMap((t) =>
        t.contacts.map((c, i) => ({
          id: demoId(`team-contact:${t.key}:${c.key}`),
          teamId: demoId(`team:${t.key}`),
          tenantId: tenant(t.slug),
          personId: c.personKey ? person(c.personKey) : null,
          name: c.name,
          function: c.function,
          mail: c.mail ?? null,
          phone: c.phone ?? null,
          position: i,
        })),
      ),
    )
    .onConflictDoNothing();

  // Links only to demo events that exist: seedDemoData runs this after the events seed.
  await seedTeamEvents(tx);

  if (options.files) {
    for (const t of TEAMS) {
      for (const d of t.documents) {
        await storeTeamDocument(tx, options.files, {
          id: demoId(`team-document:${t.key}:${d.key}`),
          tenantId: tenant(t.slug),
          teamId: demoId(`team:${t.key}`),
          name: d.name,
          fileName: d.fileName,
          contentType: 'application/pdf',
          bytes: await demoPdf(`${t.name}: ${d.name} ${year}`, d.lines),
        });
      }
    }
  }

  // Lukas shares a mail address (intern) and Sophie a phone number (extern) with TSV Grünwald.
  await tx
    .insert(mailAddresses)
    .values({
      id: demoId('mail:person-1:team'),
      personId: person('person-1'),
      email: 'lukas.mueller@mail.example',
    })
    .onConflictDoNothing();
  await tx
    .insert(phoneNumbers)
    .values({
      id: demoId('phone:person-10:team'),
      personId: person('person-10'),
      number: '+49 151 2345 6789',
    })
    .onConflictDoNothing();
  await tx
    .insert(itemSharing)
    .values([
      {
        id: demoId('sharing:mail:person-1:team'),
        personId: person('person-1'),
        itemKind: 'mail',
        itemId: demoId('mail:person-1:team'),
        tenantId: tenant('tsv-gruenwald'),
        intern: true,
      },
      {
        id: demoId('sharing:phone:person-10:team'),
        personId: person('person-10'),
        itemKind: 'phone',
        itemId: demoId('phone:person-10:team'),
        tenantId: tenant('tsv-gruenwald'),
        extern: true,
      },
    ])
    .onConflictDoNothing();
}

/** Links the demo teams to their demo events, where those events exist. Idempotent. */
export async function seedTeamEvents(tx: Tx): Promise<void> {
  const links = TEAMS.flatMap((t) =>
    t.events.map((key) => ({ teamId: demoId(`team:${t.key}`), eventId: demoId(`event:${key}`) })),
  );
  const existing = new Set(
    (
      await tx
        .select({ id: events.id })
        .from(events)
        .where(
          inArray(
            events.id,
            links.map((l) => l.eventId),
          ),
        )
    ).map((e) => e.id),
  );
  const present = links.filter((l) => existing.has(l.eventId));
  if (present.length) await tx.insert(teamEvents).values(present).onConflictDoNothing();
}
