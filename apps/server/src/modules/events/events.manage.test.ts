import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedEvent, ManageEventInput, Participant } from '@vereinsheim/contracts';
import {
  logMessages,
  eventRegistrationHistory,
  eventRegistrations,
  messages,
} from '../../db/schema/index.ts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';

let ctx: TestContext;
let clubA: string;
let clubB: string;
let member: TestPerson;
let organiser: TestPerson;
let committee: TestPerson;
let otherMember: TestPerson;
let organiserB: TestPerson;

const DAY = 24 * 60 * 60 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  person: TestPerson,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(await ctx.auth(person)), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

async function memberOf(tenantId: string, role?: 'organiser' | 'committee') {
  const p = await ctx.createPerson();
  await ctx.addMembership(p.personId, tenantId, 'member');
  if (role) await ctx.addMembership(p.personId, tenantId, role);
  return p;
}

const form = (over: Partial<ManageEventInput> = {}): ManageEventInput => ({
  name: 'Vereinsregatta',
  description: 'Zwei Läufe auf dem Rhein',
  start: inDays(30),
  end: inDays(30.2),
  place: { name: 'Bootshaus', city: 'Köln' },
  visibility: 'members',
  maxParticipants: 2,
  maxWaiting: 2,
  priceOptions: [
    { name: 'Startgeld', kind: 'price', amount: 12.5 },
    { name: 'Grillbuffet', kind: 'option', amount: 8 },
  ],
  contactPersons: [{ name: 'Vera Vorstand', email: 'vera@test.example' }],
  ...over,
});

const base = (tenantId: string) => `/api/tenants/${tenantId}/manage/event`;

