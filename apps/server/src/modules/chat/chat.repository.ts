import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { ChatConversationKind, ChatReaction, ChatReplyPreview } from '@vereinsheim/contracts';
import type { DbOrTx } from '../../db/client.ts';
import {
  chatBlocks,
  chatConversations,
  chatMembers,
  chatMessages,
  chatReactions,
  chatReports,
  chatSettings,
  chatTickets,
  persons,
} from '../../db/schema/index.ts';

/** The NOTIFY channel of the chat (docs/chat-protocol.md, "Fan-out"). */
export const CHAT_CHANNEL = 'vh_chat';

/** What goes through NOTIFY: small (ids only); every instance reads the rest from the database. */
export type ChatEvent =
  | { k: 'm'; c: string; id: string; s: number }
  | { k: 'u'; c: string; id: string; s: number }
  | { k: 'r'; c: string; p: string; s: number; n: number };

export interface ConversationRow {
  id: string;
  tenantId: string;
  kind: ChatConversationKind;
  teamId: string | null;
  directPersonA: string | null;
  directPersonB: string | null;
  lastSeq: number;
}

export interface MessageRow {
  id: string;
  conversationId: string;
  seq: number;
  senderPersonId: string | null;
  senderName: string | null;
  body: string;
  replyToId: string | null;
  clientId: string | null;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
}

/** A message with what the reader sees around it: the quoted message and the reactions. */
export interface FullMessageRow extends MessageRow {
  replyTo: ChatReplyPreview | null;
  reactions: ChatReaction[];
}

/** The quoted text of a reply: its first characters. */
const QUOTE_LENGTH = 140;

export interface ConversationListRow extends ConversationRow {
  tenantName: string;
  teamName: string | null;
  otherPersonId: string | null;
  otherName: string | null;
  readSeq: number;
  unreadCount: number;
  muted: boolean;
  lastMessageId: string | null;
}

const rows = async <T>(db: DbOrTx, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const num = (v: unknown) => Number(v);

const messageColumns = {
  id: chatMessages.id,
  conversationId: chatMessages.conversationId,
  seq: chatMessages.seq,
  senderPersonId: chatMessages.senderPersonId,
  senderName: sql<
    string | null
  >`case when ${persons.id} is null then null else ${persons.firstName} || ' ' || ${persons.lastName} end`,
  body: chatMessages.body,
  replyToId: chatMessages.replyToId,
  clientId: chatMessages.clientId,
  createdAt: chatMessages.createdAt,
  editedAt: chatMessages.editedAt,
  deletedAt: chatMessages.deletedAt,
};

const conversationColumns = {
  id: chatConversations.id,
  tenantId: chatConversations.tenantId,
  kind: chatConversations.kind,
  teamId: chatConversations.teamId,
  directPersonA: chatConversations.directPersonA,
  directPersonB: chatConversations.directPersonB,
  lastSeq: chatConversations.lastSeq,
};

const ordered = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);
export const participantsOf = (c: { directPersonA: string | null; directPersonB: string | null }) =>
  c.directPersonA && c.directPersonB ? [c.directPersonA, c.directPersonB] : [];

