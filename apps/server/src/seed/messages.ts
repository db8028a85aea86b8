import type { Tx } from '../db/client.ts';
import { messages } from '../db/schema/index.ts';
import type { MessageKind } from '@vereinsheim/contracts';
import { demoId } from './ids.ts';

interface DemoMessage {
  key: string;
  kind: MessageKind;
  club: string | null;
  minutesAgo: number;
  title: string;
  body: string;
  link: string | null;
  read?: boolean;
}

const MESSAGES: DemoMessage[] = [
  {
    key: 'waitinglist',
    kind: 'waitinglist_promoted',
    club: 'sc-rheinaue',
    minutesAgo: 45,
    title: 'Du bist von der Warteliste nachgerückt',
    body: 'Für den Rheinuferlauf ist ein Platz frei geworden. Du bist jetzt als Teilnehmerin angemeldet.',
    link: '/my-registrations',
  },
  {
    key: 'invoice',
    kind: 'invoice_issued',
    club: 'tsv-gruenwald',
    minutesAgo: 60 * 5,
    title: 'Neue Rechnung: Mitgliedsbeitrag 2026',
    body: 'Der TSV Grünwald hat dir eine Rechnung über 120,00 € gestellt. Zahlbar bis zum 15. Januar.',
    link: '/invoices',
  },
  {
    key: 'club-versammlung',
    kind: 'club',
    club: 'tsv-gruenwald',
    minutesAgo: 60 * 24,
    title: 'Erinnerung: Mitgliederversammlung',
    body: 'Liebe Mitglieder, wir freuen uns auf euch bei der Mitgliederversammlung im Vereinsheim.',
    link: '/blog',
  },
  {
    key: 'event-cancelled',
    kind: 'event_cancelled',
    club: 'tsv-gruenwald',
    minutesAgo: 60 * 24 * 2,
    title: 'Abgesagt: Lauftreff am Samstag',
    body: 'Der Lauftreff am Samstag fällt wegen Unwetterwarnung aus. Deine Anmeldung wurde storniert.',
    link: '/my-registrations',
    read: true,
  },
  {
    key: 'data-shared',
    kind: 'data_shared',
    club: 'sc-rheinaue',
    minutesAgo: 60 * 24 * 5,
    title: 'Daten mit SC Rheinaue Köln geteilt',
    body: 'Du hast deine Adresse und Telefonnummer mit dem SC Rheinaue Köln e.V. geteilt. Du kannst das im Profil jederzeit ändern.',
    link: '/profile',
    read: true,
  },
  {
    key: 'club-training',
    kind: 'club',
    club: 'sc-rheinaue',
    minutesAgo: 60 * 24 * 8,
    title: 'Training fällt in den Ferien aus',
    body: 'In den Herbstferien ist das Hallenbad geschlossen. Wir sehen uns danach!',
    link: null,
    read: true,
  },
];

/** Messages of every kind for the demo account (idempotent: fixed ids; nothing is pushed). */
export async function seedMessages(
  tx: Tx,
  ids: { personId: string; tenantIdOf: (slug: string) => string },
): Promise<void> {
  const now = Date.now();
  await tx
    .insert(messages)
    .values(
      MESSAGES.map((m) => {
        const createdAt = new Date(now - m.minutesAgo * 60_000);
        return {
          id: demoId(`message:demo:${m.key}`),
          personId: ids.personId,
          tenantId: m.club ? ids.tenantIdOf(m.club) : null,
          kind: m.kind,
          title: m.title,
          body: m.body,
          link: m.link,
          readAt: m.read ? createdAt : null,
          createdAt,
        };
      }),
    )
    .onConflictDoNothing();
}
