import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Tx } from '../db/client.ts';
import { blogPosts, type BlogAttributeRecord, type BlogImageRecord } from '../db/schema/index.ts';
import { sanitizePostHtml } from '../modules/blog/index.ts';
import type { FileStore } from '../modules/media/index.ts';
import type { BlogScopeType } from '@vereinsheim/contracts';
import { demoId } from './ids.ts';
import { berlinParts, dayAt, demoFestStart, GERMAN_MONTHS, germanDayMonth, seasonOf } from './time.ts';

type Club = 'tsv-gruenwald' | 'sc-rheinaue' | 'rv-alster';

/** What a post's dated words depend on: when it was published and when the club's festival is. */
interface PostDates {
  published: Date;
  fest: Date;
}
/** A text, or a function of the dates where it names a month, season or year. */
type Text = string | ((dates: PostDates) => string);

/** The month `ahead` months after the publication month, as a German name. */
const monthAfter = (d: Date, ahead: number) => GERMAN_MONTHS[(berlinParts(d).month - 1 + ahead) % 12]!;
/** The year of the next 14 March after the publication date (the club's annual general meeting). */
const nextMeetingYear = (d: Date) => {
  const { date } = berlinParts(d);
  return date.slice(5) < '03-14' ? Number(date.slice(0, 4)) : Number(date.slice(0, 4)) + 1;
};
/** The year of the next 15 January (the yearly fee's direct debit). */
const nextJanuaryYear = (d: Date) => {
  const { date } = berlinParts(d);
  return date.slice(5) < '01-15' ? Number(date.slice(0, 4)) : Number(date.slice(0, 4)) + 1;
};
const festWord = (d: Date) => {
  const season = seasonOf(berlinParts(d).month);
  return `${season === 'Frühling' ? 'Frühlings' : season}fest`;
};

interface DemoPost {
  key: string;
  club: Club;
  daysAgo: number;
  title: Text;
  description: Text;
  body: Text;
  scopeType?: BlogScopeType;
  image?: string;
  link?: string;
  isPinned?: boolean;
  pinPriority?: number;
  isForced?: boolean;
  /** Valid until this many days ago (a post outside its validity window). */
  expiredDaysAgo?: number;
  attributes?: Omit<BlogAttributeRecord, 'id' | 'objectId'>[];
}

