import type { Tx } from '../db/client.ts';
import { messages } from '../db/schema/index.ts';
import type { MessageKind } from '@vereinsheim/contracts';
import type { TextParams } from '../lib/i18n.ts';
import type { MessageTextKey } from '../modules/messages/index.ts';
import { addDays, todayIso } from '../lib/today.ts';
import { demoId } from './ids.ts';
import { dayAt } from './time.ts';

/** A club's message (its words, German demo data) or a notice the server writes (a text key, rendered on read). */
type DemoMessage = {
  key: string;
  kind: MessageKind;
  club: string | null;
  /** Minutes ago (today's newest), or a day in the past at a Berlin wall-clock time. */
  sent: { minutesAgo: number } | { daysAgo: number; at: [hour: number, minute: number] };
  link: string | null;
  read?: boolean;
} & ({ title: string; body: string } | { text: { key: MessageTextKey; params: TextParams } });

/** The invoice of seed/invoices.ts that this notice announces: 'Vereinskleidung', issued 4 days ago, due in 10. */
const KIT_INVOICE = { title: 'Vereinskleidung', amount: 159.7, issuedDaysAgo: 4, dueInDays: 10 };

const MESSAGES: DemoMessage[] = [
  {
    key: 'waitinglist',
    kind: 'waitinglist_promoted',
    club: 'sc-rheinaue',
    sent: { minutesAgo: 45 },
    text: { key: 'waitinglistPromoted', params: { event: 'Rheinuferlauf' } },
    link: '/my-registrations',
  },
  {
    key: 'invoice',
    kind: 'invoice_issued',
    club: 'tsv-gruenwald',
    sent: { daysAgo: KIT_INVOICE.issuedDaysAgo, at: [10, 15] },
    text: {
      key: 'invoiceIssued',
      params: {
        title: KIT_INVOICE.title,
        club: 'TSV Grünwald 1894 e.V.',
        amount: KIT_INVOICE.amount,
        due: '', // the invoice's due date, set when seeding
      },
    },
    link: '/invoices',
  },
  {
    key: 'club-versammlung',
    kind: 'club',
    club: 'tsv-gruenwald',
    sent: { daysAgo: 1, at: [18, 30] },
    title: 'Erinnerung: Mitgliederversammlung',
    body: 'Liebe Mitglieder, wir freuen uns auf euch bei der Mitgliederversammlung im Vereinsheim.',
    link: '/blog',
  },
  {
    key: 'event-cancelled',
    kind: 'event_cancelled',
    club: 'tsv-gruenwald',
    sent: { daysAgo: 2, at: [9, 12] },
    text: { key: 'eventCancelled', params: { event: 'Lauftreff am Samstag' } },
    link: '/my-registrations',
    read: true,
  },
  {
    key: 'data-shared',
    kind: 'data_shared',
    club: 'sc-rheinaue',
    sent: { daysAgo: 5, at: [19, 47] },
    text: { key: 'dataShared', params: { club: 'SC Rheinaue Köln e.V.' } },
    link: '/profile',
    read: true,
  },
  {
    key: 'club-training',
    kind: 'club',
    club: 'sc-rheinaue',
    sent: { daysAgo: 8, at: [17, 5] },
    title: 'Training fällt in den Ferien aus',
    body: 'In den Schulferien ist das Hallenbad geschlossen. Wir sehen uns danach!',
    link: null,
    read: true,
  },
  {
    key: 'validation-approved',
    kind: 'validation',
    club: 'sc-rheinaue',
    sent: { daysAgo: 20, at: [11, 20] },
    text: {
      key: 'validationApproved',
      params: { club: 'SC Rheinaue Köln e.V.', reason: { key: 'log.validation.reason.yearlyCheck' } },
    },
    link: '/clubs/join',
    read: true,
  },
];

/** Messages of every kind for the demo account (idempotent: fixed ids; nothing is pushed). */
export async function seedMessages(
  tx: Tx,
  ids: { personId: string; tenantIdOf: (slug: string) => string },
  options: { now?: Date } = {},
): Promise<void> {
  const nowDate = options.now ?? new Date();
  const now = nowDate.getTime();
  const due = addDays(todayIso(options.now), KIT_INVOICE.dueInDays);
  await tx
    .insert(messages)
    .values(
      MESSAGES.map((m) => {
        const createdAt =
          'minutesAgo' in m.sent
            ? new Date(now - m.sent.minutesAgo * 60_000)
            : dayAt(nowDate, -m.sent.daysAgo, ...m.sent.at);
        return {
          id: demoId(`message:demo:${m.key}`),
          personId: ids.personId,
          tenantId: m.club ? ids.tenantIdOf(m.club) : null,
          kind: m.kind,
          ...('text' in m
            ? {
                textKey: `message.${m.text.key}`,
                textParams: m.text.key === 'invoiceIssued' ? { ...m.text.params, due } : m.text.params,
              }
            : { title: m.title, body: m.body }),
          link: m.link,
          readAt: m.read ? createdAt : null,
          createdAt,
        };
      }),
    )
    .onConflictDoNothing();
}
