import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  ChatAccountSchema,
  ChatConversationListSchema,
  ChatConversationSchema,
  ChatHistorySchema,
  ChatMessageSchema,
  ChatReportListSchema,
  ChatTicketSchema,
  type ChatServerFrame,
} from '@vereinsheim/contracts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { teamMembers, teams } from '../../db/schema/index.ts';

let ctx: TestContext;
let club: string;
let otherClub: string;
let anna: TestPerson;
let ben: TestPerson;
let carla: TestPerson;
let committee: TestPerson;
let stranger: TestPerson;
let teamConversation: string;
let clubChannel: string;
let wsUrl: string;

beforeAll(async () => {
  ctx = await createTestContext();
  club = await ctx.createClub();
  otherClub = await ctx.createClub();
  anna = await ctx.createPerson({ firstName: 'Anna', lastName: 'Alt' });
  ben = await ctx.createPerson({ firstName: 'Ben', lastName: 'Berg' });
  carla = await ctx.createPerson({ firstName: 'Carla', lastName: 'Christ' });
  committee = await ctx.createPerson({ firstName: 'Vera', lastName: 'Vorstand' });
  stranger = await ctx.createPerson();
  for (const p of [anna, ben, carla]) await ctx.addMembership(p.personId, club);
  await ctx.addMembership(committee.personId, club, 'committee');
  await ctx.addMembership(stranger.personId, otherClub);
  const [team] = await ctx.db.insert(teams).values({ tenantId: club, name: 'Erste Herren' }).returning();
  await ctx.db.insert(teamMembers).values([
    { teamId: team!.id, personId: anna.personId, role: 'player' },
    { teamId: team!.id, personId: ben.personId, role: 'trainer' },
  ]);
  const list = ChatConversationListSchema.parse(
    (await req(anna, 'GET', '/api/me/chat/conversations')).json(),
  );
  teamConversation = list.items.find((c) => c.kind === 'team')!.id;
  clubChannel = list.items.find((c) => c.kind === 'club')!.id;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/chat/ws`;
});
afterAll(() => ctx.close());

const req = async (person: TestPerson | null, method: string, url: string, payload?: object) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: person ? await ctx.auth(person) : {},
    payload,
  });

/** A WebSocket client that collects the server's frames. */
async function connect(person: TestPerson, headers: Record<string, string> = {}) {
  const ws = new WebSocket(wsUrl, { headers: { ...(await ctx.auth(person)), ...headers } });
  const frames: ChatServerFrame[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data: Buffer) => {
    frames.push(JSON.parse(data.toString('utf8')) as ChatServerFrame);
    for (const w of waiters.splice(0)) w();
  });
  const until = async (test: (f: ChatServerFrame[]) => boolean, ms = 5000) => {
    const deadline = Date.now() + ms;
    while (!test(frames)) {
      if (Date.now() > deadline) throw new Error(`timed out; frames: ${JSON.stringify(frames)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  await until((f) => f.some((x) => x.type === 'ready'));
  return {
    ws,
    frames,
    until,
    send: (frame: object) => ws.send(JSON.stringify(frame)),
    messages: () => frames.flatMap((f) => (f.type === 'message' ? [f.message] : [])),
    close: () =>
      new Promise<void>((resolve) => {
        ws.once('close', () => resolve());
        ws.close();
      }),
  };
}

const send = async (person: TestPerson, conversationId: string, body: string, extra: object = {}) =>
  req(person, 'POST', `/api/me/chat/conversations/${conversationId}/messages`, { body, ...extra });

describe('GET /api/me/chat/account', () => {
  it('answers the chat user id, its HMAC signature and the WebSocket URL', async () => {
    const res = await req(anna, 'GET', '/api/me/chat/account');
    expect(res.statusCode).toBe(200);
    const account = ChatAccountSchema.parse(res.json());
    expect(account.chatUserId).toBe(anna.personId);
    expect(account.chatUserSignature).toBe(
      createHmac('sha256', ctx.config.chat.secret).update(anna.personId).digest('base64url'),
    );
    expect(account.websocketUrl).toBe('ws://localhost:3000/api/chat/ws');
  });

  it('is refused without a token', async () => {
    expect((await req(null, 'GET', '/api/me/chat/account')).statusCode).toBe(401);
  });
});

describe('conversations and messages', () => {
  it('lists the team conversation and the club channel; a non-member of the team sees only the channel', async () => {
    const carlas = ChatConversationListSchema.parse(
      (await req(carla, 'GET', '/api/me/chat/conversations')).json(),
    );
    expect(carlas.items.map((c) => c.kind)).toEqual(['club']);
    expect(carlas.items[0]!.id).toBe(clubChannel);
    expect(carlas.items[0]!.canWrite).toBe(false);
  });

  it("delivers A's message to B's socket, counts it unread and clears it with the read marker", async () => {
    const b = await connect(ben);
    const res = await send(anna, teamConversation, 'Training fällt aus <b>heute</b>', { clientId: 'c-1' });
    expect(res.statusCode).toBe(201);
    const sent = ChatMessageSchema.parse(res.json());
    expect(sent).toMatchObject({
      body: 'Training fällt aus <b>heute</b>',
      senderName: 'Anna Alt',
      clientId: 'c-1',
    });
    await b.until(() => b.messages().some((m) => m.id === sent.id));
    expect(b.messages().find((m) => m.id === sent.id)).toMatchObject({
      seq: sent.seq,
      conversationId: teamConversation,
    });

    // A retry with the same clientId returns the stored message, not a second one.
    const again = ChatMessageSchema.parse(
      (await send(anna, teamConversation, 'Training fällt aus', { clientId: 'c-1' })).json(),
    );
    expect(again.id).toBe(sent.id);

    expect((await req(ben, 'GET', '/api/me/chat/unread-count')).json()).toEqual({ count: 1 });
    const list = ChatConversationListSchema.parse(
      (await req(ben, 'GET', '/api/me/chat/conversations')).json(),
    );
    expect(list.items[0]).toMatchObject({
      id: teamConversation,
      unreadCount: 1,
      lastMessage: { id: sent.id },
    });
    const read = await req(ben, 'POST', `/api/me/chat/conversations/${teamConversation}/read`, {
      seq: sent.seq,
    });
    expect(read.json()).toEqual({ readSeq: sent.seq, unreadCount: 0 });
    expect((await req(ben, 'GET', '/api/me/chat/unread-count')).json()).toEqual({ count: 0 });
    await b.close();
  });

  it('sends what was missed after a reconnect, in order, without duplicates', async () => {
    const b1 = await connect(ben);
    const first = ChatMessageSchema.parse((await send(anna, teamConversation, 'vor der Trennung')).json());
    await b1.until(() => b1.messages().some((m) => m.id === first.id));
    await b1.close();
    const missed = [];
    for (const text of ['eins', 'zwei', 'drei'])
      missed.push(ChatMessageSchema.parse((await send(anna, teamConversation, text)).json()));
    const b2 = await connect(ben);
    b2.send({ type: 'resume', conversations: [{ conversationId: teamConversation, afterSeq: first.seq }] });
    // A message sent while the resume runs arrives once, after the missed ones.
    const during = ChatMessageSchema.parse((await send(anna, teamConversation, 'vier')).json());
    await b2.until(
      (f) => f.some((x) => x.type === 'resumed') && b2.messages().some((m) => m.id === during.id),
    );
    expect(b2.messages().map((m) => m.body)).toEqual(['eins', 'zwei', 'drei', 'vier']);
    expect(b2.messages().map((m) => m.seq)).toEqual([
      first.seq + 1,
      first.seq + 2,
      first.seq + 3,
      first.seq + 4,
    ]);
    await b2.close();
  });

  it('pages the history back by sequence', async () => {
    const page = ChatHistorySchema.parse(
      (await req(ben, 'GET', `/api/me/chat/conversations/${teamConversation}/messages?limit=2`)).json(),
    );
    expect(page.items.map((m) => m.body)).toEqual(['drei', 'vier']);
    expect(page.hasMore).toBe(true);
    const older = ChatHistorySchema.parse(
      (
        await req(
          ben,
          'GET',
          `/api/me/chat/conversations/${teamConversation}/messages?limit=2&beforeSeq=${page.items[0]!.seq}`,
        )
      ).json(),
    );
    expect(older.items.map((m) => m.body)).toEqual(['eins', 'zwei']);
  });

  it('refuses a non-member of the team: REST 404 and no join over the socket', async () => {
    const res = await req(carla, 'GET', `/api/me/chat/conversations/${teamConversation}/messages`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'conversation.notFound' });
    expect((await send(carla, teamConversation, 'hallo')).statusCode).toBe(404);
    expect((await send(stranger, teamConversation, 'hallo')).statusCode).toBe(404);
    const c = await connect(carla);
    c.send({ type: 'resume', conversations: [{ conversationId: teamConversation, afterSeq: 0 }] });
    await c.until((f) => f.some((x) => x.type === 'error'));
    expect(c.frames.find((x) => x.type === 'error')).toMatchObject({ code: 'conversation.notFound' });
    expect(c.messages()).toEqual([]);
    await send(anna, teamConversation, 'nur für das Team');
    await new Promise((r) => setTimeout(r, 300));
    expect(c.messages()).toEqual([]);
    await c.close();
  });

  it('lets only the committee write to the club channel; members read it', async () => {
    const member = await send(anna, clubChannel, 'Hallo alle');
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ code: 'chat.conversation.write.forbidden' });
    expect((await send(committee, clubChannel, 'Mitgliederversammlung am Freitag')).statusCode).toBe(201);
    const history = ChatHistorySchema.parse(
      (await req(carla, 'GET', `/api/me/chat/conversations/${clubChannel}/messages`)).json(),
    );
    expect(history.items.map((m) => m.body)).toEqual(['Mitgliederversammlung am Freitag']);
    expect(
      (await req(stranger, 'GET', `/api/me/chat/conversations/${clubChannel}/messages`)).statusCode,
    ).toBe(404);
  });

  it('edits and deletes the own message with a mark; others cannot', async () => {
    const m = ChatMessageSchema.parse((await send(anna, teamConversation, 'Tippfeler')).json());
    expect((await req(ben, 'PATCH', `/api/me/chat/messages/${m.id}`, { body: 'x' })).statusCode).toBe(404);
    const edited = await req(anna, 'PATCH', `/api/me/chat/messages/${m.id}`, { body: 'Tippfehler' });
    expect(edited.json()).toMatchObject({ body: 'Tippfehler', editedAt: expect.any(String) });
    expect((await req(anna, 'DELETE', `/api/me/chat/messages/${m.id}`)).statusCode).toBe(204);
    const page = ChatHistorySchema.parse(
      (
        await req(ben, 'GET', `/api/me/chat/conversations/${teamConversation}/messages?afterSeq=${m.seq - 1}`)
      ).json(),
    );
    expect(page.items[0]).toMatchObject({ id: m.id, body: '', deletedAt: expect.any(String) });
    expect((await req(anna, 'PATCH', `/api/me/chat/messages/${m.id}`, { body: 'wieder' })).statusCode).toBe(
      409,
    );
  });
});

