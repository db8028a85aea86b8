import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageListSchema, MessageSchema, type MessageKind } from '@vereinsheim/contracts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { messages } from '../../db/schema/index.ts';
import { sendMessage } from './messages.service.ts';

let ctx: TestContext;
let club: string;
let otherClub: string;
let owner: TestPerson;
let other: TestPerson;
let otherClubMember: TestPerson;
let committee: TestPerson;
let ownerMessageId: string;

const kinds: MessageKind[] = [
  'club',
  'waitinglist_promoted',
  'event_cancelled',
  'invoice_issued',
  'data_shared',
];

beforeAll(async () => {
  ctx = await createTestContext();
  club = await ctx.createClub();
  otherClub = await ctx.createClub();
  owner = await ctx.createPerson();
  other = await ctx.createPerson();
  otherClubMember = await ctx.createPerson();
  committee = await ctx.createPerson();
  await ctx.addMembership(owner.personId, club);
  await ctx.addMembership(other.personId, club);
  await ctx.addMembership(otherClubMember.personId, otherClub);
  await ctx.addMembership(committee.personId, club, 'committee');
  for (const [i, kind] of kinds.entries()) {
    const id = await ctx.db.transaction((tx) =>
      sendMessage(tx, {
        personId: owner.personId,
        tenantId: kind === 'data_shared' ? null : club,
        kind,
        title: `Nachricht ${i}`,
        body: `Text ${i}`,
        link: kind === 'invoice_issued' ? '/invoices' : null,
      }),
    );
    // Distinct creation times, newest last.
    await ctx.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - (10 - i) * 60_000) })
      .where(eq(messages.id, id));
    ownerMessageId = id;
  }
});
afterAll(() => ctx.close());

const req = async (
  person: TestPerson | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: person ? await ctx.auth(person) : {}, payload });

describe('GET /api/me/messages', () => {
  it('lists the own messages newest first with the unread count', async () => {
    const res = await req(owner, 'GET', '/api/me/messages');
    expect(res.statusCode).toBe(200);
    const list = MessageListSchema.parse(res.json());
    expect(list.items.map((m) => m.kind)).toEqual([...kinds].reverse());
    expect(list).toMatchObject({ maximumcount: 5, unreadcount: 5, orderbytype: 'descending' });
    expect(list.items[0]).toMatchObject({ tenantId: null, tenantName: null, isRead: false });
    expect(list.items[1]).toMatchObject({ link: '/invoices' });
  });

  it('pages', async () => {
    const list = MessageListSchema.parse(
      (await req(owner, 'GET', '/api/me/messages?page=2&pagesize=2')).json(),
    );
    expect(list.items.map((m) => m.kind)).toEqual(['event_cancelled', 'waitinglist_promoted']);
    expect(list).toMatchObject({ page: 2, pagesize: 2, maximumcount: 5 });
  });

  it('keeps the total and the unread count on a page past the end', async () => {
    const list = MessageListSchema.parse(
      (await req(owner, 'GET', '/api/me/messages?page=9&pagesize=2')).json(),
    );
    expect(list).toMatchObject({ items: [], page: 9, maximumcount: 5, unreadcount: 5 });
  });

  it("never shows another person's messages", async () => {
    const list = MessageListSchema.parse((await req(other, 'GET', '/api/me/messages')).json());
    expect(list).toMatchObject({ items: [], maximumcount: 0, unreadcount: 0 });
    expect((await req(null, 'GET', '/api/me/messages')).statusCode).toBe(401);
  });
});

describe('read, unread and delete', () => {
  it('marks read and unread, and the unread count follows', async () => {
    const read = await req(owner, 'POST', `/api/me/messages/${ownerMessageId}/read`);
    expect(read.statusCode).toBe(200);
    expect(MessageSchema.parse(read.json())).toMatchObject({ isRead: true });
    expect((await req(owner, 'GET', '/api/me/messages/unread-count')).json()).toEqual({ unreadcount: 4 });
    const unreadOnly = MessageListSchema.parse(
      (await req(owner, 'GET', '/api/me/messages?unreadOnly=true')).json(),
    );
    expect(unreadOnly.items.map((m) => m.id)).not.toContain(ownerMessageId);
    expect(unreadOnly).toMatchObject({ maximumcount: 4, unreadcount: 4 });
    const all = MessageListSchema.parse((await req(owner, 'GET', '/api/me/messages?pagesize=2')).json());
    expect(all).toMatchObject({ maximumcount: 5, unreadcount: 4 });
    expect(all.items.map((m) => m.id)).toContain(ownerMessageId);
    const unread = await req(owner, 'POST', `/api/me/messages/${ownerMessageId}/unread`);
    expect(unread.json()).toMatchObject({ isRead: false, readAt: null });
    expect((await req(owner, 'GET', '/api/me/messages/unread-count')).json()).toEqual({ unreadcount: 5 });
  });

  it.each([
    ['POST', 'read'],
    ['POST', 'unread'],
    ['DELETE', ''],
  ] as const)(
    "%s …/%s of another person's message answers 404 and changes nothing",
    async (method, action) => {
      const url = `/api/me/messages/${ownerMessageId}${action ? `/${action}` : ''}`;
      for (const person of [other, otherClubMember]) {
        expect((await req(person, method, url)).statusCode).toBe(404);
      }
      expect((await req(null, method, url)).statusCode).toBe(401);
      const list = MessageListSchema.parse((await req(owner, 'GET', '/api/me/messages')).json());
      expect(list.maximumcount).toBe(5);
    },
  );

  it('answers 400 for a malformed id', async () => {
    const res = await req(owner, 'POST', '/api/me/messages/not-a-uuid/read');
    expect(res.statusCode).toBe(400);
  });

  it('deletes the own message', async () => {
    expect((await req(owner, 'DELETE', `/api/me/messages/${ownerMessageId}`)).statusCode).toBe(204);
    expect((await req(owner, 'DELETE', `/api/me/messages/${ownerMessageId}`)).statusCode).toBe(404);
    expect(MessageListSchema.parse((await req(owner, 'GET', '/api/me/messages')).json()).maximumcount).toBe(
      4,
    );
  });
});