async function create(over: Partial<ManageEventInput> = {}, who = organiser): Promise<ManagedEvent> {
  const res = await call('POST', base(clubA), who, form(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ManagedEvent>();
}

async function register(event: ManagedEvent, who: TestPerson, optionIds?: string[]) {
  const res = await call('POST', `/api/event/${event.id}/registration`, who, {
    priceOptionIds: optionIds ?? [event.priceOptions[0]!.id],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ registrationId: string; eventProgressType: string }>();
}

beforeAll(async () => {
  ctx = await createTestContext();
  clubA = await ctx.createClub('Ruderverein A');
  clubB = await ctx.createClub('Verein B');
  member = await memberOf(clubA);
  organiser = await memberOf(clubA, 'organiser');
  committee = await memberOf(clubA, 'committee');
  otherMember = await memberOf(clubB);
  organiserB = await memberOf(clubB, 'organiser');
});
afterAll(() => ctx.close());

describe('creating, editing and copying events', () => {
  it('lets an organiser create an event with prices and contacts, shown to members', async () => {
    const event = await create();
    expect(event).toMatchObject({
      name: 'Vereinsregatta',
      maxParticipants: 2,
      place: { name: 'Bootshaus', city: 'Köln' },
      contactPersons: [{ name: 'Vera Vorstand' }],
    });
    expect(event.priceOptions.map((o) => [o.name, o.amount, o.kind])).toEqual([
      ['Startgeld', 12.5, 'price'],
      ['Grillbuffet', 8, 'option'],
    ]);
    const seen = await call('GET', `/api/event/${event.id}`, member);
    expect(seen.json()).toMatchObject({ name: 'Vereinsregatta', fee: { amount: 12.5 } });
    const log = await ctx.db.select().from(logMessages).where(eq(logMessages.entityId, event.id));
    expect(log).toMatchObject([{ actorPersonId: organiser.personId, summaryKey: 'log.event.created' }]);
  });

  it('refuses a plain member (403), a member of another club (404), the organiser of another club (404)', async () => {
    expect((await call('POST', base(clubA), member, form())).statusCode).toBe(403);
    expect((await call('POST', base(clubA), otherMember, form())).statusCode).toBe(404);
    expect((await call('POST', base(clubA), organiserB, form())).statusCode).toBe(404);
    expect((await call('GET', base(clubA), member)).statusCode).toBe(403);
  });

  it('refuses an end before the start with the field named', async () => {
    const res = await call('POST', base(clubA), organiser, form({ end: inDays(29) }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'event.manage.endBeforeStart', errors: [{ field: 'end' }] });
  });

  it('lists the club events, searchable, for the committee', async () => {
    await create({ name: 'Herbstwanderung Suchtest' });
    const res = await call('GET', `${base(clubA)}?keyword=Suchtest`, committee);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ items: { name: string }[] }>().items.map((e) => e.name)).toEqual([
      'Herbstwanderung Suchtest',
    ]);
  });

  it('edits an event; raising the places moves the waiting person up in the same request', async () => {
    const event = await create({ maxParticipants: 1, maxWaiting: 1 });
    await register(event, member);
    const waiter = await memberOf(clubA);
    expect((await register(event, waiter)).eventProgressType).toBe('waiting');

    const res = await call('PUT', `${base(clubA)}/${event.id}`, committee, {
      ...form({ maxParticipants: 2, maxWaiting: 1, name: 'Regatta (neu)' }),
      priceOptions: event.priceOptions,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Regatta (neu)', participantCount: 2, waitingCount: 0 });
    const [reg] = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.personId, waiter.personId)));
    expect(reg!.status).toBe('participating');
    const inbox = await ctx.db.select().from(messages).where(eq(messages.personId, waiter.personId));
    expect(inbox.map((m) => m.kind)).toContain('waitinglist_promoted');
  });

  it('refuses deleting a price option someone chose (409) and keeps it', async () => {
    const event = await create();
    await register(event, member);
    const res = await call('PUT', `${base(clubA)}/${event.id}`, organiser, {
      ...form(),
      priceOptions: [event.priceOptions[1]],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'event.manage.priceOptionInUse' });
  });

  it('refuses the organiser of another club on a public event of this club (403) and another member (404)', async () => {
    const event = await create({ visibility: 'public' });
    const url = `${base(clubA)}/${event.id}`;
    expect((await call('PUT', url, organiserB, form())).statusCode).toBe(404);
    // Through their own club's path the event is not theirs either.
    expect((await call('PUT', `${base(clubB)}/${event.id}`, organiserB, form())).statusCode).toBe(404);
    expect((await call('PUT', url, member, form())).statusCode).toBe(403);
    expect((await call('GET', `${url}/participant`, member)).statusCode).toBe(403);
    expect((await call('GET', `${url}/participant`, otherMember)).statusCode).toBe(404);
  });

  it('copies an event with its prices and contacts, without registrations', async () => {
    const event = await create();
    await register(event, member);
    const res = await call('POST', `${base(clubA)}/${event.id}/copy`, organiser, {
      name: 'Vereinsregatta 2027',
      start: inDays(395),
    });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<ManagedEvent>();
    expect(copy.id).not.toBe(event.id);
    expect(copy).toMatchObject({ name: 'Vereinsregatta 2027', participantCount: 0, cancelled: false });
    expect(copy.priceOptions.map((o) => o.name)).toEqual(['Startgeld', 'Grillbuffet']);
    expect(copy.priceOptions[0]!.id).not.toBe(event.priceOptions[0]!.id);
    expect(Date.parse(copy.end) - Date.parse(copy.start)).toBe(
      Date.parse(event.end) - Date.parse(event.start),
    );
  });

  it('moves the registration window and the cancellation deadline with a copy for a new date', async () => {
    const event = await create({
      registrationStart: inDays(2),
      registrationDeadline: inDays(25),
      freeCancellationDeadline: inDays(20),
    });
    const res = await call('POST', `${base(clubA)}/${event.id}/copy`, organiser, { start: inDays(394) });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<ManagedEvent>();
    const shift = Date.parse(copy.start) - Date.parse(event.start);
    expect(Math.abs(shift - 364 * DAY)).toBeLessThan(60_000);
    for (const field of ['registrationStart', 'registrationDeadline', 'freeCancellationDeadline'] as const)
      expect(Date.parse(copy[field]!) - Date.parse(event[field]!), field).toBe(shift);
  });
});

