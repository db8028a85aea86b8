import type {
  Message,
  MessageKind,
  MessageList,
  MessageQuery,
  SendClubMessage,
  UnreadCount,
} from '@vereinsheim/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Language, TextParams } from '../../lib/i18n.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { problem } from '../../lib/problem.ts';
import { authorize, notVisible, type Actor } from '../../policy/index.ts';
import { teamWithMemberIds } from '../teams/index.ts';
import { clubMemberIds } from '../tenants/index.ts';
import { enqueueMany } from '../jobs/index.ts';
import { MESSAGE_PUSH_JOB, messagePushKey } from './messages.push.ts';
import { messagesRepository, type MessageView } from './messages.repository.ts';
import { messageText, type MessageTextKey } from './messages.text.ts';

export type SendMessageInput = {
  personId: string;
  tenantId?: string | null;
  kind: MessageKind;
  /** In-app path opened from the message and its push notification, e.g. `/events/{id}`. */
  link?: string | null;
} & (
  | /** Written by a person (a club message): stays as written. */ { title: string; body: string }
  | /** Written by the server: a key with parameters, rendered in the reader's language. */ {
      text: { key: MessageTextKey; params?: TextParams };
    }
);

export function toMessage(row: MessageView, lng: Language): Message {
  return {
    id: row.id,
    kind: row.kind,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    ...messageText(lng, row),
    link: row.link,
    isRead: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function checkLink(link: string | null | undefined): string | null {
  if (link == null) return null;
  if (!/^\/(?!\/)\S*$/.test(link)) throw new Error(`sendMessage: link must be an in-app path: ${link}`);
  return link;
}

/**
 * Puts messages into the persons' inboxes inside the caller's transaction, each with a push job in the same
 * transaction (ADR 0021): a rolled-back transaction leaves nothing to push, a committed one is pushed by
 * a worker on some instance even if this one ends right after the commit. Returns the new message ids.
 */
export async function sendMessages(tx: DbOrTx, inputs: SendMessageInput[]): Promise<string[]> {
  const rows = await messagesRepository.insertMany(
    tx,
    inputs.map((input) => ({
      personId: input.personId,
      tenantId: input.tenantId ?? null,
      kind: input.kind,
      ...('text' in input
        ? { textKey: `message.${input.text.key}`, textParams: input.text.params ?? {} }
        : { title: input.title, body: input.body }),
      link: checkLink(input.link),
    })),
  );
  await enqueueMany(
    tx,
    rows.map((r) => ({ kind: MESSAGE_PUSH_JOB, key: messagePushKey(r.id), payload: { messageId: r.id } })),
  );
  return rows.map((r) => r.id);
}

/** One message; see sendMessages. */
export async function sendMessage(tx: DbOrTx, input: SendMessageInput): Promise<string> {
  const [id] = await sendMessages(tx, [input]);
  return id!;
}

export const messagesService = {
  async list(db: Database, actor: Actor, query: MessageQuery, lng: Language): Promise<MessageList> {
    if (query.orderbytype === 'ascending') {
      throw problem(400, 'messages.newestFirst', {
        errors: [{ field: 'orderbytype', message: 'expected descending' }],
      });
    }
    const window = pageWindow(query);
    const { rows, total, unread } = await messagesRepository.listForPerson(db, actor, {
      unreadOnly: query.unreadOnly ?? false,
      limit: window.limit,
      offset: window.offset,
    });
    return {
      ...pagedList(
        rows.map((row) => toMessage(row, lng)),
        total,
        window,
        'descending',
      ),
      unreadcount: unread,
    };
  },

  async unreadCount(db: Database, actor: Actor): Promise<UnreadCount> {
    return { unreadcount: await messagesRepository.unreadCount(db, actor) };
  },

  async setRead(db: Database, actor: Actor, id: string, read: boolean, lng: Language): Promise<Message> {
    return db.transaction(async (tx) => {
      const row = await messagesRepository.setRead(tx, actor, id, read);
      if (!row) throw notVisible('message');
      await authorize(actor, 'own.write', { type: 'owned', what: 'message', personId: row.personId });
      return toMessage(row, lng);
    });
  },

  async delete(db: Database, actor: Actor, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await messagesRepository.delete(tx, actor, id);
      if (!row) throw notVisible('message');
      await authorize(actor, 'own.write', { type: 'owned', what: 'message', personId: row.personId });
    });
  },

  /** A club message to every current member of the club (committee and admins only). */
  async sendToClub(
    db: Database,
    actor: Actor,
    tenantId: string,
    input: SendClubMessage,
  ): Promise<{ recipients: number }> {
    await authorize(actor, 'club.message.send', { type: 'club', tenantId });
    return db.transaction(async (tx) => {
      const members = await clubMemberIds(tx, tenantId);
      const ids = await sendMessages(
        tx,
        members.map((personId) => ({
          personId,
          tenantId,
          kind: 'club' as const,
          title: input.title,
          body: input.body,
          link: input.link ?? null,
        })),
      );
      return { recipients: ids.length };
    });
  },

  /** A message to every member of one of the club's teams (committee and admins only). */
  async sendToTeam(
    db: Database,
    actor: Actor,
    tenantId: string,
    teamId: string,
    input: SendClubMessage,
  ): Promise<{ recipients: number }> {
    const team = await teamWithMemberIds(db, await actor.scope(), tenantId, teamId);
    if (!team) throw notVisible('team');
    await authorize(actor, 'team.message.send', { type: 'team', tenantId: team.tenantId, teamId: team.id });
    return db.transaction(async (tx) => {
      const ids = await sendMessages(
        tx,
        team.memberIds.map((personId) => ({
          personId,
          tenantId: team.tenantId,
          kind: 'club' as const,
          title: input.title,
          body: input.body,
          link: input.link ?? null,
        })),
      );
      return { recipients: ids.length };
    });
  },
};