export const chatRepository = {
  /** The club channels and team conversations of the actor's clubs and teams (created on first use). */
  async ensureOwnConversations(
    db: DbOrTx,
    personId: string,
    tenantIds: readonly string[],
    teamIds: readonly string[],
  ): Promise<void> {
    if (tenantIds.length > 0)
      await db.execute(sql`insert into chat_conversations (tenant_id, kind)
        select t, 'club' from unnest(${uuidArray(tenantIds)}) t
        on conflict do nothing`);
    if (teamIds.length > 0)
      await db.execute(sql`insert into chat_conversations (tenant_id, kind, team_id)
        select tenant_id, 'team', id from teams
        where id = any(${uuidArray(teamIds)})
        on conflict do nothing`);
    // A new member starts with everything read (no flood of old messages).
    await db.execute(sql`insert into chat_members (conversation_id, person_id, read_seq)
      select c.id, ${personId}::uuid, c.last_seq from chat_conversations c
      where (c.kind = 'club' and c.tenant_id = any(${uuidArray(tenantIds)}))
         or (c.kind = 'team' and c.team_id = any(${uuidArray(teamIds)}))
      on conflict do nothing`);
  },

  /**
   * The actor's conversations (the SQL twin of `chat.conversation.read`: a member row, and for club and
   * team conversations the actor's current clubs and teams), unread first, then newest first.
   */
  async listConversations(
    db: DbOrTx,
    personId: string,
    tenantIds: readonly string[],
    teamIds: readonly string[],
    onlyId?: string,
  ): Promise<ConversationListRow[]> {
    const list = await rows<Record<string, unknown>>(
      db,
      sql`select c.id, c.tenant_id, c.kind, c.team_id, c.direct_person_a, c.direct_person_b, c.last_seq, t.name as tenant_name,
          tm.name as team_name, o.id as other_person_id, o.first_name || ' ' || o.last_name as other_name,
          m.read_seq, m.unread_count, m.muted,
          (select id from chat_messages x where x.conversation_id = c.id order by x.seq desc limit 1) as last_message_id
        from chat_members m
        join chat_conversations c on c.id = m.conversation_id
        join tenants t on t.id = c.tenant_id
        left join teams tm on tm.id = c.team_id
        left join persons o on c.kind = 'direct'
          and o.id = (case when c.direct_person_a = ${personId}::uuid then c.direct_person_b else c.direct_person_a end)
        where m.person_id = ${personId}
          and c.tenant_id = any(${uuidArray(tenantIds)})
          and (c.kind <> 'team' or c.team_id = any(${uuidArray(teamIds)}))
          ${onlyId ? sql`and c.id = ${onlyId}` : sql``}
        order by (m.unread_count > 0) desc, c.last_message_at desc nulls last, c.created_at`,
    );
    return list.map((r) => ({
      id: r.id as string,
      tenantId: r.tenant_id as string,
      kind: r.kind as ChatConversationKind,
      teamId: (r.team_id as string | null) ?? null,
      directPersonA: (r.direct_person_a as string | null) ?? null,
      directPersonB: (r.direct_person_b as string | null) ?? null,
      lastSeq: num(r.last_seq),
      tenantName: r.tenant_name as string,
      teamName: (r.team_name as string | null) ?? null,
      otherPersonId: (r.other_person_id as string | null) ?? null,
      otherName: (r.other_name as string | null) ?? null,
      readSeq: num(r.read_seq),
      unreadCount: num(r.unread_count),
      muted: Boolean(r.muted),
      lastMessageId: (r.last_message_id as string | null) ?? null,
    }));
  },

  async unreadTotal(
    db: DbOrTx,
    personId: string,
    tenantIds: readonly string[],
    teamIds: readonly string[],
  ): Promise<number> {
    const [r] = await rows<{ n: unknown }>(
      db,
      sql`select coalesce(sum(m.unread_count), 0) as n from chat_members m
        join chat_conversations c on c.id = m.conversation_id
        where m.person_id = ${personId} and not m.muted
          and c.tenant_id = any(${uuidArray(tenantIds)})
          and (c.kind <> 'team' or c.team_id = any(${uuidArray(teamIds)}))`,
    );
    return num(r?.n ?? 0);
  },

  async findConversation(db: DbOrTx, id: string): Promise<ConversationRow | undefined> {
    const [row] = await db
      .select(conversationColumns)
      .from(chatConversations)
      .where(eq(chatConversations.id, id));
    return row;
  },

  async findDirect(db: DbOrTx, tenantId: string, a: string, b: string) {
    const [row] = await db
      .select(conversationColumns)
      .from(chatConversations)
      .where(
        and(
          eq(chatConversations.tenantId, tenantId),
          eq(chatConversations.directPersonA, ordered(a, b)[0]),
          eq(chatConversations.directPersonB, ordered(a, b)[1]),
        ),
      );
    return row;
  },

  async createDirect(db: DbOrTx, tenantId: string, a: string, b: string): Promise<ConversationRow> {
    await db
      .insert(chatConversations)
      .values({ tenantId, kind: 'direct', directPersonA: ordered(a, b)[0], directPersonB: ordered(a, b)[1] })
      .onConflictDoNothing();
    const row = (await this.findDirect(db, tenantId, a, b))!;
    await db
      .insert(chatMembers)
      .values([
        { conversationId: row.id, personId: a },
        { conversationId: row.id, personId: b },
      ])
      .onConflictDoNothing();
    return row;
  },

  async member(db: DbOrTx, conversationId: string, personId: string) {
    const [row] = await db
      .select()
      .from(chatMembers)
      .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.personId, personId)));
    return row;
  },

  async isBlockedBetween(db: DbOrTx, a: string, b: string): Promise<boolean> {
    const [r] = await rows<{ n: unknown }>(
      db,
      sql`select count(*) as n from chat_blocks where (blocker_person_id = ${a} and blocked_person_id = ${b})
        or (blocker_person_id = ${b} and blocked_person_id = ${a})`,
    );
    return num(r?.n) > 0;
  },

  async isActiveMember(db: DbOrTx, tenantId: string, personId: string): Promise<boolean> {
    const [r] = await rows<{ n: unknown }>(
      db,
      sql`select count(*) as n from memberships where tenant_id = ${tenantId} and person_id = ${personId}
        and (ends_on is null or ends_on >= current_date)`,
    );
    return num(r?.n) > 0;
  },

  /**
   * Whether others may start direct conversations with the person: direct messages are on unless the
   * person turned them off (ADR 0022: the explicit choice wins over shared contact data).
   */
  async isReachable(db: DbOrTx, _tenantId: string, personId: string): Promise<boolean> {
    return this.directMessagesOn(db, personId);
  },

  /** The team's name or the two persons' names of a direct conversation (the admins' report list). */
  async listTitles(db: DbOrTx, conversationId: string) {
    return rows<{ team_name: string | null; direct_names: string | null }>(
      db,
      sql`select tm.name as team_name, a.first_name || ' ' || a.last_name || ' · ' || b.first_name || ' ' || b.last_name as direct_names
        from chat_conversations c left join teams tm on tm.id = c.team_id
        left join persons a on a.id = c.direct_person_a left join persons b on b.id = c.direct_person_b
        where c.id = ${conversationId}`,
    );
  },

  async setDirectMessages(db: DbOrTx, personId: string, on: boolean): Promise<void> {
    await db
      .insert(chatSettings)
      .values({ personId, directMessages: on })
      .onConflictDoUpdate({
        target: chatSettings.personId,
        set: { directMessages: on, updatedAt: new Date() },
      });
  },

  async messageByClientId(
    db: DbOrTx,
    conversationId: string,
    senderPersonId: string,
    clientId: string,
  ): Promise<FullMessageRow | undefined> {
    const [row] = await db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(persons, eq(persons.id, chatMessages.senderPersonId))
      .where(
        and(
          eq(chatMessages.conversationId, conversationId),
          eq(chatMessages.senderPersonId, senderPersonId),
          eq(chatMessages.clientId, clientId),
        ),
      );
    return row ? (await withExtras(db, [row]))[0] : undefined;
  },

  /** Messages by id with their reactions and quotes, in three queries however many (the conversation list). */
  async findMessages(db: DbOrTx, ids: readonly string[]): Promise<Map<string, FullMessageRow>> {
    if (ids.length === 0) return new Map();
    const found = await db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(persons, eq(persons.id, chatMessages.senderPersonId))
      .where(sql`${chatMessages.id} = any(${uuidArray([...ids])})`);
    return new Map((await withExtras(db, found)).map((m) => [m.id, m]));
  },

  /**
   * For each of `others`: whether they and `personId` blocked one another (either way), and whether they accept
   * direct messages; one query for all of a person's direct conversations.
   */
  async directFactsWith(
    db: DbOrTx,
    personId: string,
    others: readonly string[],
  ): Promise<Map<string, { blocked: boolean; recipientOpen: boolean }>> {
    if (others.length === 0) return new Map();
    const found = await rows<{ id: string; blocked: boolean; open: boolean | null }>(
      db,
      sql`select o.id,
          exists(select 1 from chat_blocks b
            where (b.blocker_person_id = ${personId} and b.blocked_person_id = o.id)
               or (b.blocker_person_id = o.id and b.blocked_person_id = ${personId})) as blocked,
          (select s.direct_messages from chat_settings s where s.person_id = o.id) as open
        from unnest(${uuidArray([...new Set(others)])}) as o(id)`,
    );
    return new Map(found.map((r) => [r.id, { blocked: r.blocked === true, recipientOpen: r.open ?? true }]));
  },

  async findMessage(db: DbOrTx, id: string): Promise<FullMessageRow | undefined> {
    const [row] = await db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(persons, eq(persons.id, chatMessages.senderPersonId))
      .where(eq(chatMessages.id, id));
    return row ? (await withExtras(db, [row]))[0] : undefined;
  },

  /** Adds or removes the person's reaction; NOTIFYs an update of the message. */
  async setReaction(
    tx: DbOrTx,
    message: MessageRow,
    personId: string,
    emoji: string,
    reacted: boolean,
  ): Promise<FullMessageRow> {
    if (reacted)
      await tx.insert(chatReactions).values({ messageId: message.id, personId, emoji }).onConflictDoNothing();
    else
      await tx
        .delete(chatReactions)
        .where(
          and(
            eq(chatReactions.messageId, message.id),
            eq(chatReactions.personId, personId),
            eq(chatReactions.emoji, emoji),
          ),
        );
    await notify(tx, { k: 'u', c: message.conversationId, id: message.id, s: message.seq });
    return (await this.findMessage(tx, message.id))!;
  },

  async directMessagesOn(db: DbOrTx, personId: string): Promise<boolean> {
    const [row] = await db
      .select({ on: chatSettings.directMessages })
      .from(chatSettings)
      .where(eq(chatSettings.personId, personId));
    return row?.on ?? true;
  },

  /** Reported messages of the club, newest report first, with every report. */
  async reports(db: DbOrTx, tenantId: string) {
    return rows<{
      message_id: string;
      reporter_name: string;
      reason: string | null;
      created_at: Date | string;
    }>(
      db,
      sql`select r.message_id, p.first_name || ' ' || p.last_name as reporter_name, r.reason, r.created_at
        from chat_reports r join persons p on p.id = r.reporter_person_id
        where r.tenant_id = ${tenantId}
        order by r.created_at desc`,
    );
  },

  /** Whether the message has a report in the club (what the admins may act on). */
  async isReported(db: DbOrTx, tenantId: string, messageId: string): Promise<boolean> {
    const [r] = await rows<{ n: unknown }>(
      db,
      sql`select count(*) as n from chat_reports where tenant_id = ${tenantId} and message_id = ${messageId}`,
    );
    return num(r?.n) > 0;
  },

  async dismissReports(db: DbOrTx, tenantId: string, messageId: string): Promise<void> {
    await db
      .delete(chatReports)
      .where(and(eq(chatReports.tenantId, tenantId), eq(chatReports.messageId, messageId)));
  },

  async saveTicket(
    db: DbOrTx,
    input: { ticketHash: string; personId: string; sealedToken: string; expiresAt: Date },
  ): Promise<void> {
    await db.delete(chatTickets).where(lt(chatTickets.expiresAt, new Date()));
    await db.insert(chatTickets).values(input);
  },

  /** Takes the ticket (single use: deleted whether valid or not); undefined when unknown or expired. */
  async takeTicket(db: DbOrTx, ticketHash: string): Promise<{ sealedToken: string } | undefined> {
    const [row] = await db
      .delete(chatTickets)
      .where(eq(chatTickets.ticketHash, ticketHash))
      .returning({ sealedToken: chatTickets.sealedToken, expiresAt: chatTickets.expiresAt });
    return row && row.expiresAt.getTime() > Date.now() ? { sealedToken: row.sealedToken } : undefined;
  },

  /**
   * Keeps a team's or club's member rows equal to its current team members / active club members (in the
   * sending transaction, so the unread counters below reach everybody who may read the message).
   */
  async syncMembers(tx: DbOrTx, c: ConversationRow): Promise<void> {
    if (c.kind === 'direct') return;
    const eligible =
      c.kind === 'team'
        ? sql`select distinct person_id from team_members where team_id = ${c.teamId}`
        : sql`select distinct person_id from memberships where tenant_id = ${c.tenantId}
            and (ends_on is null or ends_on >= current_date)`;
    await tx.execute(sql`insert into chat_members (conversation_id, person_id, read_seq)
      select ${c.id}::uuid, e.person_id, ${c.lastSeq}::bigint from (${eligible}) e on conflict do nothing`);
    await tx.execute(sql`delete from chat_members where conversation_id = ${c.id}
      and person_id not in (${eligible})`);
  },

  /**
   * Appends a message: the next sequence under the conversation's row lock, the unread counters and due
   * pushes of the other members, the sender's read marker and the NOTIFY — all in the caller's transaction.
   */
  async appendMessage(
    tx: DbOrTx,
    input: {
      conversation: ConversationRow;
      senderPersonId: string;
      body: string;
      clientId: string | null;
      replyToId: string | null;
      pushDelaySeconds: number;
    },
  ): Promise<FullMessageRow> {
    const { conversation: c } = input;
    const [{ lastSeq }] = (await tx
      .update(chatConversations)
      .set({ lastSeq: sql`${chatConversations.lastSeq} + 1`, lastMessageAt: sql`now()` })
      .where(eq(chatConversations.id, c.id))
      .returning({ lastSeq: chatConversations.lastSeq })) as [{ lastSeq: number }];
    await this.syncMembers(tx, { ...c, lastSeq: lastSeq - 1 });
    const [inserted] = await tx
      .insert(chatMessages)
      .values({
        conversationId: c.id,
        seq: lastSeq,
        senderPersonId: input.senderPersonId,
        body: input.body,
        clientId: input.clientId,
        replyToId: input.replyToId,
      })
      .returning({ id: chatMessages.id });
    await tx.execute(sql`update chat_members set unread_count = unread_count + 1,
        push_due_at = case when muted then push_due_at
          else coalesce(push_due_at, now() + make_interval(secs => ${input.pushDelaySeconds}::double precision)) end
      where conversation_id = ${c.id} and person_id <> ${input.senderPersonId}`);
    await tx
      .update(chatMembers)
      .set({ readSeq: lastSeq, unreadCount: 0, pushDueAt: null })
      .where(and(eq(chatMembers.conversationId, c.id), eq(chatMembers.personId, input.senderPersonId)));
    await notify(tx, { k: 'm', c: c.id, id: inserted!.id, s: lastSeq });
    return (await this.findMessage(tx, inserted!.id))!;
  },

  async updateMessage(
    tx: DbOrTx,
    message: MessageRow,
    change: { body: string } | { deleted: true },
  ): Promise<FullMessageRow> {
    await tx
      .update(chatMessages)
      .set(
        'body' in change ? { body: change.body, editedAt: new Date() } : { body: '', deletedAt: new Date() },
      )
      .where(eq(chatMessages.id, message.id));
    await notify(tx, { k: 'u', c: message.conversationId, id: message.id, s: message.seq });
    return (await this.findMessage(tx, message.id))!;
  },

  async history(
    db: DbOrTx,
    conversationId: string,
    q: { beforeSeq?: number; afterSeq?: number; limit: number },
  ): Promise<{ items: FullMessageRow[]; hasMore: boolean }> {
    const forward = q.afterSeq !== undefined && q.beforeSeq === undefined;
    const where = [eq(chatMessages.conversationId, conversationId)];
    if (q.afterSeq !== undefined) where.push(gt(chatMessages.seq, q.afterSeq));
    if (q.beforeSeq !== undefined) where.push(lt(chatMessages.seq, q.beforeSeq));
    const list = (await db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(persons, eq(persons.id, chatMessages.senderPersonId))
      .where(and(...where))
      .orderBy(forward ? asc(chatMessages.seq) : desc(chatMessages.seq))
      .limit(q.limit + 1)) as MessageRow[];
    const hasMore = list.length > q.limit;
    const items = await withExtras(db, list.slice(0, q.limit));
    return { items: forward ? items : items.reverse(), hasMore };
  },

  /** Moves the read marker forward (never back) and recounts the unread messages of others after it. */
  async markRead(
    tx: DbOrTx,
    conversationId: string,
    personId: string,
    seq: number,
  ): Promise<{ readSeq: number; unreadCount: number }> {
    const [r] = await rows<{ read_seq: unknown; unread_count: unknown }>(
      tx,
      sql`update chat_members m set read_seq = greatest(m.read_seq, least(${seq}::bigint, c.last_seq)),
          unread_count = (select count(*) from chat_messages x where x.conversation_id = m.conversation_id
            and x.seq > greatest(m.read_seq, least(${seq}::bigint, c.last_seq))
            and x.sender_person_id is distinct from m.person_id and x.deleted_at is null),
          push_due_at = null
        from chat_conversations c
        where c.id = m.conversation_id and m.conversation_id = ${conversationId} and m.person_id = ${personId}
        returning m.read_seq, m.unread_count`,
    );
    const result = { readSeq: num(r?.read_seq ?? 0), unreadCount: num(r?.unread_count ?? 0) };
    await notify(tx, { k: 'r', c: conversationId, p: personId, s: result.readSeq, n: result.unreadCount });
    return result;
  },

  async setMuted(db: DbOrTx, conversationId: string, personId: string, muted: boolean): Promise<void> {
    await db
      .update(chatMembers)
      .set({ muted, ...(muted ? { pushDueAt: null } : {}) })
      .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.personId, personId)));
  },

  async report(
    db: DbOrTx,
    input: { tenantId: string; messageId: string; reporterPersonId: string; reason: string | null },
  ) {
    await db.insert(chatReports).values(input).onConflictDoNothing();
  },

  async block(db: DbOrTx, blockerPersonId: string, blockedPersonId: string): Promise<void> {
    await db.insert(chatBlocks).values({ blockerPersonId, blockedPersonId }).onConflictDoNothing();
  },

  async unblock(db: DbOrTx, blockerPersonId: string, blockedPersonId: string): Promise<void> {
    await db
      .delete(chatBlocks)
      .where(
        and(eq(chatBlocks.blockerPersonId, blockerPersonId), eq(chatBlocks.blockedPersonId, blockedPersonId)),
      );
  },

  /** A club both persons actively belong to (the first by id), or undefined. */
  async sharedClub(db: DbOrTx, a: string, b: string): Promise<string | undefined> {
    const [r] = await rows<{ tenant_id: string }>(
      db,
      sql`select x.tenant_id from memberships x join memberships y on y.tenant_id = x.tenant_id
        where x.person_id = ${a} and y.person_id = ${b}
          and (x.ends_on is null or x.ends_on >= current_date) and (y.ends_on is null or y.ends_on >= current_date)
        order by x.tenant_id limit 1`,
    );
    return r?.tenant_id;
  },

  /** Teammates, trainers and team contact persons of the person's teams, in their clubs. */
  async contacts(db: DbOrTx, personId: string) {
    return rows<{
      person_id: string;
      name: string;
      tenant_id: string;
      tenant_name: string;
      team_name: string | null;
    }>(
      db,
      sql`select distinct on (p.id, t.id) p.id as person_id, p.first_name || ' ' || p.last_name as name,
          t.id as tenant_id, t.name as tenant_name, tm.name as team_name
        from team_members mine
        join teams tm on tm.id = mine.team_id
        join tenants t on t.id = tm.tenant_id
        join (select team_id, person_id from team_members
              union select team_id, person_id from team_contact_persons where person_id is not null) other
          on other.team_id = mine.team_id and other.person_id <> ${personId}
        join persons p on p.id = other.person_id
        where mine.person_id = ${personId}
        order by p.id, t.id, tm.name`,
    );
  },

  /** Persons of the conversation (the hub delivers to their sockets). */
  async memberIds(db: DbOrTx, conversationId: string): Promise<string[]> {
    const list = await db
      .select({ personId: chatMembers.personId })
      .from(chatMembers)
      .where(eq(chatMembers.conversationId, conversationId));
    return list.map((r) => r.personId);
  },

  /**
   * Claims members whose delayed push is due (FOR UPDATE SKIP LOCKED: instances share the work): those
   * still unread and not pushed within `intervalSeconds` are returned and stamped; the others are
   * re-scheduled or cleared.
   */
  async claimDuePushes(tx: DbOrTx, intervalSeconds: number, limit: number) {
    const due = await rows<{
      conversation_id: string;
      person_id: string;
      unread_count: unknown;
      last_pushed_at: Date | string | null;
    }>(
      tx,
      sql`select conversation_id, person_id, unread_count, last_pushed_at from chat_members
        where push_due_at is not null and push_due_at <= now()
        order by push_due_at limit ${limit} for update skip locked`,
    );
    const claimed: { conversationId: string; personId: string; unreadCount: number }[] = [];
    for (const d of due) {
      const last = d.last_pushed_at ? new Date(d.last_pushed_at).getTime() : 0;
      const next = last + intervalSeconds * 1000;
      const key = and(
        eq(chatMembers.conversationId, d.conversation_id),
        eq(chatMembers.personId, d.person_id),
      );
      if (num(d.unread_count) === 0) {
        await tx.update(chatMembers).set({ pushDueAt: null }).where(key);
      } else if (next > Date.now()) {
        await tx
          .update(chatMembers)
          .set({ pushDueAt: new Date(next) })
          .where(key);
      } else {
        await tx.update(chatMembers).set({ pushDueAt: null, lastPushedAt: new Date() }).where(key);
        claimed.push({
          conversationId: d.conversation_id,
          personId: d.person_id,
          unreadCount: num(d.unread_count),
        });
      }
    }
    return claimed;
  },

  /** The newest unread message of another person in the conversation (the push's text). */
  async pushContext(db: DbOrTx, conversationId: string, personId: string) {
    const [r] = await rows<{
      sender_name: string | null;
      body: string;
      kind: ChatConversationKind;
      team_name: string | null;
    }>(
      db,
      sql`select p.first_name || ' ' || p.last_name as sender_name, x.body, c.kind, tm.name as team_name
        from chat_messages x join chat_conversations c on c.id = x.conversation_id
        left join persons p on p.id = x.sender_person_id left join teams tm on tm.id = c.team_id
        where x.conversation_id = ${conversationId} and x.sender_person_id is distinct from ${personId}
          and x.deleted_at is null
        order by x.seq desc limit 1`,
    );
    return r;
  },
};