describe('cancelling an event', () => {
  it('cancels every registration and tells each person', async () => {
    const event = await create();
    const a = await memberOf(clubA);
    const b = await memberOf(clubA);
    await register(event, a);
    await register(event, b);
    const res = await call('POST', `${base(clubA)}/${event.id}/cancel`, committee);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cancelled: true, participantCount: 0 });
    for (const p of [a, b]) {
      const inbox = await ctx.db.select().from(messages).where(eq(messages.personId, p.personId));
      expect(inbox).toMatchObject([{ kind: 'event_cancelled', textKey: 'message.eventCancelled' }]);
    }
    const de = await call('GET', '/api/me/messages', a, undefined, { 'accept-language': 'de' });
    expect(JSON.stringify(de.json())).toContain('Abgesagt: Vereinsregatta');
    expect((await call('POST', `${base(clubA)}/${event.id}/cancel`, committee)).statusCode).toBe(409);
  });

  it('cancels six registrations in as many statements as one: each one cancelled, with its history row and log entry', async () => {
    const cancel = async (registered: number) => {
      const event = await create({ maxParticipants: 4, maxWaiting: 4 });
      const people: TestPerson[] = [];
      for (let i = 0; i < registered; i++) {
        const p = await memberOf(clubA);
        await register(event, p);
        people.push(p);
      }
      const { result, queries } = await ctx.countQueries(() =>
        call('POST', `${base(clubA)}/${event.id}/cancel`, committee),
      );
      expect(result.statusCode).toBe(200);
      expect(result.json()).toMatchObject({ cancelled: true, participantCount: 0 });
      return { event, people, queries };
    };
    // The committee's caches warm, so that both measured requests find them alike.
    await cancel(0);
    const one = await cancel(1);
    const six = await cancel(6);
    expect(six.queries).toBe(one.queries);

    const regs = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, six.event.id));
    expect(regs.map((r) => r.status)).toEqual(Array(6).fill('cancelled'));
    expect(regs.every((r) => r.cancelledAt !== null)).toBe(true);
    for (const reg of regs) {
      const history = await ctx.db
        .select()
        .from(eventRegistrationHistory)
        .where(eq(eventRegistrationHistory.registrationId, reg.id));
      expect(history.at(-1)).toMatchObject({
        status: 'cancelled',
        reason: 'cancelledByClub',
        actorPersonId: committee.personId,
      });
      const log = await ctx.db
        .select()
        .from(logMessages)
        .where(
          and(
            eq(logMessages.entityId, reg.id),
            eq(logMessages.summaryKey, 'log.registration.cancelledByClub'),
          ),
        );
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ personId: reg.personId, actorPersonId: committee.personId });
    }
    for (const p of six.people) {
      const inbox = await ctx.db.select().from(messages).where(eq(messages.personId, p.personId));
      expect(inbox.map((m) => m.textKey)).toEqual(['message.eventCancelled']);
    }
  });

  it('refuses a plain member and changes nothing', async () => {
    const event = await create();
    expect((await call('POST', `${base(clubA)}/${event.id}/cancel`, member)).statusCode).toBe(403);
    expect((await call('GET', `/api/event/${event.id}`, member)).json()).toMatchObject({ cancelled: false });
  });
});

