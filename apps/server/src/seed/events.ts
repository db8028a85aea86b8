import PDFDocument from 'pdfkit';
import type { RegistrationStatus } from '@vereinsheim/contracts';
import type { Tx } from '../db/client.ts';
import {
  eventContactPersons,
  eventContracts,
  eventDisciplineLinks,
  eventDisciplines,
  eventDivisionLinks,
  eventDivisions,
  eventPriceOptions,
  eventRegistrationHistory,
  eventRegistrations,
  events,
} from '../db/schema/index.ts';
import { storeEventDocument } from '../modules/events/index.ts';
import type { FileStore } from '../modules/media/index.ts';
import { demoId } from './ids.ts';

const person = (key: string) => demoId(`person:${key}`);
const tenant = (slug: string) => demoId(`tenant:${slug}`);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const DISCIPLINES = ['Fußball', 'Laufen', 'Leichtathletik', 'Rudern', 'Schwimmen', 'Turnen', 'Wandern'];
const DIVISIONS = ['Jugend U14', 'Jugend U18', 'Erwachsene', 'Senioren Ü50', 'Offen für alle'];

interface DemoPrice {
  key: string;
  name: string;
  kind: 'price' | 'option';
  amount: number;
  required?: boolean;
  group?: string;
  description?: string;
}

interface DemoEvent {
  key: string;
  club: 'tsv-gruenwald' | 'sc-rheinaue' | 'rv-alster';
  name: string;
  description: string;
  /** Start relative to midnight (Berlin winter time) of the seeding day, or to the seeding time itself. */
  startsIn: number;
  relativeToNow?: boolean;
  durationHours: number;
  place: { name: string; street: string; streetNumber: string; zip: string; city: string };
  organiser: string;
  disciplines: string[];
  divisions: string[];
  maxParticipants: number | null;
  maxWaiting?: number;
  registrationOpen?: boolean;
  registrationDeadlineIn?: number;
  freeCancellationIn?: number;
  requiresApproval?: boolean;
  /** The event shows participants who agree a list of each other. */
  showParticipants?: boolean;
  visibility?: 'members' | 'public';
  cancelled?: boolean;
  prices?: DemoPrice[];
  contacts?: { name: string; role: string; email?: string; phone?: string }[];
  documents?: { key: string; fileName: string; kind: 'pdf' | 'text'; title: string; lines: string[] }[];
  registrations?: [string, RegistrationStatus][];
}

/** Persons of the generated demo population who belong to TSV Grünwald (see seed/demo.ts). */
const TSV_CROWD = [1, 4, 7, 10, 13, 16, 19, 22, 25, 15].map((n) => `person-${n}`);

