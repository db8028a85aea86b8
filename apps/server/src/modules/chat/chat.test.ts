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
});