describe('documents', () => {
  const upload = async (event: ManagedEvent, bytes: Buffer, name: string, type: string) => {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const encoded = new Response(body);
    return call(
      'POST',
      `${base(clubA)}/${event.id}/document`,
      organiser,
      Buffer.from(await encoded.arrayBuffer()),
      { 'content-type': encoded.headers.get('content-type')! },
    );
  };

  it('accepts a PDF and lists it for members; refuses a file that is not PDF or image', async () => {
    const event = await create();
    const ok = await upload(event, Buffer.from('%PDF-1.4\n%test\n'), 'Ausschreibung.pdf', 'application/pdf');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<ManagedEvent>().documents).toMatchObject([
      { fileName: 'Ausschreibung.pdf', contentType: 'application/pdf' },
    ]);
    const docs = await call('GET', `/api/tenants/${clubA}/event/${event.id}/documentupload`, member);
    expect(docs.json<{ items: unknown[] }>().items).toHaveLength(1);

    const bad = await upload(event, Buffer.from('MZ\x90\x00binary'), 'tool.pdf', 'application/pdf');
    expect(bad.statusCode).toBe(415);
    expect(bad.json()).toMatchObject({ code: 'event.manage.documentType' });
  });

  it('refuses a file over 10 MB', async () => {
    const event = await create();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    expect((await upload(event, big, 'gross.pdf', 'application/pdf')).statusCode).toBe(413);
  });

  it('removes a document', async () => {
    const event = await create();
    const doc = (
      await upload(event, Buffer.from('%PDF-1.4\n'), 'a.pdf', 'application/pdf')
    ).json<ManagedEvent>().documents[0]!;
    const res = await call('DELETE', `${base(clubA)}/${event.id}/document/${doc.id}`, organiser);
    expect(res.statusCode).toBe(200);
    expect(res.json<ManagedEvent>().documents).toEqual([]);
  });
});