describe('direct conversations and blocks', () => {
  it('opens a direct conversation; after a block the blocked person cannot write', async () => {
    const opened = await req(anna, 'POST', '/api/me/chat/conversations/direct', {
      tenantId: club,
      personId: carla.personId,
    });
    expect(opened.statusCode).toBe(200);
    const direct = ChatConversationSchema.parse(opened.json());
    expect(direct.title).toBe('Carla Christ');
    expect((await send(anna, direct.id, 'Hallo Carla')).statusCode).toBe(201);
    expect((await send(ben, direct.id, 'Ich auch')).statusCode).toBe(404);

    expect((await req(carla, 'PUT', `/api/me/chat/blocks/${anna.personId}`)).statusCode).toBe(204);
    const refused = await send(anna, direct.id, 'Noch da?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'chat.conversation.write.forbidden' });
    expect((await send(carla, direct.id, 'Nein')).statusCode).toBe(403);

    expect((await req(carla, 'DELETE', `/api/me/chat/blocks/${anna.personId}`)).statusCode).toBe(204);
    expect((await send(anna, direct.id, 'Wieder da')).statusCode).toBe(201);
  });

  it('refuses a direct conversation with a person of another club and blocking them', async () => {
    const res = await req(anna, 'POST', '/api/me/chat/conversations/direct', {
      tenantId: club,
      personId: stranger.personId,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'chatContact.notFound' });
    expect((await req(anna, 'PUT', `/api/me/chat/blocks/${stranger.personId}`)).statusCode).toBe(404);
  });
});

describe('the conversation list', () => {
  it('takes as many statements for five direct conversations as for one, with each one’s last message and right to write', async () => {
    const dana = await ctx.createPerson({ firstName: 'Dana', lastName: 'Dreher' });
    const others = await Promise.all(
      ['Emil', 'Fritz', 'Gina', 'Hanna', 'Ida'].map((firstName) =>
        ctx.createPerson({ firstName, lastName: 'Nachbar' }),
      ),
    );
    for (const p of [dana, ...others]) await ctx.addMembership(p.personId, club);
    const openWith = async (other: TestPerson, body: string) => {
      const res = await req(dana, 'POST', '/api/me/chat/conversations/direct', {
        tenantId: club,
        personId: other.personId,
      });
      const id = ChatConversationSchema.parse(res.json()).id;
      expect((await send(other, id, body)).statusCode).toBe(201);
      return id;
    };
    const list = () =>
      ctx.countQueries(async () =>
        ChatConversationListSchema.parse((await req(dana, 'GET', '/api/me/chat/conversations')).json()),
      );
    // Her club's channel exists after a first look; then one direct conversation.
    await list();
    const first = await openWith(others[0]!, 'Hallo von Emil');
    const one = await list();

    const rest = [];
    for (const [i, other] of others.slice(1).entries())
      rest.push(await openWith(other, `Nachricht ${i + 2}`));
    // Fritz blocks Dana; Gina turns direct messages off.
    expect((await req(others[1]!, 'PUT', `/api/me/chat/blocks/${dana.personId}`)).statusCode).toBe(204);
    expect(
      (await req(others[2]!, 'PUT', '/api/me/chat/settings', { directMessages: false })).statusCode,
    ).toBe(200);
    const five = await list();

    expect(five.queries).toBe(one.queries);
    const direct = five.result.items.filter((c) => c.kind === 'direct');
    expect(direct.map((c) => [c.id, c.title, c.lastMessage?.body, c.canWrite]).sort()).toEqual(
      [
        [first, 'Emil Nachbar', 'Hallo von Emil', true],
        [rest[0], 'Fritz Nachbar', 'Nachricht 2', false],
        [rest[1], 'Gina Nachbar', 'Nachricht 3', false],
        [rest[2], 'Hanna Nachbar', 'Nachricht 4', true],
        [rest[3], 'Ida Nachbar', 'Nachricht 5', true],
      ].sort(),
    );
    // Opening a conversation again answers it as the list shows it (the single path, ChatService.describe).
    const again = await req(dana, 'POST', '/api/me/chat/conversations/direct', {
      tenantId: club,
      personId: others[0]!.personId,
    });
    expect(ChatConversationSchema.parse(again.json())).toEqual(five.result.items.find((c) => c.id === first));
  });
});

describe('the WebSocket handshake', () => {
  it('refuses a foreign Origin and a missing token', async () => {
    const foreign = new WebSocket(wsUrl, {
      headers: { ...(await ctx.auth(anna)), origin: 'https://evil.example' },
    });
    const status = await new Promise<number>((resolve) =>
      foreign.on('unexpected-response', (_r, res) => resolve(res.statusCode!)),
    );
    expect(status).toBe(403);
    const anonymous = new WebSocket(wsUrl);
    const status2 = await new Promise<number>((resolve) =>
      anonymous.on('unexpected-response', (_r, res) => resolve(res.statusCode!)),
    );
    expect(status2).toBe(401);
  });

  it('sends over the socket with an acknowledgement and answers ping', async () => {
    const a = await connect(anna, { origin: 'http://localhost:3000' });
    a.send({ type: 'ping' });
    a.send({ type: 'send', conversationId: teamConversation, body: 'über den Socket', clientId: 'ws-1' });
    await a.until((f) => f.some((x) => x.type === 'pong') && f.some((x) => x.type === 'ack'));
    expect(a.frames.find((x) => x.type === 'ack')).toMatchObject({
      clientId: 'ws-1',
      message: { body: 'über den Socket' },
    });
    await a.close();
  });

  it('says what went wrong with a frame in the language the socket was opened in', async () => {
    for (const [lng, detail] of [
      ['de-DE,de', 'Die Nachricht an den Chat konnte nicht gelesen werden.'],
      ['en-GB,en', 'The chat could not read this message.'],
    ] as const) {
      const a = await connect(anna, { origin: 'http://localhost:3000', 'accept-language': lng });
      a.ws.send('{"type":"send"');
      await a.until((f) => f.some((x) => x.type === 'error'));
      expect(a.frames.find((x) => x.type === 'error')).toMatchObject({ code: 'chat.frame.invalid', detail });
      await a.close();
    }
  });
});

describe('replies and reactions', () => {
  it('quotes the message a reply answers', async () => {
    const original = ChatMessageSchema.parse(
      (await send(ben, teamConversation, 'Training um 18 Uhr?')).json(),
    );
    const reply = ChatMessageSchema.parse(
      (await send(anna, teamConversation, 'Ja, bin dabei', { replyToId: original.id })).json(),
    );
    expect(reply.replyTo).toEqual({
      id: original.id,
      senderName: 'Ben Berg',
      body: 'Training um 18 Uhr?',
      deleted: false,
    });
  });

  it('lets members react in the club channel (where they cannot write), toggles, counts and names who', async () => {
    const news = ChatMessageSchema.parse(
      (await send(committee, clubChannel, 'Sommerfest am Samstag')).json(),
    );
    const url = `/api/me/chat/messages/${news.id}/reactions`;
    const a = await connect(ben, { origin: 'http://localhost:3000' });
    const first = await req(anna, 'PUT', url, { emoji: '🎉', reacted: true });
    expect(first.statusCode).toBe(200);
    expect(ChatMessageSchema.parse(first.json()).reactions).toEqual([
      { emoji: '🎉', personIds: [anna.personId], names: ['Anna Alt'] },
    ]);
    // Twice is the same as once; the others' update arrives over the socket.
    await req(anna, 'PUT', url, { emoji: '🎉', reacted: true });
    await req(carla, 'PUT', url, { emoji: '🎉', reacted: true });
    await a.until((f) =>
      f.some(
        (x) =>
          x.type === 'update' && x.message.id === news.id && x.message.reactions[0]?.personIds.length === 2,
      ),
    );
    await a.close();
    const removed = ChatMessageSchema.parse(
      (await req(anna, 'PUT', url, { emoji: '🎉', reacted: false })).json(),
    );
    expect(removed.reactions).toEqual([
      { emoji: '🎉', personIds: [carla.personId], names: ['Carla Christ'] },
    ]);
    const page = ChatHistorySchema.parse(
      (
        await req(anna, 'GET', `/api/me/chat/conversations/${clubChannel}/messages?afterSeq=${news.seq - 1}`)
      ).json(),
    );
    expect(page.items[0]!.reactions[0]!.personIds).toEqual([carla.personId]);
  });

  it('refuses a reaction where the person is not a member, and an emoji outside the set', async () => {
    const m = ChatMessageSchema.parse((await send(anna, teamConversation, 'Nur fürs Team')).json());
    const url = `/api/me/chat/messages/${m.id}/reactions`;
    const carlas = await req(carla, 'PUT', url, { emoji: '👍', reacted: true });
    expect(carlas.statusCode).toBe(404);
    expect(carlas.json()).toMatchObject({ code: 'chatMessage.notFound' });
    expect((await req(stranger, 'PUT', url, { emoji: '👍', reacted: true })).statusCode).toBe(404);
    expect((await req(ben, 'PUT', url, { emoji: '💩', reacted: true })).statusCode).toBe(400);
    expect((await req(null, 'PUT', url, { emoji: '👍', reacted: true })).statusCode).toBe(401);
  });
});

describe('turning direct messages off', () => {
  it('refuses new direct conversations with a clear problem and makes existing ones read-only for the other', async () => {
    const open = await req(ben, 'POST', '/api/me/chat/conversations/direct', {
      tenantId: club,
      personId: carla.personId,
    });
    const direct = ChatConversationSchema.parse(open.json());
    expect((await req(carla, 'GET', '/api/me/chat/settings')).json()).toEqual({ directMessages: true });
    const off = await req(carla, 'PUT', '/api/me/chat/settings', { directMessages: false });
    expect(off.json()).toEqual({ directMessages: false });

    const refused = await req(ben, 'POST', '/api/me/chat/conversations/direct', {
      tenantId: club,
      personId: carla.personId,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({
      code: 'chat.direct.start.forbidden',
      detail: 'Diese Person möchte keine Direktnachrichten erhalten.',
    });
    // The history stays; Ben can no longer write to Carla, Carla can still answer.
    expect((await send(ben, direct.id, 'Hallo?')).statusCode).toBe(403);
    expect((await send(carla, direct.id, 'Ich schreibe dir, wenn nötig')).statusCode).toBe(201);
    const bens = ChatConversationListSchema.parse(
      (await req(ben, 'GET', '/api/me/chat/conversations')).json(),
    );
    expect(bens.items.find((c) => c.id === direct.id)).toMatchObject({ canWrite: false });

    await req(carla, 'PUT', '/api/me/chat/settings', { directMessages: true });
    expect((await send(ben, direct.id, 'Wieder offen')).statusCode).toBe(201);
  });

  it('refuses a bad setting', async () => {
    const res = await req(carla, 'PUT', '/api/me/chat/settings', { directMessages: 'nein' });
    expect(res.statusCode).toBe(400);
    expect((await req(null, 'GET', '/api/me/chat/settings')).statusCode).toBe(401);
  });
});

describe('reported messages (club admins)', () => {
  it('shows reports to the club admins only; they dismiss them or delete the message', async () => {
    const admin = await ctx.createPerson({ firstName: 'Ada', lastName: 'Admin' });
    await ctx.addMembership(admin.personId, club);
    await ctx.addMembership(admin.personId, club, 'admin');
    const rude = ChatMessageSchema.parse((await send(anna, teamConversation, 'Unfreundlich')).json());
    const fine = ChatMessageSchema.parse((await send(anna, teamConversation, 'Harmlos')).json());
    await req(ben, 'POST', `/api/me/chat/messages/${rude.id}/report`, { reason: 'Beleidigung' });
    await req(ben, 'POST', `/api/me/chat/messages/${fine.id}/report`, {});
    const list = `/api/tenants/${club}/chat/reports`;

    expect((await req(anna, 'GET', list)).statusCode).toBe(403);
    expect((await req(committee, 'GET', list)).statusCode).toBe(403);
    expect((await req(stranger, 'GET', list)).statusCode).toBe(404);
    const res = await req(admin, 'GET', list);
    expect(res.statusCode).toBe(200);
    const { items } = ChatReportListSchema.parse(res.json());
    expect(items.map((i) => i.message.id).sort()).toEqual([rude.id, fine.id].sort());
    expect(items.find((i) => i.message.id === rude.id)).toMatchObject({
      conversationTitle: 'Erste Herren',
      reports: [{ reporterName: 'Ben Berg', reason: 'Beleidigung' }],
    });

    // A plain member cannot delete another's message, neither here nor through the own-message endpoint.
    expect((await req(ben, 'DELETE', `/api/tenants/${club}/chat/messages/${rude.id}`)).statusCode).toBe(403);
    expect((await req(ben, 'DELETE', `/api/me/chat/messages/${rude.id}`)).statusCode).toBe(404);
    // Another club's admin with their own club id: not a report of theirs.
    const otherAdmin = await ctx.createPerson();
    await ctx.addMembership(otherAdmin.personId, otherClub);
    await ctx.addMembership(otherAdmin.personId, otherClub, 'admin');
    expect(
      (await req(otherAdmin, 'DELETE', `/api/tenants/${otherClub}/chat/messages/${rude.id}`)).statusCode,
    ).toBe(404);

    expect((await req(admin, 'DELETE', `/api/tenants/${club}/chat/messages/${rude.id}`)).statusCode).toBe(
      204,
    );
    expect((await req(admin, 'DELETE', `/api/tenants/${club}/chat/reports/${fine.id}`)).statusCode).toBe(204);
    expect((await req(admin, 'GET', list)).json()).toEqual({ items: [] });
    const page = ChatHistorySchema.parse(
      (
        await req(
          ben,
          'GET',
          `/api/me/chat/conversations/${teamConversation}/messages?afterSeq=${rude.seq - 1}`,
        )
      ).json(),
    );
    expect(page.items.find((m) => m.id === rude.id)).toMatchObject({
      body: '',
      deletedAt: expect.any(String),
    });
    expect(page.items.find((m) => m.id === fine.id)).toMatchObject({ body: 'Harmlos', deletedAt: null });
    // Handled reports are gone: a second dismissal is 404.
    expect((await req(admin, 'DELETE', `/api/tenants/${club}/chat/reports/${fine.id}`)).statusCode).toBe(404);
  });
});

describe('connection tickets (native apps)', () => {
  const ticketFor = async (person: TestPerson) => {
    const res = await req(person, 'POST', '/api/me/chat/ticket');
    expect(res.statusCode).toBe(200);
    return ChatTicketSchema.parse(res.json());
  };
  const statusOf = (ws: WebSocket) =>
    new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_r, res) => resolve(res.statusCode!));
      ws.on('open', () => resolve(101));
    });

  it('opens the socket once from a native app origin with a ticket, without cookie or header', async () => {
    const t = await ticketFor(anna);
    expect(new Date(t.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(30_000);
    expect(t.websocketUrl).toContain(`ticket=${encodeURIComponent(t.ticket)}`);
    const url = `${wsUrl}?ticket=${encodeURIComponent(t.ticket)}`;
    const ws = new WebSocket(url, { headers: { origin: 'capacitor://localhost' } });
    const ready = await new Promise<ChatServerFrame>((resolve) =>
      ws.once('message', (d: Buffer) => resolve(JSON.parse(d.toString('utf8')) as ChatServerFrame)),
    );
    expect(ready).toEqual({ type: 'ready', personId: anna.personId });
    ws.close();
    // Single use.
    expect(await statusOf(new WebSocket(url, { headers: { origin: 'https://localhost' } }))).toBe(401);
    expect(await statusOf(new WebSocket(`${wsUrl}?ticket=erfunden`))).toBe(401);
  });

  it('refuses a foreign origin even with a ticket, and the native origins without one', async () => {
    const t = await ticketFor(anna);
    const foreign = new WebSocket(`${wsUrl}?ticket=${encodeURIComponent(t.ticket)}`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(await statusOf(foreign)).toBe(403);
    const cookieLike = new WebSocket(wsUrl, {
      headers: { ...(await ctx.auth(anna)), origin: 'capacitor://localhost' },
    });
    expect(await statusOf(cookieLike)).toBe(403);
  });

  it('is refused without a token', async () => {
    expect((await req(null, 'POST', '/api/me/chat/ticket')).statusCode).toBe(401);
  });
});
