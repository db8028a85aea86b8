import type { Tx } from '../db/client.ts';
import { chatConversations, chatMembers, chatMessages } from '../db/schema/index.ts';
import { demoId, demoPersonId, demoTenantId } from './ids.ts';

interface DemoConversation {
  key: string;
  kind: 'team' | 'direct';
  teamKey?: string;
  members: string[];
  messages: [string, string, number][];
}

const CONVERSATIONS: DemoConversation[] = [
  {
    key: 'volleyball',
    kind: 'team',
    teamKey: 'tsv-volleyball-mixed',
    members: ['demo', 'vorstand', 'person-1', 'person-4', 'person-7', 'person-10', 'person-16'],
    messages: [
      ['person-4', 'Hallo zusammen! Am Dienstag trainieren wir ausnahmsweise in Halle 2.', 26],
      ['demo', 'Danke für die Info, ich bringe die neuen Bälle mit.', 25],
      ['vorstand', 'Der Spielplan für die Kreisliga ist online: https://tsv-gruenwald.example/volleyball', 2],
    ],
  },
  {
    key: 'demo-vorstand',
    kind: 'direct',
    members: ['demo', 'vorstand'],
    messages: [
      ['vorstand', 'Hallo Mia, hättest du Lust, beim Sommerfest den Volleyball-Stand zu betreuen?', 28],
      ['demo', 'Sehr gern! Ich frage noch zwei aus dem Team.', 27],
    ],
  },
];

/** A team conversation and a direct conversation for demo@ (fixed ids: idempotent). */
export async function seedChat(tx: Tx): Promise<void> {
  const tenantId = demoTenantId('tsv-gruenwald');
  const now = Date.now();
  for (const c of CONVERSATIONS) {
    const id = demoId(`chat:${c.key}`);
    const [inserted] = await tx
      .insert(chatConversations)
      .values({
        id,
        tenantId,
        kind: c.kind,
        teamId: c.teamKey ? demoId(`team:${c.teamKey}`) : null,
        directPersonA: c.kind === 'direct' ? c.members.map(demoPersonId).sort()[0]! : null,
        directPersonB: c.kind === 'direct' ? c.members.map(demoPersonId).sort()[1]! : null,
        lastSeq: c.messages.length,
        lastMessageAt: new Date(now - c.messages.at(-1)![2] * 3_600_000),
      })
      .onConflictDoNothing()
      .returning({ id: chatConversations.id });
    if (!inserted) continue;
    await tx.insert(chatMessages).values(
      c.messages.map(([sender, body, hoursAgo], i) => ({
        id: demoId(`chat-message:${c.key}:${i + 1}`),
        conversationId: id,
        seq: i + 1,
        senderPersonId: demoPersonId(sender),
        body,
        createdAt: new Date(now - hoursAgo * 3_600_000),
      })),
    );
    await tx.insert(chatMembers).values(
      c.members.map((key) => {
        // Everyone has read up to their own last message; demo@ has the newest one of others unread.
        const own = c.messages.map(([s], i) => (s === key ? i + 1 : 0)).reduce((a, b) => Math.max(a, b), 0);
        return {
          conversationId: id,
          personId: demoPersonId(key),
          readSeq: own,
          unreadCount: c.messages.slice(own).filter(([s]) => s !== key).length,
        };
      }),
    );
  }
}
