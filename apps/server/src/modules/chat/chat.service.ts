import { createHmac } from 'node:crypto';
import type {
  ChatAccount,
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
import { HttpProblem } from '../../lib/problem.ts';
import { authorize, can, notVisible, type Actor } from '../../policy/index.ts';
import {
  chatRepository as repo,
  participantsOf,
  type ConversationListRow,
  type ConversationRow,
  type MessageRow,
} from './chat.repository.ts';

export interface ChatSettings {
  secret: string;
  appId: string;
  publicUrl: string;
  pushDelaySeconds: number;
}

/** The conversation as the policy sees it. */
async function subjectOf(db: DbOrTx, c: ConversationRow) {
  const participantIds = participantsOf(c);
  const blocked =
    c.kind === 'direct' && participantIds.length === 2
      ? await repo.isBlockedBetween(db, participantIds[0]!, participantIds[1]!)
      : false;
  return {
    type: 'conversation' as const,
    tenantId: c.tenantId,
    kind: c.kind,
    teamId: c.teamId,
    participantIds,
    blocked,
  };
}

export function toMessage(m: MessageRow): ChatMessage {
  return {
    id: m.id,
    conversationId: m.conversationId,
    seq: Number(m.seq),
    senderPersonId: m.senderPersonId,
    senderName: m.senderName,
    body: m.deletedAt ? '' : m.body,
    replyToId: m.replyToId,
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
  await authorize(actor, 'chat.conversation.read', await subjectOf(db, c));
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

async function ownMessage(db: Database, actor: Actor, messageId: string): Promise<MessageRow> {
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
      const items: ChatConversation[] = [];
      for (const c of list) items.push(await service.describe(db, actor, c, lng));
      return { items, unreadCount: items.filter((i) => !i.muted).reduce((n, i) => n + i.unreadCount, 0) };
    },

    async describe(
      db: Database,
      actor: Actor,
      c: ConversationListRow,
      lng: Language,
    ): Promise<ChatConversation> {
      const last = c.lastMessageId ? await repo.findMessage(db, c.lastMessageId) : undefined;
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
        canWrite: await can(actor, 'chat.conversation.write', await subjectOf(db, c)),
        lastMessage: last ? toMessage(last) : null,
      };
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
      return { items: items.sort((a, b) => a.name.localeCompare(b.name)) };
    },

    async startDirect(
      db: Database,
      actor: Actor,
      input: { tenantId: string; personId: string },
      lng: Language,
    ): Promise<ChatConversation> {
      await actor.scope();
      const existing = await repo.findDirect(db, input.tenantId, actor.personId, input.personId);
      if (!existing)
        await authorize(
          actor,
          'chat.direct.start',
          await contactSubject(db, actor, input.tenantId, input.personId),
        );
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
      await authorize(actor, 'chat.conversation.write', await subjectOf(db, c));
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

    async setDirectMessages(db: Database, actor: Actor, on: boolean) {
      await repo.setDirectMessages(db, actor.personId, on);
      return { directMessages: on };
    },
  };
  return service;
}

export type ChatService = ReturnType<typeof chatService>;