describe('sendMessage inside a transaction', () => {
  it('leaves nothing behind when the transaction rolls back', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await sendMessage(tx, { personId: other.personId, kind: 'club', title: 'x', body: 'y' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const rows = await ctx.db.select().from(messages);
    expect(rows.some((r) => r.personId === other.personId)).toBe(false);
  });
});

describe('notices the server writes', () => {
  it('are stored as a key with parameters and read in the reader’s language; club messages stay as written', async () => {
    const id = await ctx.db.transaction((tx) =>
      sendMessage(tx, {
        personId: other.personId,
        tenantId: club,
        kind: 'waitinglist_promoted',
        text: { key: 'waitinglistPromoted', params: { event: 'Sommerlauf' } },
        link: '/events/x',
      }),
    );
    const [row] = await ctx.db.select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({ textKey: 'message.waitinglistPromoted', title: null, body: null });
    const read = async (headers: Record<string, string>) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/me/messages',
        headers: { ...(await ctx.auth(other)), ...headers },
      });
      return MessageListSchema.parse(res.json()).items.find((m) => m.id === id);
    };
    expect(await read({})).toMatchObject({
      title: 'Du bist von der Warteliste nachgerückt: Sommerlauf',
      body: 'Ein Platz ist frei geworden. Du bist jetzt für „Sommerlauf“ angemeldet.',
    });
    expect(await read({ 'accept-language': 'en' })).toMatchObject({
      title: 'You moved up from the waiting list: Sommerlauf',
    });
    await ctx.db.delete(messages).where(eq(messages.id, id));
  });
});

describe('POST /api/tenants/{tenantId}/messages', () => {
  it('sends a club message to every current member', async () => {
    const res = await req(committee, 'POST', `/api/tenants/${club}/messages`, {
      title: 'Mitgliederversammlung',
      body: 'Am Freitag um 19 Uhr im Vereinsheim.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ recipients: 3 });
    const list = MessageListSchema.parse((await req(other, 'GET', '/api/me/messages')).json());
    expect(list.items[0]).toMatchObject({ kind: 'club', title: 'Mitgliederversammlung', tenantId: club });
    const outside = MessageListSchema.parse((await req(otherClubMember, 'GET', '/api/me/messages')).json());
    expect(outside.maximumcount).toBe(0);
  });

  it.each([
    [
      'a plain member',
      () => owner,
      403,
      'club.message.send.forbidden',
      'Nur Vorstand und Admins des Vereins schreiben an alle Mitglieder.',
      'Only the committee and admins of the club write to all members.',
    ],
    [
      'a member of another club',
      () => otherClubMember,
      404,
      'club.notFound',
      'Diesen Verein gibt es nicht, oder du bist dort nicht Mitglied.',
      'There is no such club, or you are not a member.',
    ],
  ])(
    'refuses %s with a stable code, in the reader’s language',
    async (_n, who, status, code, german, english) => {
      const res = await req(who(), 'POST', `/api/tenants/${club}/messages`, { title: 'x', body: 'y' });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ status, code, detail: german });
      const en = await ctx.app.inject({
        method: 'POST',
        url: `/api/tenants/${club}/messages`,
        headers: { ...(await ctx.auth(who())), 'accept-language': 'en' },
        payload: { title: 'x', body: 'y' },
      });
      expect(en.json()).toMatchObject({ status, code, detail: english });
    },
  );

  it('answers 400 for an external link', async () => {
    const res = await req(committee, 'POST', `/api/tenants/${club}/messages`, {
      title: 'x',
      body: 'y',
      link: 'https://evil.example',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('link');
  });
});
