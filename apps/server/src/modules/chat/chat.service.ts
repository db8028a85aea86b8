import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type {
  ChatAccount,
  ChatReact,
  ChatReportList,
  ChatTicket,
  ChatContact,
  ChatConversation,
  ChatConversationList,
  ChatHistory,
  ChatHistoryQuery,
  ChatMessage,
  SendChatMessage,
} from '@vereinsheim/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { render, type Language } from '../../lib/i18n.ts';
import { collator } from '../../lib/intl.ts';
import { HttpProblem } from '../../lib/problem.ts';
import { authorize, can, notVisible, type Actor } from '../../policy/index.ts';
import {
  chatRepository as repo,
  participantsOf,
  type ConversationListRow,
  type ConversationRow,
  type FullMessageRow,
} from './chat.repository.ts';

/** How long a WebSocket ticket is valid. */
export const CHAT_TICKET_SECONDS = 30;

export interface ChatSettings {
  secret: string;
  appId: string;
  publicUrl: string;
  pushDelaySeconds: number;
}

/** What the policy needs to know about a direct conversation beyond its row. */
interface DirectFacts {
  /** One of the two blocked the other. */
  blocked: boolean;
  /** The other person accepts direct messages. */
  recipientOpen: boolean;
}

/** The other person of a direct conversation between two (undefined for team and club conversations). */
function directOther(c: ConversationRow, actorId: string): string | undefined {
  const participantIds = participantsOf(c);
  if (c.kind !== 'direct' || participantIds.length !== 2) return undefined;
  return participantIds.find((p) => p !== actorId);
}

/** The conversation as the policy sees it (`actorId`: whose recipient's direct-message setting counts). */
async function subjectOf(db: DbOrTx, c: ConversationRow, actorId: string) {
  const participantIds = participantsOf(c);
  const direct = c.kind === 'direct' && participantIds.length === 2;
  const other = directOther(c, actorId);
  const [blocked, recipientOpen] = await Promise.all([
    direct ? repo.isBlockedBetween(db, participantIds[0]!, participantIds[1]!) : false,
    other ? repo.directMessagesOn(db, other) : true,
  ]);
  return subjectWith(c, { blocked, recipientOpen });
}

function subjectWith(c: ConversationRow, facts: DirectFacts) {
  return {
    type: 'conversation' as const,
    tenantId: c.tenantId,
    kind: c.kind,
    teamId: c.teamId,
    participantIds: participantsOf(c),
    ...facts,
  };
}

/** A conversation of the list as its reader sees it, from its row, its last message and the direct facts. */
async function present(
  actor: Actor,
  c: ConversationListRow,
  lng: Language,
  last: FullMessageRow | undefined,
  facts: DirectFacts,
): Promise<ChatConversation> {
  return {
    id: c.id,
    kind: c.kind,
    tenantId: c.tenantId,
    tenantName: c.tenantName,
    teamId: c.teamId,
    title:
      c.kind === 'team'
        ? (c.teamName ?? '')
        : c.kind === 'direct'
          ? (c.otherName ?? '')
          : `${render(lng, { key: 'chat.clubChannel' })} · ${c.tenantName}`,
    otherPersonId: c.otherPersonId,
    lastSeq: c.lastSeq,
    readSeq: c.readSeq,
    unreadCount: c.unreadCount,
    muted: c.muted,
    canWrite: await can(actor, 'chat.conversation.write', subjectWith(c, facts)),
    lastMessage: last ? toMessage(last) : null,
  };
}

export function toMessage(m: FullMessageRow): ChatMessage {
  return {
    id: m.id,
    conversationId: m.conversationId,
    seq: Number(m.seq),
    senderPersonId: m.senderPersonId,
    senderName: m.senderName,
    body: m.deletedAt ? '' : m.body,
    replyToId: m.replyToId,
    replyTo: m.replyTo,
    reactions: m.deletedAt ? [] : m.reactions,
    clientId: m.clientId,
    createdAt: new Date(m.createdAt).toISOString(),
    editedAt: m.editedAt ? new Date(m.editedAt).toISOString() : null,
    deletedAt: m.deletedAt ? new Date(m.deletedAt).toISOString() : null,
  };
}

export function signChatUser(secret: string, chatUserId: string): string {
  return createHmac('sha256', secret).update(chatUserId).digest('base64url');
}

/** Loads a conversation the actor may read (404 otherwise). */
export async function readableConversation(db: Database, actor: Actor, id: string): Promise<ConversationRow> {
  const c = await repo.findConversation(db, id);
  if (!c) throw notVisible('conversation');
  await authorize(actor, 'chat.conversation.read', await subjectOf(db, c, actor.personId));
  return c;
}