/** The quoted messages and the reactions of these messages (two queries for the whole page). */
async function withExtras(db: DbOrTx, list: MessageRow[]): Promise<FullMessageRow[]> {
  if (list.length === 0) return [];
  const ids = list.map((m) => m.id);
  const replyIds = [...new Set(list.flatMap((m) => (m.replyToId ? [m.replyToId] : [])))];
  const [reactions, quoted] = await Promise.all([
    rows<{ message_id: string; emoji: string; person_id: string; name: string }>(
      db,
      sql`select x.message_id, x.emoji, x.person_id, p.first_name || ' ' || p.last_name as name
        from chat_reactions x join persons p on p.id = x.person_id
        where x.message_id = any(${uuidArray(ids)}) order by x.created_at, x.person_id`,
    ),
    replyIds.length === 0
      ? Promise.resolve([])
      : rows<{ id: string; sender_name: string | null; body: string; deleted_at: unknown }>(
          db,
          sql`select x.id, p.first_name || ' ' || p.last_name as sender_name, x.body, x.deleted_at
            from chat_messages x left join persons p on p.id = x.sender_person_id
            where x.id = any(${uuidArray(replyIds)})`,
        ),
  ]);
  const quotes = new Map(quoted.map((q) => [q.id, q]));
  return list.map((m) => {
    const byEmoji = new Map<string, ChatReaction>();
    for (const r of reactions.filter((x) => x.message_id === m.id)) {
      const entry = byEmoji.get(r.emoji) ?? {
        emoji: r.emoji as ChatReaction['emoji'],
        personIds: [],
        names: [],
      };
      entry.personIds.push(r.person_id);
      entry.names.push(r.name);
      byEmoji.set(r.emoji, entry);
    }
    const q = m.replyToId ? quotes.get(m.replyToId) : undefined;
    return {
      ...m,
      replyTo: q
        ? {
            id: q.id,
            senderName: q.sender_name ?? null,
            body: q.deleted_at ? '' : q.body.slice(0, QUOTE_LENGTH),
            deleted: Boolean(q.deleted_at),
          }
        : null,
      reactions: [...byEmoji.values()],
    };
  });
}

function uuidArray(ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`array[]::uuid[]`;
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
}

async function notify(tx: DbOrTx, event: ChatEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(event)})`);
}