const EVENTS: DemoEvent[] = [
  {
    key: 'sommerfest',
    club: 'tsv-gruenwald',
    name: 'Sommerfest 2026',
    description:
      'Unser großes Vereinsfest mit Staffellauf, Kinderolympiade, Grill und Live-Musik. Familie und Freunde sind herzlich willkommen!',
    startsIn: 20 * DAY + 14 * HOUR,
    durationHours: 8,
    place: {
      name: 'Sportpark Grünwald',
      street: 'Ebertstraße',
      streetNumber: '1',
      zip: '82031',
      city: 'Grünwald',
    },
    organiser: 'TSV Grünwald 1894 e.V.',
    disciplines: ['Leichtathletik', 'Laufen'],
    divisions: ['Offen für alle'],
    maxParticipants: 120,
    maxWaiting: 20,
    registrationDeadlineIn: 17 * DAY,
    freeCancellationIn: 14 * DAY,
    prices: [
      { key: 'member', name: 'Mitglied', kind: 'price', amount: 10 },
      { key: 'guest', name: 'Gast', kind: 'price', amount: 15 },
      { key: 'grill', name: 'Grillteller', kind: 'option', amount: 6.5, required: true, group: 'Essen' },
      { key: 'veggie', name: 'Vegetarischer Teller', kind: 'option', amount: 6.5, group: 'Essen' },
      {
        key: 'shirt',
        name: 'Festival-T-Shirt',
        kind: 'option',
        amount: 12,
        description: 'Größe bei Abholung',
      },
    ],
    contacts: [
      {
        name: 'Dr. Sabine Wagner',
        role: 'Organisation',
        email: 'vorstand@vereinsheim.example',
        phone: '+49 89 1234567',
      },
      { name: 'Lukas Müller', role: 'Helferkoordination', email: 'helfer@tsv-gruenwald.example' },
    ],
    documents: [
      {
        key: 'ausschreibung',
        fileName: 'Ausschreibung Sommerfest 2026.pdf',
        kind: 'pdf',
        title: 'Sommerfest 2026 – Ausschreibung',
        lines: [
          'Beginn: 14:00 Uhr, Sportpark Grünwald',
          'Anmeldung über das Vereinsportal',
          'Startgeld: 10 € (Gäste 15 €)',
        ],
      },
      {
        key: 'lageplan',
        fileName: 'Anfahrt und Parken.txt',
        kind: 'text',
        title: 'Anfahrt',
        lines: ['Parkplätze an der Ebertstraße.', 'Mit der Tram 25 bis Haltestelle Derbolfinger Platz.'],
      },
    ],
    registrations: [
      ['demo', 'participating'],
      ['person-1', 'participating'],
      ['person-4', 'participating'],
    ],
  },
  {
    key: 'wendelstein',
    club: 'tsv-gruenwald',
    name: 'Bergwanderung Wendelstein',
    description:
      'Geführte Tour über den Wendelstein (ca. 900 Hm). Festes Schuhwerk erforderlich. Nur 10 Plätze!',
    startsIn: 9 * DAY + 7 * HOUR,
    durationHours: 10,
    place: {
      name: 'Wanderparkplatz Birkenstein',
      street: 'Birkenstein',
      streetNumber: '2',
      zip: '83730',
      city: 'Fischbachau',
    },
    organiser: 'Abteilung Bergsport',
    disciplines: ['Wandern'],
    divisions: ['Erwachsene'],
    maxParticipants: 10,
    maxWaiting: 3,
    freeCancellationIn: 7 * DAY,
    prices: [{ key: 'bus', name: 'Busfahrt', kind: 'price', amount: 18 }],
    contacts: [{ name: 'Jonas Becker', role: 'Tourenleitung', phone: '+49 170 5550123' }],
    registrations: [
      ...TSV_CROWD.map((k): [string, RegistrationStatus] => [k, 'participating']),
      ['pruefer', 'waiting'],
      ['demo', 'waiting'],
    ],
  },
  {
    key: 'vereinsmeisterschaft',
    club: 'tsv-gruenwald',
    name: 'Vereinsmeisterschaft Leichtathletik',
    description: 'Sprint, Weitsprung und Kugelstoßen für alle Altersklassen. Die Siegerehrung ist um 17 Uhr.',
    startsIn: -2 * HOUR,
    relativeToNow: true,
    durationHours: 7,
    place: {
      name: 'Stadion Grünwald',
      street: 'Südliche Münchner Straße',
      streetNumber: '40',
      zip: '82031',
      city: 'Grünwald',
    },
    organiser: 'Abteilung Leichtathletik',
    disciplines: ['Leichtathletik'],
    divisions: ['Jugend U14', 'Jugend U18', 'Erwachsene'],
    maxParticipants: 60,
    prices: [{ key: 'start', name: 'Startgeld', kind: 'price', amount: 5 }],
    registrations: [
      ['demo', 'participating'],
      ['person-7', 'participating'],
    ],
  },
  {
    key: 'jhv',
    club: 'tsv-gruenwald',
    name: 'Jahreshauptversammlung',
    description: 'Berichte des Vorstands, Kassenbericht, Entlastung und Neuwahlen.',
    startsIn: -30 * DAY + 19 * HOUR,
    durationHours: 3,
    place: { name: 'Vereinsheim', street: 'Ebertstraße', streetNumber: '1', zip: '82031', city: 'Grünwald' },
    organiser: 'Vorstand',
    disciplines: [],
    divisions: ['Erwachsene'],
    maxParticipants: null,
    documents: [
      {
        key: 'protokoll',
        fileName: 'Tagesordnung.pdf',
        kind: 'pdf',
        title: 'Jahreshauptversammlung – Tagesordnung',
        lines: ['1. Begrüßung', '2. Berichte', '3. Entlastung', '4. Neuwahlen', '5. Verschiedenes'],
      },
    ],
    registrations: [
      ['demo', 'participating'],
      ['vorstand', 'participating'],
    ],
  },
  {
    key: 'weihnachtsfeier',
    club: 'tsv-gruenwald',
    name: 'Weihnachtsfeier',
    description: 'Leider abgesagt – wir holen die Feier im neuen Jahr nach.',
    startsIn: 35 * DAY + 18 * HOUR,
    durationHours: 5,
    place: { name: 'Vereinsheim', street: 'Ebertstraße', streetNumber: '1', zip: '82031', city: 'Grünwald' },
    organiser: 'Vorstand',
    disciplines: [],
    divisions: ['Offen für alle'],
    maxParticipants: 80,
    cancelled: true,
    registrations: [['demo', 'cancelled']],
  },
  {
    key: 'trainerfortbildung',
    club: 'tsv-gruenwald',
    name: 'Trainerfortbildung Kinderturnen',
    description: 'Fortbildung (8 LE) zur Lizenzverlängerung. Die Teilnahme wird vom Vorstand bestätigt.',
    startsIn: 25 * DAY + 9 * HOUR,
    durationHours: 8,
    place: {
      name: 'Turnhalle Grünwald',
      street: 'Dr.-Max-Straße',
      streetNumber: '12',
      zip: '82031',
      city: 'Grünwald',
    },
    organiser: 'Abteilung Turnen',
    disciplines: ['Turnen'],
    divisions: ['Erwachsene'],
    maxParticipants: 16,
    requiresApproval: true,
    registrations: [['demo', 'requested']],
  },
  {
    key: 'abendlauf',
    club: 'tsv-gruenwald',
    name: 'Abendlauf an der Isar',
    description: 'Lockere 8 km in zwei Tempogruppen. Gäste sind willkommen.',
    startsIn: 20 * HOUR,
    relativeToNow: true,
    durationHours: 1.5,
    place: {
      name: 'Isarbrücke Grünwald',
      street: 'Zugspitzstraße',
      streetNumber: '2',
      zip: '82031',
      city: 'Grünwald',
    },
    organiser: 'Lauftreff',
    disciplines: ['Laufen'],
    divisions: ['Offen für alle'],
    maxParticipants: 30,
    visibility: 'public',
    // An invitation without prices: the dashboard answers it with one tap.
    registrations: [
      ['vorstand', 'participating'],
      ['demo', 'invited'],
    ],
  },
  {
    key: 'helferrunde',
    club: 'tsv-gruenwald',
    name: 'Helfertreffen im Vereinsheim',
    description:
      'Wer übernimmt Grill, Kuchentheke und Aufbau? Kurze Absprache mit Getränken, der Vorstand lädt ein.',
    startsIn: 6 * DAY + 19 * HOUR,
    durationHours: 1.5,
    place: { name: 'Vereinsheim', street: 'Ebertstraße', streetNumber: '1', zip: '82031', city: 'Grünwald' },
    organiser: 'Vorstand',
    disciplines: [],
    divisions: ['Offen für alle'],
    maxParticipants: 20,
    registrations: [['demo', 'invited']],
  },
  {
    key: 'rheinuferlauf',
    club: 'sc-rheinaue',
    name: 'Rheinufer-Lauf 10 km',
    description: 'Der beliebte Volkslauf entlang des Rheins mit Zeitmessung und Zielverpflegung.',
    startsIn: 14 * DAY + 10 * HOUR,
    durationHours: 4,
    place: { name: 'Rheinpark', street: 'Auenweg', streetNumber: '17', zip: '50679', city: 'Köln' },
    organiser: 'SC Rheinaue Köln e.V.',
    disciplines: ['Laufen'],
    divisions: ['Jugend U18', 'Erwachsene', 'Senioren Ü50'],
    maxParticipants: 400,
    maxWaiting: 50,
    showParticipants: true,
    visibility: 'public',
    registrationDeadlineIn: 12 * DAY,
    freeCancellationIn: 10 * DAY,
    prices: [
      { key: 'adult', name: 'Erwachsene', kind: 'price', amount: 18 },
      { key: 'youth', name: 'Jugend (bis 18)', kind: 'price', amount: 8 },
      { key: 'chip', name: 'Leihchip Zeitmessung', kind: 'option', amount: 3, required: true },
      { key: 'shirt', name: 'Finisher-Shirt', kind: 'option', amount: 15 },
    ],
    contacts: [{ name: 'Anna Schmidt', role: 'Wettkampfbüro', email: 'lauf@sc-rheinaue.example' }],
    documents: [
      {
        key: 'streckenplan',
        fileName: 'Streckenplan.pdf',
        kind: 'pdf',
        title: 'Rheinufer-Lauf – Strecke',
        lines: ['Start und Ziel: Rheinpark', 'Wendepunkt: Mülheimer Brücke', 'Verpflegung bei km 5'],
      },
    ],
    registrations: [['demo', 'invited']],
  },
  {
    key: 'schwimmfest',
    club: 'sc-rheinaue',
    name: 'Vereinsschwimmfest',
    description: 'Staffeln und Einzelstarts über 50 m und 100 m. Kostenlose Abmeldung nur bis gestern.',
    startsIn: 5 * DAY + 9 * HOUR,
    durationHours: 6,
    place: { name: 'Agrippabad', street: 'Kämmergasse', streetNumber: '1', zip: '50676', city: 'Köln' },
    organiser: 'Abteilung Schwimmen',
    disciplines: ['Schwimmen'],
    divisions: ['Jugend U14', 'Jugend U18', 'Erwachsene'],
    maxParticipants: 50,
    freeCancellationIn: -1 * DAY,
    prices: [{ key: 'start', name: 'Meldegeld', kind: 'price', amount: 4 }],
    registrations: [['demo', 'participating']],
  },
  {
    key: 'alster-regatta',
    club: 'rv-alster',
    name: 'Alster-Regatta',
    description: 'Offene Regatta auf der Außenalster für Gigboote und Rennboote.',
    startsIn: 30 * DAY + 9 * HOUR,
    durationHours: 9,
    place: {
      name: 'Bootshaus RV Alster',
      street: 'Schöne Aussicht',
      streetNumber: '37',
      zip: '22085',
      city: 'Hamburg',
    },
    organiser: 'Ruderverein Alster Hamburg von 1870 e.V.',
    disciplines: ['Rudern'],
    divisions: ['Jugend U18', 'Erwachsene', 'Senioren Ü50'],
    maxParticipants: 200,
    visibility: 'public',
    prices: [
      { key: 'boat', name: 'Meldegeld je Boot', kind: 'price', amount: 25 },
      { key: 'dinner', name: 'Regattaessen', kind: 'option', amount: 14 },
    ],
  },
  {
    key: 'anfaengerkurs',
    club: 'rv-alster',
    name: 'Rudern für Anfänger',
    description: 'Vier Abende Grundkurs im Gigboot (nur für Mitglieder).',
    startsIn: 12 * DAY + 18 * HOUR,
    durationHours: 2,
    place: {
      name: 'Bootshaus RV Alster',
      street: 'Schöne Aussicht',
      streetNumber: '37',
      zip: '22085',
      city: 'Hamburg',
    },
    organiser: 'Ruderverein Alster Hamburg von 1870 e.V.',
    disciplines: ['Rudern'],
    divisions: ['Erwachsene'],
    maxParticipants: 8,
  },
];

