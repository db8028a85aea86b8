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
import { addDays, todayIso } from '../lib/today.ts';
import { berlinParts, berlinTime, dayAt, demoFestStart, festName } from './time.ts';
import { demoPdf } from './demo-pdf.ts';

const person = (key: string) => demoId(`person:${key}`);
const tenant = (slug: string) => demoId(`tenant:${slug}`);
const HOUR = 60 * 60 * 1000;

/** A Berlin wall-clock time: `days` after today (negative: before), at `hour`:`minute`. */
interface LocalTime {
  days: number;
  hour: number;
  minute?: number;
}
/** A deadline: `daysBefore` the event's start day, at `hour`:`minute` Berlin time. */
interface Deadline {
  daysBefore: number;
  hour: number;
  minute: number;
}
/** Deadlines as clubs set them: the evening before at 23:59, or 18:00. */
const endOfDay = (daysBefore: number): Deadline => ({ daysBefore, hour: 23, minute: 59 });

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
  /** The name; a function of the start where the name depends on the date (season, year, time of day). */
  name: string | ((start: Date) => string);
  description: string;
  /** Start on a local day and hour relative to the seeding day, or computed from the seeding time. */
  start: LocalTime | ((now: Date) => Date);
  durationHours: number;
  place: { name: string; street: string; streetNumber: string; zip: string; city: string };
  organiser: string;
  disciplines: string[];
  divisions: string[];
  maxParticipants: number | null;
  maxWaiting?: number;
  registrationOpen?: boolean;
  registrationDeadline?: Deadline;
  freeCancellation?: Deadline;
  requiresApproval?: boolean;
  /** The event shows participants who agree a list of each other. */
  showParticipants?: boolean;
  visibility?: 'members' | 'public';
  cancelled?: boolean;
  prices?: DemoPrice[];
  contacts?: { name: string; role: string; email?: string; phone?: string }[];
  documents?: {
    key: string;
    /** File name and title; `{name}` is replaced by the event's name. */
    fileName: string;
    kind: 'pdf' | 'text';
    title: string;
    lines: string[];
  }[];
  registrations?: [string, RegistrationStatus][];
}

/** Persons of the generated demo population who belong to TSV Grünwald (see seed/demo.ts). */
const TSV_CROWD = [1, 4, 7, 10, 13, 16, 19, 22, 25, 15].map((n) => `person-${n}`);