describe('participants', () => {
  it('lists registrations with status, chosen options and amounts', async () => {
    const event = await create({ maxParticipants: 1, maxWaiting: 1 });
    await register(
      event,
      member,
      event.priceOptions.map((o) => o.id),
    );
    const waiter = await memberOf(clubA);
    await register(event, waiter);
    const res = await call('GET', `${base(clubA)}/${event.id}/participant`, organiser);
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: Participant[] }>().items;
    expect(items.map((p) => [p.personId, p.status, p.amount, p.waitingPosition])).toEqual([
      [member.personId, 'participating', 20.5, null],
      [waiter.personId, 'waiting', 12.5, 1],
    ]);
    expect(items[0]!.options.map((o) => o.name)).toEqual(['Startgeld', 'Grillbuffet']);
  });

  it('approves a requested registration', async () => {
    const event = await create({ requiresApproval: true });
    const reg = await register(event, member);
    expect(reg.eventProgressType).toBe('requested');
    const url = `${base(clubA)}/${event.id}/participant/${reg.registrationId}/approve`;
    expect((await call('POST', url, member)).statusCode).toBe(403);
    const res = await call('POST', url, organiser);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'participating' });
    expect((await call('POST', url, organiser)).statusCode).toBe(409);
  });

  it('moves people between waiting list and participants with a reason in the history and the log', async () => {
    const event = await create({ maxParticipants: 1, maxWaiting: 2 });
    const first = await register(event, member);
    const waiter = await memberOf(clubA);
    const second = await register(event, waiter);
    const url = (id: string) => `${base(clubA)}/${event.id}/participant/${id}/move`;

    // No place free: moving up is refused.
    const full = await call('POST', url(second.registrationId), organiser, {
      to: 'participating',
      reason: 'x',
    });
    expect(full.statusCode).toBe(409);

    const down = await call('POST', url(first.registrationId), organiser, {
      to: 'waiting',
      reason: 'Attest fehlt',
    });
    expect(down.json()).toMatchObject({ status: 'waiting' });
    const up = await call('POST', url(second.registrationId), organiser, {
      to: 'participating',
      reason: 'Ersatz für Ausfall',
    });
    expect(up.json()).toMatchObject({ status: 'participating' });

    const history = await ctx.db
      .select()
      .from(eventRegistrationHistory)
      .where(eq(eventRegistrationHistory.registrationId, first.registrationId));
    expect(history.find((h) => h.reason === 'moved')).toMatchObject({
      note: 'Attest fehlt',
      actorPersonId: organiser.personId,
      status: 'waiting',
    });
    const log = await call('GET', '/api/me/logmessages', member, undefined, { 'accept-language': 'de' });
    expect(JSON.stringify(log.json())).toContain('Attest fehlt');
  });

  it('adds a club member by hand, refuses a person from another club', async () => {
    const event = await create();
    const url = `${base(clubA)}/${event.id}/participant`;
    const added = await call('POST', url, organiser, {
      personId: member.personId,
      priceOptionIds: [event.priceOptions[0]!.id],
      reason: 'telefonisch angemeldet',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ status: 'participating' });
    expect(
      (
        await call('POST', url, organiser, {
          personId: member.personId,
          priceOptionIds: [event.priceOptions[0]!.id],
        })
      ).statusCode,
    ).toBe(409);
    const stranger = await call('POST', url, organiser, {
      personId: otherMember.personId,
      priceOptionIds: [event.priceOptions[0]!.id],
    });
    expect(stranger.statusCode).toBe(404);
    const mine = await call('GET', `/api/event/${event.id}/registration`, member);
    expect(mine.json()).toMatchObject({ eventProgressType: 'participating' });
  });

  it('messages the participants or the waiting list only', async () => {
    const event = await create({ maxParticipants: 1, maxWaiting: 1 });
    await register(event, member);
    const waiter = await memberOf(clubA);
    await register(event, waiter);
    const url = `${base(clubA)}/${event.id}/participant/message`;
    const res = await call('POST', url, organiser, {
      audience: 'waiting',
      title: 'Noch Plätze?',
      body: 'Bitte Geduld',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ recipients: 1 });
    const inbox = await ctx.db.select().from(messages).where(eq(messages.personId, waiter.personId));
    expect(inbox.map((m) => m.title)).toContain('Noch Plätze?');
    expect(
      (await call('POST', url, member, { audience: 'participants', title: 'x', body: 'y' })).statusCode,
    ).toBe(403);
  });

  it('exports CSV with BOM and German column names, and XLSX', async () => {
    const event = await create();
    await register(
      event,
      member,
      event.priceOptions.map((o) => o.id),
    );
    const csv = await call('GET', `${base(clubA)}/${event.id}/participant/export?format=csv`, organiser);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="Teilnehmende-Vereinsregatta\.csv"/,
    );
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('Nachname;Vorname;Status;Optionen;Betrag;Angemeldet am;Wartelistenplatz');
    expect(lines[1]).toContain(';nimmt teil;Startgeld, Grillbuffet;20,50;');

    // The workbook is built by a document worker thread, not on the event loop (ADR 0036).
    const rendered = ctx.app.documents.completed;
    const xlsx = await call('GET', `${base(clubA)}/${event.id}/participant/export?format=xlsx`, organiser);
    expect(xlsx.statusCode).toBe(200);
    expect(ctx.app.documents.completed).toBe(rendered + 1);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Teilnehmende');
    expect(sheet.getRow(1).getCell(1).value).toBe('Nachname');
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(5).value).toBe(20.5);
    expect(sheet.getColumn(5).numFmt).toBe('#,##0.00');

    const en = await call(
      'GET',
      `${base(clubA)}/${event.id}/participant/export?format=csv`,
      organiser,
      undefined,
      {
        'accept-language': 'en',
      },
    );
    expect(en.body).toContain('Last name,First name,Status,Options');
    // The options' comma is inside the field: quoted, so that an English spreadsheet keeps it in one cell.
    expect(en.body).toContain(',participating,"Startgeld, Grillbuffet",20.50,');
    expect((await call('GET', `${base(clubA)}/${event.id}/participant/export`, member)).statusCode).toBe(403);
  });
});