function demoPdf(title: string, lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(18).text(title).moveDown();
  doc.font('Helvetica').fontSize(11);
  for (const line of lines) doc.text(line);
  doc.end();
  return done;
}

/**
 * Demo events across the three clubs: upcoming, ongoing, past and cancelled ones, with prices and
 * options, documents, contact persons, one nearly full event with a waiting list, and registrations
 * of the demo accounts in several statuses. Idempotent (fixed ids). Dates are relative to the first seeding.
 * Documents are only written when `dataDir` is given.
 */
export async function seedEvents(tx: Tx, options: { files?: FileStore }): Promise<void> {
  const id = (name: string) => demoId(`event:${name}`);
  await tx
    .insert(eventDisciplines)
    .values(DISCIPLINES.map((name) => ({ id: id(`discipline:${name}`), name })))
    .onConflictDoNothing();
  await tx
    .insert(eventDivisions)
    .values(DIVISIONS.map((name) => ({ id: id(`division:${name}`), name })))
    .onConflictDoNothing();

  const now = Date.now();
  // Midnight in Berlin (CET) of the seeding day, so that demo events start at round times.
  const midnight = Math.floor((now + HOUR) / DAY) * DAY - HOUR;
  const at = (offset: number) => new Date(Math.round((now + offset) / (5 * 60 * 1000)) * 5 * 60 * 1000);
  for (const e of EVENTS) {
    const eventId = id(e.key);
    const tenantId = tenant(e.club);
    const start = e.relativeToNow ? at(e.startsIn) : new Date(midnight + e.startsIn);
    const inserted = await tx
      .insert(events)
      .values({
        id: eventId,
        tenantId,
        creatorId: e.club === 'tsv-gruenwald' ? person('vorstand') : null,
        name: e.name,
        description: e.description,
        startsAt: start,
        endsAt: new Date(start.getTime() + e.durationHours * HOUR),
        placeName: e.place.name,
        street: e.place.street,
        streetNumber: e.place.streetNumber,
        zip: e.place.zip,
        city: e.place.city,
        country: 'Deutschland',
        countryCode: 'DE',
        organiser: e.organiser,
        registrationOpen: e.registrationOpen ?? true,
        registrationDeadline: e.registrationDeadlineIn === undefined ? null : at(e.registrationDeadlineIn),
        freeCancellationDeadline: e.freeCancellationIn === undefined ? null : at(e.freeCancellationIn),
        maxParticipants: e.maxParticipants,
        maxWaiting: e.maxWaiting ?? 0,
        requiresApproval: e.requiresApproval ?? false,
        showParticipants: e.showParticipants ?? false,
        visibility: e.visibility ?? 'members',
        cancelled: e.cancelled ?? false,
      })
      .onConflictDoNothing()
      .returning({ id: events.id });
    if (inserted.length === 0) continue; // already seeded

    if (e.disciplines.length)
      await tx
        .insert(eventDisciplineLinks)
        .values(e.disciplines.map((d) => ({ eventId, disciplineId: id(`discipline:${d}`) })));
    if (e.divisions.length)
      await tx
        .insert(eventDivisionLinks)
        .values(e.divisions.map((d) => ({ eventId, divisionId: id(`division:${d}`) })));

    const priceId = (key: string) => id(`${e.key}:price:${key}`);
    if (e.prices) {
      const contractId = id(`${e.key}:contract`);
      await tx.insert(eventContracts).values({ id: contractId, tenantId, eventId });
      await tx.insert(eventPriceOptions).values(
        e.prices.map((p, i) => ({
          id: priceId(p.key),
          contractId,
          name: p.name,
          description: p.description ?? null,
          kind: p.kind,
          amount: p.amount,
          required: p.required ?? false,
          group: p.group ?? null,
          position: i,
        })),
      );
    }
    if (e.contacts?.length) {
      await tx.insert(eventContactPersons).values(
        e.contacts.map((c, i) => ({
          id: id(`${e.key}:contact:${i}`),
          tenantId,
          eventId,
          name: c.name,
          role: c.role,
          email: c.email ?? null,
          phone: c.phone ?? null,
          position: i,
        })),
      );
    }
    if (options.files) {
      for (const doc of e.documents ?? []) {
        const bytes =
          doc.kind === 'pdf'
            ? await demoPdf(doc.title, doc.lines)
            : Buffer.from(`${doc.title}\n\n${doc.lines.join('\n')}\n`, 'utf8');
        await storeEventDocument(tx, options.files, {
          id: id(`${e.key}:document:${doc.key}`),
          tenantId,
          eventId,
          fileName: doc.fileName,
          contentType: doc.kind === 'pdf' ? 'application/pdf' : 'text/plain; charset=utf-8',
          bytes,
        });
      }
    }

    // A complete price selection per registration: the cheapest price and every required option.
    const selection: string[] = [];
    if (e.prices) {
      const first = e.prices.find((p) => p.kind === 'price');
      if (first) selection.push(priceId(first.key));
      const groups = new Set<string>();
      for (const p of e.prices.filter((o) => o.kind === 'option' && o.required)) {
        if (p.group && groups.has(p.group)) continue;
        if (p.group) groups.add(p.group);
        selection.push(priceId(p.key));
      }
    }
    const regs = e.registrations ?? [];
    for (const [i, [key, status]] of regs.entries()) {
      const registrationId = id(`${e.key}:registration:${key}`);
      const registeredAt = new Date(Math.min(now, start.getTime()) - (regs.length - i) * 3 * HOUR);
      await tx.insert(eventRegistrations).values({
        id: registrationId,
        tenantId,
        eventId,
        personId: person(key),
        status,
        priceOptionIds: status === 'invited' ? [] : selection,
        registeredAt,
        cancelledAt: status === 'cancelled' ? new Date(registeredAt.getTime() + DAY) : null,
      });
      await tx.insert(eventRegistrationHistory).values({
        registrationId,
        status,
        reason: status === 'invited' ? 'invited' : status === 'cancelled' ? 'cancelled' : 'registered',
        actorPersonId: status === 'invited' ? person('vorstand') : person(key),
        at: registeredAt,
      });
    }
  }
}