const EVENTS: DemoEvent[] = [
  {
    key: 'sommerfest',
    club: 'tsv-gruenwald',
    name: festName, // 'Winterfest 2026' in December, 'Sommerfest 2027' in July
    description:
      'Unser großes Vereinsfest mit Staffellauf, Kinderolympiade, Buffet und Live-Musik. Familie und Freunde sind herzlich willkommen!',
    start: demoFestStart, // the news post 'tsv-sommerfest' (seed/blog.ts) announces it
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
    registrationDeadline: endOfDay(3),
    freeCancellation: endOfDay(6),
    prices: [
      { key: 'member', name: 'Mitglied', kind: 'price', amount: 10 },
      { key: 'guest', name: 'Gast', kind: 'price', amount: 15 },
      { key: 'grill', name: 'Buffet', kind: 'option', amount: 6.5, required: true, group: 'Essen' },
      { key: 'veggie', name: 'Vegetarisches Buffet', kind: 'option', amount: 6.5, group: 'Essen' },
      {
        key: 'shirt',
        name: 'Vereins-T-Shirt',
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
        fileName: 'Ausschreibung {name}.pdf',
        kind: 'pdf',
        title: '{name} – Ausschreibung',
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
    start: { days: 9, hour: 8 },
    durationHours: 9,
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
    freeCancellation: { daysBefore: 2, hour: 18, minute: 0 },
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
    description:
      'Drei Wettkampftage mit Sprint, Weitsprung und Kugelstoßen für alle Altersklassen. Die Siegerehrung ist am letzten Tag um 17 Uhr.',
    start: { days: -1, hour: 9 }, // running whenever the demo is seeded: until tomorrow 17:00
    durationHours: 56,
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
    start: { days: -30, hour: 19 },
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
    name: 'Vereinsausflug an den Tegernsee',
    description: 'Leider abgesagt – es haben sich zu wenige angemeldet. Wir holen den Ausflug nach.',
    start: { days: 35, hour: 9 },
    durationHours: 9,
    place: {
      name: 'Bahnhof Grünwald',
      street: 'Bahnhofstraße',
      streetNumber: '1',
      zip: '82031',
      city: 'Grünwald',
    },
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
    start: { days: 25, hour: 9 },
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
    // The Lauftreff's next run, at least an hour ahead: 09:00 or 18:30 (so always within 24 hours).
    name: (start) => (berlinParts(start).hour < 12 ? 'Morgenlauf an der Isar' : 'Abendlauf an der Isar'),
    description: 'Lockere 8 km in zwei Tempogruppen. Gäste sind willkommen.',
    start: (now) =>
      [0, 1]
        .flatMap((days) => [dayAt(now, days, 9), dayAt(now, days, 18, 30)])
        .find((slot) => slot.getTime() >= now.getTime() + HOUR)!,
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
    start: { days: 6, hour: 19 },
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
    start: { days: 14, hour: 10 },
    durationHours: 4,
    place: { name: 'Rheinpark', street: 'Auenweg', streetNumber: '17', zip: '50679', city: 'Köln' },
    organiser: 'SC Rheinaue Köln e.V.',
    disciplines: ['Laufen'],
    divisions: ['Jugend U18', 'Erwachsene', 'Senioren Ü50'],
    maxParticipants: 400,
    maxWaiting: 50,
    showParticipants: true,
    visibility: 'public',
    registrationDeadline: endOfDay(2),
    freeCancellation: endOfDay(4),
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
    description:
      'Staffeln und Einzelstarts über 50 m und 100 m. Meldeschluss war gestern um 18 Uhr; das Meldegeld wird bei einer Abmeldung nicht erstattet.',
    start: { days: 5, hour: 9 },
    durationHours: 6,
    place: { name: 'Agrippabad', street: 'Kämmergasse', streetNumber: '1', zip: '50676', city: 'Köln' },
    organiser: 'Abteilung Schwimmen',
    disciplines: ['Schwimmen'],
    divisions: ['Jugend U14', 'Jugend U18', 'Erwachsene'],
    maxParticipants: 50,
    registrationDeadline: { daysBefore: 6, hour: 18, minute: 0 },
    freeCancellation: { daysBefore: 6, hour: 18, minute: 0 },
    prices: [{ key: 'start', name: 'Meldegeld', kind: 'price', amount: 4 }],
    registrations: [['demo', 'participating']],
  },
  {
    key: 'alster-regatta',
    club: 'rv-alster',
    name: 'Alster-Regatta',
    description: 'Offene Regatta auf der Außenalster für Gigboote und Rennboote.',
    start: { days: 30, hour: 9 },
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
    start: { days: 12, hour: 18 },
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

/** A demo event as seeded at `now`: its name, start, end and deadlines. */
export interface PlannedDemoEvent {
  event: DemoEvent;
  key: string;
  name: string;
  start: Date;
  end: Date;
  registrationOpen: boolean;
  cancelled: boolean;
  registrationDeadline: Date | null;
  freeCancellationDeadline: Date | null;
}

/** The demo events' names, times and deadlines when seeded at `now` (what seedEvents writes). */
export function planDemoEvents(now: Date): PlannedDemoEvent[] {
  return EVENTS.map((e) => {
    const start =
      typeof e.start === 'function' ? e.start(now) : dayAt(now, e.start.days, e.start.hour, e.start.minute);
    const startDay = berlinParts(start).date;
    const deadline = (d: Deadline | undefined) =>
      d === undefined ? null : berlinTime(addDays(startDay, -d.daysBefore), d.hour, d.minute);
    return {
      event: e,
      key: e.key,
      name: typeof e.name === 'function' ? e.name(start) : e.name,
      start,
      end: new Date(start.getTime() + e.durationHours * HOUR),
      registrationOpen: e.registrationOpen ?? true,
      cancelled: e.cancelled ?? false,
      registrationDeadline: deadline(e.registrationDeadline),
      freeCancellationDeadline: deadline(e.freeCancellation),
    };
  });
}

/**
 * Demo events across the three clubs: upcoming, ongoing, past and cancelled ones, with prices and
 * options, documents, contact persons, one nearly full event with a waiting list, and registrations
 * of the demo accounts in several statuses. Idempotent (fixed ids). Dates are relative to the first seeding
 * (`now`), on local hours in Berlin: starts between 08:00 and 19:00, deadlines at 23:59 or 18:00; names
 * that carry a season or year are taken from the day the event falls on.
 * Documents are only written when `files` is given.
 */
export async function seedEvents(tx: Tx, options: { files?: FileStore; now?: Date }): Promise<void> {
  const id = (name: string) => demoId(`event:${name}`);
  await tx
    .insert(eventDisciplines)
    .values(DISCIPLINES.map((name) => ({ id: id(`discipline:${name}`), name })))
    .onConflictDoNothing();
  await tx
    .insert(eventDivisions)
    .values(DIVISIONS.map((name) => ({ id: id(`division:${name}`), name })))
    .onConflictDoNothing();

  const nowDate = options.now ?? new Date();
  const today = todayIso(nowDate);
  for (const { event: e, name, start, end, registrationDeadline, freeCancellationDeadline } of planDemoEvents(
    nowDate,
  )) {
    const eventId = id(e.key);
    const tenantId = tenant(e.club);
    const startDay = berlinParts(start).date;
    const inserted = await tx
      .insert(events)
      .values({
        id: eventId,
        tenantId,
        creatorId: e.club === 'tsv-gruenwald' ? person('vorstand') : null,
        name,
        description: e.description,
        startsAt: start,
        endsAt: end,
        placeName: e.place.name,
        street: e.place.street,
        streetNumber: e.place.streetNumber,
        zip: e.place.zip,
        city: e.place.city,
        country: 'Deutschland',
        countryCode: 'DE',
        organiser: e.organiser,
        registrationOpen: e.registrationOpen ?? true,
        registrationDeadline,
        freeCancellationDeadline,
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
            ? await demoPdf(doc.title.replace('{name}', name), doc.lines)
            : Buffer.from(`${doc.title.replace('{name}', name)}\n\n${doc.lines.join('\n')}\n`, 'utf8');
        await storeEventDocument(tx, options.files, {
          id: id(`${e.key}:document:${doc.key}`),
          tenantId,
          eventId,
          fileName: doc.fileName.replace('{name}', name),
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
      // Registered on earlier evenings (one a day), at least a day before the event and before today.
      const lastDay = [today, addDays(startDay, -1)].sort()[0]!;
      const registeredAt = berlinTime(addDays(lastDay, i - regs.length - 1), 19 + (i % 3), (i * 17) % 60);
      await tx.insert(eventRegistrations).values({
        id: registrationId,
        tenantId,
        eventId,
        personId: person(key),
        status,
        priceOptionIds: status === 'invited' ? [] : selection,
        registeredAt,
        cancelledAt: status === 'cancelled' ? new Date(registeredAt.getTime() + 24 * HOUR) : null,
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