const POSTS: DemoPost[] = [
  {
    key: 'tsv-versammlung',
    club: 'tsv-gruenwald',
    daysAgo: 12,
    title: ({ published }) => `Einladung zur Mitgliederversammlung ${nextMeetingYear(published)}`,
    description: ({ published }) =>
      `Am 14. März ${nextMeetingYear(published)} um 19 Uhr im Vereinsheim – mit Wahl des Vorstands.`,
    body: '<p>Liebe Mitglieder,</p><p>wir laden herzlich zur <strong>ordentlichen Mitgliederversammlung</strong> ein.</p><h3>Tagesordnung</h3><ol><li>Bericht des Vorstands</li><li>Kassenbericht</li><li>Entlastung und Neuwahlen</li><li>Anträge</li></ol><p>Anträge bitte bis zwei Wochen vorher an den Vorstand.</p>',
    image: 'news-halle',
    isPinned: true,
    pinPriority: 10,
    attributes: [
      {
        title: 'Ort',
        type: 'location',

        meta: '{"address":"Vereinsheim, Sportplatzweg 3, Grünwald"}',
      },
    ],
  },
  {
    key: 'tsv-datenschutz',
    club: 'tsv-gruenwald',
    daysAgo: 3,
    title: 'Aktualisierte Datenschutzhinweise',
    description: 'Bitte lies die geänderten Hinweise zur Verarbeitung deiner Daten.',
    body: '<p>Wir haben unsere Datenschutzhinweise überarbeitet. Neu ist vor allem, welche Daten wir an den Landesverband melden.</p><p>Du siehst jederzeit in deinem Profil, wer welche Daten von dir hat.</p>',
    isForced: true,
  },
  {
    key: 'tsv-sommerfest',
    club: 'tsv-gruenwald',
    daysAgo: 1,
    title: ({ fest }) => `${festWord(fest)} am Sportplatz`,
    description: 'Buffet, Kinderolympiade und Elfmeterschießen – alle sind eingeladen.',
    body: ({ fest }) =>
      `<p>Am ${germanDayMonth(fest)} feiern wir ab 14 Uhr unser <em>${festWord(fest)}</em>. Für Kuchenspenden gibt es eine Liste im Vereinsheim.</p><ul><li>14 Uhr Kinderolympiade</li><li>16 Uhr Elfmeterschießen</li><li>18 Uhr Buffet</li></ul>`,
    image: 'news-sommerfest',
    scopeType: 'public',
    link: 'https://tsv-gruenwald.example/sommerfest',
  },
  {
    key: 'tsv-laufgruppe',
    club: 'tsv-gruenwald',
    daysAgo: 6,
    title: 'Neue Laufgruppe für Einsteiger',
    description: 'Jeden Dienstag um 18:30 Uhr, Treffpunkt Parkplatz.',
    body: '<p>Unsere neue Laufgruppe startet mit 5 Kilometern in gemütlichem Tempo. Keine Anmeldung nötig.</p>',
    image: 'news-laufgruppe',
  },
  {
    key: 'tsv-jugend',
    club: 'tsv-gruenwald',
    daysAgo: 9,
    title: 'D-Jugend ist Tabellenführer',
    description: 'Mit 8 Siegen aus 9 Spielen an der Tabellenspitze.',
    body: '<p>Herzlichen Glückwunsch an unsere D-Jugend und das Trainerteam!</p>',
    image: 'news-jugend',
    scopeType: 'public',
  },
  {
    key: 'tsv-platz',
    club: 'tsv-gruenwald',
    daysAgo: 15,
    title: 'Rasenplatz bis Monatsende gesperrt',
    description: 'Training findet auf dem Kunstrasen statt.',
    body: '<p>Der Rasenplatz wird neu eingesät und ist bis Monatsende gesperrt.</p>',
  },
  {
    key: 'tsv-beitrag',
    club: 'tsv-gruenwald',
    daysAgo: 20,
    title: 'Beitragseinzug im Januar',
    description: ({ published }) =>
      `Der Jahresbeitrag ${nextJanuaryYear(published)} wird am 15. Januar eingezogen.`,
    body: '<p>Bitte prüfe deine Bankverbindung im Profil, damit der Einzug klappt.</p>',
  },
  {
    key: 'tsv-helfer',
    club: 'tsv-gruenwald',
    daysAgo: 25,
    title: 'Helferinnen und Helfer gesucht',
    description: 'Für unser nächstes Jugendturnier brauchen wir Unterstützung.',
    body: '<p>Ob Kuchenstand, Schiedsrichter oder Aufbau: jede Hilfe zählt. Meldet euch beim Vorstand.</p>',
  },
  {
    key: 'tsv-winterfeier',
    club: 'tsv-gruenwald',
    daysAgo: 60,
    title: 'Saisonabschlussfeier – Anmeldung geschlossen',
    description: 'Diese Meldung ist abgelaufen und wird nicht mehr angezeigt.',
    body: '<p>Die Anmeldung zur Saisonabschlussfeier ist geschlossen.</p>',
    expiredDaysAgo: 30,
  },
  {
    key: 'sc-trainingszeiten',
    club: 'sc-rheinaue',
    daysAgo: 8,
    title: ({ published }) => `Neue Trainingszeiten ab ${monthAfter(published, 1)}`,
    description: 'Die Schwimmzeiten im Hallenbad ändern sich.',
    body: ({ published }) =>
      `<p>Ab ${monthAfter(published, 1)} trainieren wir <strong>montags und donnerstags von 18 bis 20 Uhr</strong> im Hallenbad Rheinaue.</p><table><thead><tr><th>Gruppe</th><th>Zeit</th></tr></thead><tbody><tr><td>Jugend</td><td>18:00–19:00</td></tr><tr><td>Erwachsene</td><td>19:00–20:00</td></tr></tbody></table>`,
    isPinned: true,
    pinPriority: 5,
  },
  {
    key: 'sc-vereinsmeisterschaft',
    club: 'sc-rheinaue',
    daysAgo: 2,
    title: 'Vereinsmeisterschaft: die Ergebnisse',
    description: 'Drei neue Vereinsrekorde über 100 m Freistil.',
    body: '<p>Alle Ergebnisse findet ihr auf unserer Webseite.</p>',
    link: 'https://sc-rheinaue.example/ergebnisse',
    image: 'news-laufgruppe',
    attributes: [{ title: 'Disziplin', type: 'discipline', meta: null }],
  },
  {
    key: 'sc-rheinlauf',
    club: 'sc-rheinaue',
    daysAgo: 4,
    title: 'Gemeinsam zum Rheinuferlauf',
    description: 'Wir stellen eine Vereinsstaffel – Anmeldung über die Veranstaltungen.',
    body: '<p>Wer mitlaufen möchte, meldet sich über die Veranstaltungsseite an.</p>',
    scopeType: 'public',
  },
  {
    key: 'sc-kampfrichter',
    club: 'sc-rheinaue',
    daysAgo: 11,
    title: ({ published }) => `Kampfrichterlehrgang im ${monthAfter(published, 2)}`,
    description: 'Der Verein übernimmt die Lehrgangsgebühr.',
    body: ({ published }) => `<p>Interessierte melden sich bitte bis Ende ${monthAfter(published, 1)}.</p>`,
  },
  {
    key: 'sc-sauna',
    club: 'sc-rheinaue',
    daysAgo: 18,
    title: 'Sauna im Hallenbad wieder geöffnet',
    description: 'Nach der Renovierung ist die Sauna wieder für Mitglieder nutzbar.',
    body: '<p>Die Sauna ist dienstags und freitags ab 17 Uhr geöffnet.</p>',
  },
  {
    key: 'sc-jahresrueckblick',
    club: 'sc-rheinaue',
    daysAgo: 30,
    title: 'Saisonrückblick in Bildern',
    description: 'Die schönsten Momente unserer Saison.',
    body: '<p>Danke an alle, die dieses Jahr mitgemacht haben!</p>',
    image: 'news-sommerfest',
  },
  {
    key: 'sc-hallenbad',
    club: 'sc-rheinaue',
    daysAgo: 40,
    title: 'Hallenbad in den Schulferien geschlossen',
    description: 'In den Ferien fällt das Training aus.',
    body: '<p>Wir wünschen allen schöne Ferien.</p>',
  },
  {
    key: 'rv-anrudern',
    club: 'rv-alster',
    daysAgo: 5,
    title: 'Bootstaufe auf der Alster',
    description: 'Zwei neue Boote werden am Sonntag getauft.',
    body: '<p>Wir taufen zwei neue Boote und rudern gemeinsam zur Krugkoppelbrücke.</p>',
    image: 'news-regatta',
    scopeType: 'public',
  },
  {
    key: 'rv-regatta',
    club: 'rv-alster',
    daysAgo: 10,
    title: 'Meldeschluss für die Alster-Regatta',
    description: 'Meldungen bitte bis Freitag an den Ruderwart.',
    body: '<p>Gerudert wird im Achter und im Doppelvierer.</p>',
    image: 'news-regatta',
  },
  {
    key: 'rv-bootshaus',
    club: 'rv-alster',
    daysAgo: 14,
    title: 'Arbeitsdienst im Bootshaus',
    description: 'Samstag ab 9 Uhr – für Frühstück ist gesorgt.',
    body: '<p>Wir streichen den Bootssteg und reparieren die Skulls.</p>',
  },
  {
    key: 'rv-ergometer',
    club: 'rv-alster',
    daysAgo: 21,
    title: 'Ergometer-Cup',
    description: ({ published }) => `Die Trainingsserie beginnt im ${monthAfter(published, 1)}.`,
    body: '<p>Vier Wertungsläufe über 2000 Meter.</p>',
  },
];