async function contactSubject(db: Database, actor: Actor, tenantId: string, personId: string) {
  const [isMember, reachable, blocked] = await Promise.all([
    repo.isActiveMember(db, tenantId, personId),
    repo.isReachable(db, tenantId, personId),
    repo.isBlockedBetween(db, actor.personId, personId),
  ]);
  return { type: 'chatContact' as const, tenantId, personId, isMember, reachable, blocked };
}

/** Seals the access token with a key derived from the ticket: the stored row alone does not reveal it. */
function sealToken(ticket: string, token: string): string {
  const key = createHash('sha256').update(`vh-chat-ticket:${ticket}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
}

function unsealToken(ticket: string, sealed: string): string | undefined {
  try {
    const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const key = createHash('sha256').update(`vh-chat-ticket:${ticket}`).digest();
    const decipher = createDecipheriv('aes-256-gcm', key, iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

async function ownMessage(db: Database, actor: Actor, messageId: string): Promise<FullMessageRow> {
  const m = await repo.findMessage(db, messageId);
  if (!m) throw notVisible('chatMessage');
  await authorize(actor, 'own.write', {
    type: 'owned',
    what: 'chatMessage',
    personId: m.senderPersonId ?? '',
  });
  // Still a participant (a former team member cannot edit in the team any more).
  await readableConversation(db, actor, m.conversationId);
  if (m.deletedAt) throw new HttpProblem(409, 'The message was deleted.', { code: 'chat.message.deleted' });
  return m;
}

export function chatService(settings: ChatSettings) {
  const service = {
    account(actor: Actor): ChatAccount {
      const chatUserId = actor.personId;
      const url = new URL('/api/chat/ws', settings.publicUrl);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      return {
        chatUserId,
        chatUserSignature: signChatUser(settings.secret, chatUserId),
        appId: settings.appId,
        websocketUrl: url.toString(),
      };
    },

    async conversations(db: Database, actor: Actor, lng: Language): Promise<ChatConversationList> {
      const scope = await actor.scope();
      await repo.ensureOwnConversations(db, actor.personId, scope.tenantIds, scope.teamIds);
      const list = await repo.listConversations(db, actor.personId, scope.tenantIds, scope.teamIds);
      // The last messages and the direct conversations' blocks and settings for the whole list at once, not per
      // conversation.
      const directOthers = list.flatMap((c) => directOther(c, actor.personId) ?? []);
      const [lastMessages, direct] = await Promise.all([
        repo.findMessages(
          db,
          list.flatMap((c) => (c.lastMessageId ? [c.lastMessageId] : [])),
        ),
        repo.directFactsWith(db, actor.personId, directOthers),
      ]);
      const items = await Promise.all(
        list.map((c) => {
          const other = directOther(c, actor.personId);
          const facts = other ? direct.get(other)! : { blocked: false, recipientOpen: true };
          return present(
            actor,
            c,
            lng,
            c.lastMessageId ? lastMessages.get(c.lastMessageId) : undefined,
            facts,
          );
        }),
      );
      return { items, unreadCount: items.filter((i) => !i.muted).reduce((n, i) => n + i.unreadCount, 0) };
    },

    async describe(
      db: Database,
      actor: Actor,
      c: ConversationListRow,
      lng: Language,
    ): Promise<ChatConversation> {
      const last = c.lastMessageId ? await repo.findMessage(db, c.lastMessageId) : undefined;
      const { blocked, recipientOpen } = await subjectOf(db, c, actor.personId);
      return present(actor, c, lng, last, { blocked, recipientOpen });
    },

    async unreadCount(db: Database, actor: Actor): Promise<{ count: number }> {
      const scope = await actor.scope();
      return { count: await repo.unreadTotal(db, actor.personId, scope.tenantIds, scope.teamIds) };
    },

    async contacts(db: Database, actor: Actor): Promise<{ items: ChatContact[] }> {
      const list = await repo.contacts(db, actor.personId);
      const seen = new Set<string>();
      const items: ChatContact[] = [];
      for (const r of list) {
        const key = `${r.tenant_id}:${r.person_id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        items.push({
          personId: r.person_id,
          name: r.name,
          tenantId: r.tenant_id,
          tenantName: r.tenant_name,
          teamName: r.team_name,
        });
      }
      return { items: items.sort((a, b) => collator('de').compare(a.name, b.name)) };
    },

    async startDirect(
      db: Database,
      actor: Actor,
      input: { tenantId: string; personId: string },
      lng: Language,
    ): Promise<ChatConversation> {
      await actor.scope();
      // Also for an existing conversation: it stays in the list (readable), but is not (re)opened here
      // once the other turned direct messages off or one blocked the other.
      await authorize(
        actor,
        'chat.direct.start',
        await contactSubject(db, actor, input.tenantId, input.personId),
      );
      const existing = await repo.findDirect(db, input.tenantId, actor.personId, input.personId);
      const c =
        existing ??
        (await db.transaction((tx) => repo.createDirect(tx, input.tenantId, actor.personId, input.personId)));
      await readableConversation(db, actor, c.id);
      const scope = await actor.scope();
      const [row] = await repo.listConversations(db, actor.personId, scope.tenantIds, scope.teamIds, c.id);
      return service.describe(db, actor, row!, lng);
    },

    async history(
      db: Database,
      actor: Actor,
      conversationId: string,
      q: ChatHistoryQuery,
    ): Promise<ChatHistory> {
      await readableConversation(db, actor, conversationId);
      const { items, hasMore } = await repo.history(db, conversationId, q);
      return { items: items.map(toMessage), hasMore };
    },

    async send(
      db: Database,
      actor: Actor,
      conversationId: string,
      input: SendChatMessage,
    ): Promise<ChatMessage> {
      const c = await readableConversation(db, actor, conversationId);
      await authorize(actor, 'chat.conversation.write', await subjectOf(db, c, actor.personId));
      if (input.clientId) {
        const again = await repo.messageByClientId(db, c.id, actor.personId, input.clientId);
        if (again) return toMessage(again);
      }
      if (input.replyToId) {
        const original = await repo.findMessage(db, input.replyToId);
        if (!original || original.conversationId !== c.id) throw notVisible('chatMessage');
      }
      const row = await db.transaction((tx) =>
        repo.appendMessage(tx, {
          conversation: c,
          senderPersonId: actor.personId,
          body: input.body,
          clientId: input.clientId ?? null,
          replyToId: input.replyToId ?? null,
          pushDelaySeconds: settings.pushDelaySeconds,
        }),
      );
      return toMessage(row);
    },

    async edit(db: Database, actor: Actor, messageId: string, body: string): Promise<ChatMessage> {
      const m = await ownMessage(db, actor, messageId);
      return toMessage(await db.transaction((tx) => repo.updateMessage(tx, m, { body })));
    },

    async delete(db: Database, actor: Actor, messageId: string): Promise<void> {
      const m = await ownMessage(db, actor, messageId);
      await db.transaction((tx) => repo.updateMessage(tx, m, { deleted: true }));
    },

    async markRead(db: Database, actor: Actor, conversationId: string, seq: number) {
      await readableConversation(db, actor, conversationId);
      const scope = await actor.scope();
      await repo.ensureOwnConversations(db, actor.personId, scope.tenantIds, scope.teamIds);
      return db.transaction((tx) => repo.markRead(tx, conversationId, actor.personId, seq));
    },

    async mute(db: Database, actor: Actor, conversationId: string, muted: boolean) {
      await readableConversation(db, actor, conversationId);
      const scope = await actor.scope();
      await repo.ensureOwnConversations(db, actor.personId, scope.tenantIds, scope.teamIds);
      await repo.setMuted(db, conversationId, actor.personId, muted);
      return { muted };
    },

    async report(db: Database, actor: Actor, messageId: string, reason: string | undefined): Promise<void> {
      const m = await repo.findMessage(db, messageId);
      if (!m) throw notVisible('chatMessage');
      const c = await readableConversation(db, actor, m.conversationId).catch(() => {
        throw notVisible('chatMessage');
      });
      await repo.report(db, {
        tenantId: c.tenantId,
        messageId,
        reporterPersonId: actor.personId,
        reason: reason ?? null,
      });
    },

    async block(db: Database, actor: Actor, personId: string, on: boolean): Promise<void> {
      const tenantId = await repo.sharedClub(db, actor.personId, personId);
      if (!tenantId) throw notVisible('chatContact');
      await authorize(actor, 'chat.person.block', await contactSubject(db, actor, tenantId, personId));
      if (on) await repo.block(db, actor.personId, personId);
      else await repo.unblock(db, actor.personId, personId);
    },

    async settings(db: Database, actor: Actor): Promise<{ directMessages: boolean }> {
      await authorize(actor, 'own.read', { type: 'owned', what: 'chatSettings', personId: actor.personId });
      return { directMessages: await repo.directMessagesOn(db, actor.personId) };
    },

    async setDirectMessages(db: Database, actor: Actor, on: boolean) {
      await authorize(actor, 'own.write', { type: 'owned', what: 'chatSettings', personId: actor.personId });
      await repo.setDirectMessages(db, actor.personId, on);
      return { directMessages: on };
    },

    /** Adds or removes the actor's reaction (also in the club channel, where members cannot write). */
    async react(db: Database, actor: Actor, messageId: string, input: ChatReact): Promise<ChatMessage> {
      const m = await repo.findMessage(db, messageId);
      if (!m) throw notVisible('chatMessage');
      const c = await repo.findConversation(db, m.conversationId);
      if (!c) throw notVisible('chatMessage');
      const subject = await subjectOf(db, c, actor.personId);
      if (!(await can(actor, 'chat.conversation.read', subject))) throw notVisible('chatMessage');
      await authorize(actor, 'chat.message.react', subject);
      if (m.deletedAt)
        throw new HttpProblem(409, 'The message was deleted.', { code: 'chat.message.deleted' });
      return toMessage(
        await db.transaction((tx) => repo.setReaction(tx, m, actor.personId, input.emoji, input.reacted)),
      );
    },

    /** The club's reported messages, for its admins. */
    async reports(db: Database, actor: Actor, tenantId: string, lng: Language): Promise<ChatReportList> {
      await authorize(actor, 'chat.reports.manage', { type: 'club', tenantId });
      const list = await repo.reports(db, tenantId);
      const byMessage = new Map<string, typeof list>();
      for (const r of list) byMessage.set(r.message_id, [...(byMessage.get(r.message_id) ?? []), r]);
      const items: ChatReportList['items'] = [];
      for (const [messageId, reports] of byMessage) {
        const m = await repo.findMessage(db, messageId);
        const c = m && (await repo.findConversation(db, m.conversationId));
        if (!m || !c) continue;
        const [row] = await repo.listTitles(db, c.id);
        items.push({
          message: toMessage(m),
          conversationKind: c.kind,
          conversationTitle:
            c.kind === 'club'
              ? render(lng, { key: 'chat.clubChannel' })
              : c.kind === 'team'
                ? (row?.team_name ?? '')
                : (row?.direct_names ?? ''),
          reports: reports.map((r) => ({
            reporterName: r.reporter_name,
            reason: r.reason,
            createdAt: new Date(r.created_at).toISOString(),
          })),
        });
      }
      return { items };
    },

    /** An admin closes the reports of a message without touching it. */
    async dismissReports(db: Database, actor: Actor, tenantId: string, messageId: string): Promise<void> {
      await authorize(actor, 'chat.reports.manage', { type: 'club', tenantId });
      if (!(await repo.isReported(db, tenantId, messageId))) throw notVisible('chatMessage');
      await repo.dismissReports(db, tenantId, messageId);
    },

    /** An admin deletes a reported message (the mark stays) and closes its reports, in one transaction. */
    async deleteReported(db: Database, actor: Actor, tenantId: string, messageId: string): Promise<void> {
      await authorize(actor, 'chat.reports.manage', { type: 'club', tenantId });
      if (!(await repo.isReported(db, tenantId, messageId))) throw notVisible('chatMessage');
      const m = (await repo.findMessage(db, messageId))!;
      await db.transaction(async (tx) => {
        if (!m.deletedAt) await repo.updateMessage(tx, m, { deleted: true });
        await repo.dismissReports(tx, tenantId, messageId);
      });
    },

    /** A single-use ticket standing for the actor's bearer token on the WebSocket upgrade. */
    async ticket(db: Database, actor: Actor, token: string | undefined): Promise<ChatTicket> {
      await authorize(actor, 'own.write', { type: 'owned', what: 'chatSettings', personId: actor.personId });
      if (actor.via !== 'bearer' || !token)
        throw new HttpProblem(400, 'A ticket is only for clients with a bearer token.', {
          code: 'chat.ticket.bearerOnly',
        });
      const ticket = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + CHAT_TICKET_SECONDS * 1000);
      await repo.saveTicket(db, {
        ticketHash: ticketHash(ticket),
        personId: actor.personId,
        sealedToken: sealToken(ticket, token),
        expiresAt,
      });
      const url = new URL(service.account(actor).websocketUrl);
      url.searchParams.set('ticket', ticket);
      return { ticket, expiresAt: expiresAt.toISOString(), websocketUrl: url.toString() };
    },

    /** The bearer token a ticket stands for (the ticket is used up either way); undefined if invalid. */
    async redeemTicket(db: Database, ticket: string): Promise<string | undefined> {
      const row = await repo.takeTicket(db, ticketHash(ticket));
      return row ? unsealToken(ticket, row.sealedToken) : undefined;
    },
  };
  return service;
}

export type ChatService = ReturnType<typeof chatService>;
