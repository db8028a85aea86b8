import type { Tx } from '../db/client.ts';
import { blogPosts, type BlogAttributeRecord, type BlogImageRecord } from '../db/schema/index.ts';
import { sanitizePostHtml } from '../modules/blog/index.ts';
import type { BlogScopeType } from '@vereinsheim/contracts';
import { demoId } from './ids.ts';

type Club = 'tsv-gruenwald' | 'sc-rheinaue' | 'rv-alster';

interface DemoPost {
  key: string;
  club: Club;
  daysAgo: number;
  title: string;
  description: string;
  body: string;
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
    title: 'Einladung zur Mitgliederversammlung 2026',
    description: 'Am 14. März um 19 Uhr im Vereinsheim – mit Wahl des Vorstands.',
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
    title: 'Sommerfest am Sportplatz',
    description: 'Grill, Kinderolympiade und Elfmeterschießen – alle sind eingeladen.',
    body: '<p>Am Samstag feiern wir ab 14 Uhr unser <em>Sommerfest</em>. Für Kuchenspenden gibt es eine Liste im Vereinsheim.</p><ul><li>14 Uhr Kinderolympiade</li><li>16 Uhr Elfmeterschießen</li><li>18 Uhr Grillabend</li></ul>',
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
    title: 'D-Jugend wird Herbstmeister',
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
    description: 'Der Jahresbeitrag wird am 15. Januar eingezogen.',
    body: '<p>Bitte prüfe deine Bankverbindung im Profil, damit der Einzug klappt.</p>',
  },
  {
    key: 'tsv-helfer',
    club: 'tsv-gruenwald',
    daysAgo: 25,
    title: 'Helferinnen und Helfer gesucht',
    description: 'Für das Jugendturnier im Frühjahr brauchen wir Unterstützung.',
    body: '<p>Ob Kuchenstand, Schiedsrichter oder Aufbau: jede Hilfe zählt. Meldet euch beim Vorstand.</p>',
  },
  {
    key: 'tsv-winterfeier',
    club: 'tsv-gruenwald',
    daysAgo: 60,
    title: 'Winterfeier – Anmeldung geschlossen',
    description: 'Diese Meldung ist abgelaufen und wird nicht mehr angezeigt.',
    body: '<p>Die Anmeldung zur Winterfeier ist geschlossen.</p>',
    expiredDaysAgo: 30,
  },
  {
    key: 'sc-trainingszeiten',
    club: 'sc-rheinaue',
    daysAgo: 8,
    title: 'Neue Trainingszeiten ab Oktober',
    description: 'Die Schwimmzeiten im Hallenbad ändern sich.',
    body: '<p>Ab Oktober trainieren wir <strong>montags und donnerstags von 18 bis 20 Uhr</strong> im Hallenbad Rheinaue.</p><table><thead><tr><th>Gruppe</th><th>Zeit</th></tr></thead><tbody><tr><td>Jugend</td><td>18:00–19:00</td></tr><tr><td>Erwachsene</td><td>19:00–20:00</td></tr></tbody></table>',
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
    title: 'Kampfrichterlehrgang im November',
    description: 'Der Verein übernimmt die Lehrgangsgebühr.',
    body: '<p>Interessierte melden sich bitte bis Ende Oktober.</p>',
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
    title: 'Jahresrückblick in Bildern',
    description: 'Die schönsten Momente unserer Saison.',
    body: '<p>Danke an alle, die dieses Jahr mitgemacht haben!</p>',
    image: 'news-sommerfest',
  },
  {
    key: 'sc-hallenbad',
    club: 'sc-rheinaue',
    daysAgo: 40,
    title: 'Hallenbad in den Herbstferien geschlossen',
    description: 'In den Ferien fällt das Training aus.',
    body: '<p>Wir wünschen allen schöne Ferien.</p>',
  },
  {
    key: 'rv-anrudern',
    club: 'rv-alster',
    daysAgo: 5,
    title: 'Anrudern auf der Alster',
    description: 'Saisonstart mit Bootstaufe am Sonntag.',
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
    title: 'Ergometer-Cup im Winter',
    description: 'Die Wintertrainingsserie beginnt im Dezember.',
    body: '<p>Vier Wertungsläufe über 2000 Meter.</p>',
  },
];

const DAY = 24 * 60 * 60 * 1000;

/** About 20 news posts across the demo clubs (idempotent: fixed ids). */
export async function seedBlog(tx: Tx, tenantIdOf: (slug: string) => string): Promise<void> {
  const now = Date.now();
  await tx
    .insert(blogPosts)
    .values(
      POSTS.map((p) => {
        const createdAt = new Date(now - p.daysAgo * DAY);
        const id = demoId(`blog:${p.key}`);
        const images: BlogImageRecord[] = p.image
          ? [{ id: '1', originalUrl: `/media/demo/${p.image}.svg`, path: null, width: 1200, height: 675 }]
          : [];
        return {
          id,
          tenantId: tenantIdOf(p.club),
          title: p.title,
          description: p.description,
          body: sanitizePostHtml(p.body),
          scopeType: p.scopeType ?? 'members',
          link: p.link ?? null,
          isPinned: p.isPinned ?? false,
          pinPriority: p.pinPriority ?? 0,
          isForced: p.isForced ?? false,
          validFrom: p.expiredDaysAgo !== undefined ? createdAt : null,
          validTo: p.expiredDaysAgo !== undefined ? new Date(now - p.expiredDaysAgo * DAY) : null,
          publishedOn: createdAt,
          images,
          attributes: (p.attributes ?? []).map((a, i) => ({ ...a, id: `${i + 1}`, objectId: id })),
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .onConflictDoNothing();
}

export const DEMO_BLOG_POST_COUNT = POSTS.length;