const DAY = 24 * 60 * 60 * 1000;
const ASSETS = path.join(import.meta.dirname, 'assets');
/** Demo news images are stored like uploaded ones (blog.manage.ts): WebP, at most this wide. */
export const DEMO_NEWS_IMAGE_WIDTH = 1200;

/**
 * A demo illustration (assets/{name}.svg) rasterised and re-encoded like an uploaded news image:
 * WebP at most DEMO_NEWS_IMAGE_WIDTH wide, under its content-hash name in the file store, with its
 * real size in the record (so the list reserves the right box). Without a file store: the SVG itself.
 */
async function demoImage(
  files: FileStore | undefined,
  tx: Tx,
  tenantId: string,
  name: string,
): Promise<BlogImageRecord> {
  if (!files)
    return { id: '1', originalUrl: `/media/demo/${name}.svg`, path: null, width: 1200, height: 675 };
  const svg = await fs.readFile(path.join(ASSETS, `${name}.svg`));
  const { data, info } = await sharp(svg)
    .resize({ width: DEMO_NEWS_IMAGE_WIDTH, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  const hash = createHash('sha256').update(tenantId).update(':').update(data).digest('hex');
  // The store's key pattern knows the news size '1600' (the upload limit); the image is 1200 wide.
  const url = `/media/files/${hash}-1600.webp`;
  await files.put(`${hash}-1600.webp`, data, tx);
  return { id: '1', originalUrl: url, path: url, width: info.width, height: info.height };
}

/** Berlin wall-clock times the demo posts were published at, in turn. */
const PUBLISHING_TIMES: [number, number][] = [
  [18, 5],
  [12, 40],
  [20, 15],
  [19, 30],
  [8, 55],
  [17, 20],
  [21, 10],
];
/**
 * About 20 news posts across the demo clubs (idempotent: fixed ids). Dated words (months, seasons,
 * years) follow the publication date; images are written to `files` when given.
 */
export async function seedBlog(
  tx: Tx,
  tenantIdOf: (slug: string) => string,
  options: { files?: FileStore; now?: Date } = {},
): Promise<void> {
  const nowDate = options.now ?? new Date();
  const now = nowDate.getTime();
  const fest = demoFestStart(nowDate);
  const images = new Map<string, BlogImageRecord>();
  for (const p of POSTS) {
    const tenantId = tenantIdOf(p.club);
    if (p.image && !images.has(`${tenantId}:${p.image}`))
      images.set(`${tenantId}:${p.image}`, await demoImage(options.files, tx, tenantId, p.image));
  }
  await tx
    .insert(blogPosts)
    .values(
      POSTS.map((p) => {
        // Published in the club's evening or lunch break, not at the minute of seeding.
        const [hour, minute] = PUBLISHING_TIMES[POSTS.indexOf(p) % PUBLISHING_TIMES.length]!;
        const createdAt = dayAt(nowDate, -p.daysAgo, hour, minute);
        const text = (t: Text) => (typeof t === 'function' ? t({ published: createdAt, fest }) : t);
        const id = demoId(`blog:${p.key}`);
        const image = p.image ? images.get(`${tenantIdOf(p.club)}:${p.image}`) : undefined;
        return {
          id,
          tenantId: tenantIdOf(p.club),
          title: text(p.title),
          description: text(p.description),
          body: sanitizePostHtml(text(p.body)),
          scopeType: p.scopeType ?? 'members',
          link: p.link ?? null,
          isPinned: p.isPinned ?? false,
          pinPriority: p.pinPriority ?? 0,
          isForced: p.isForced ?? false,
          validFrom: p.expiredDaysAgo !== undefined ? createdAt : null,
          validTo: p.expiredDaysAgo !== undefined ? new Date(now - p.expiredDaysAgo * DAY) : null,
          publishedOn: createdAt,
          images: image ? [image] : [],
          attributes: (p.attributes ?? []).map((a, i) => ({ ...a, id: `${i + 1}`, objectId: id })),
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .onConflictDoNothing();
}

export const DEMO_BLOG_POST_COUNT = POSTS.length;
