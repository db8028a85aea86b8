import type {
  Message,
  MessageKind,
  MessageList,
  MessageQuery,
  SendClubMessage,
  UnreadCount,
} from '@vereinsheim/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { memberships } from '../../db/schema/index.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { badRequest, forbidden, notFound } from '../../lib/problem.ts';
import type { Actor } from '../../plugins/auth.ts';
import { activeMembership } from '../persons/persons.repository.ts';
import { requestPushDispatch } from '../push/push.dispatcher.ts';
import { tenantsRepository } from '../tenants/tenants.repository.ts';
import { messagesRepository, type MessageView } from './messages.repository.ts';

export interface SendMessageInput {
  personId: string;
  tenantId?: string | null;
  kind: MessageKind;
  title: string;
  body: string;
  /** In-app path opened from the message and its push notification, e.g. `/events/{id}`. */
  link?: string | null;
}

/** Roles that may write to all members of their club. */
export const CLUB_MESSAGE_ROLES = ['committee', 'admin'] as const;

export function toMessage(row: MessageView): Message {
  return {
    id: row.id,
    kind: row.kind,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    title: row.title,
    body: row.body,
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
 * Puts messages into the persons' inboxes inside the caller's transaction. The rows are flagged for
 * push; the push dispatcher sends them once the transaction has committed (a rolled-back transaction
 * leaves nothing to push). Returns the new message ids.
 */
export async function sendMessages(tx: DbOrTx, inputs: SendMessageInput[]): Promise<string[]> {
  const rows = await messagesRepository.insertMany(
    tx,
    inputs.map((input) => ({
      personId: input.personId,
      tenantId: input.tenantId ?? null,
      kind: input.kind,
      title: input.title,
      body: input.body,
      link: checkLink(input.link),
      pushPending: true,
    })),
  );
  if (rows.length) requestPushDispatch();
  return rows.map((r) => r.id);
}

/** One message; see sendMessages. */
export async function sendMessage(tx: DbOrTx, input: SendMessageInput): Promise<string> {
  const [id] = await sendMessages(tx, [input]);
  return id!;
}

export const messagesService = {
  async list(db: Database, actor: Actor, query: MessageQuery): Promise<MessageList> {
    const orderby = (query.orderby ?? 'createdat').toLowerCase();
    if (orderby !== 'createdat') {
      throw badRequest('Invalid orderby: messages are ordered by CreatedAt.', [
        { field: 'orderby', message: 'expected CreatedAt' },
      ]);
    }
    if (query.orderbytype === 'ascending') {
      throw badRequest('Invalid orderbytype: messages are listed newest first.', [
        { field: 'orderbytype', message: 'expected descending' },
      ]);
    }
    const window = pageWindow(query);
    const [{ rows, total }, unreadcount] = await Promise.all([
      messagesRepository.listForPerson(db, actor.personId, {
        unreadOnly: query.unreadOnly ?? false,
        limit: window.limit,
        offset: window.offset,
      }),
      messagesRepository.unreadCount(db, actor.personId),
    ]);
    return { ...pagedList(rows.map(toMessage), total, window, 'descending'), unreadcount };
  },

  async unreadCount(db: Database, actor: Actor): Promise<UnreadCount> {
    return { unreadcount: await messagesRepository.unreadCount(db, actor.personId) };
  },

  async setRead(db: Database, actor: Actor, id: string, read: boolean): Promise<Message> {
    return db.transaction(async (tx) => {
      const row = await messagesRepository.setRead(tx, actor.personId, id, read);
      if (!row) throw notFound('No such message.');
      return toMessage(row);
    });
  },

  async delete(db: Database, actor: Actor, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      if (!(await messagesRepository.delete(tx, actor.personId, id))) throw notFound('No such message.');
    });
  },

  /** A club message to every current member of the club (committee and admins only). */
  async sendToClub(
    db: Database,
    actor: Actor,
    tenantId: string,
    input: SendClubMessage,
  ): Promise<{ recipients: number }> {
    return db.transaction(async (tx) => {
      const roles = await tenantsRepository.rolesIn(tx, actor.personId, tenantId);
      if (roles.length === 0) throw notFound('No such club.');
      if (!roles.some((r) => (CLUB_MESSAGE_ROLES as readonly string[]).includes(r)))
        throw forbidden('Only the committee and admins of the club write to all members.');
      const members = await tx
        .selectDistinct({ personId: memberships.personId })
        .from(memberships)
        .where(and(eq(memberships.tenantId, tenantId), activeMembership()));
      const ids = await sendMessages(
        tx,
        members.map((m) => ({
          personId: m.personId,
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
};
