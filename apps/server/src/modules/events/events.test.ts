import ICAL from 'ical.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDetail, EventList, EventRegistration, MyRegistrationList } from '@vereinsheim/contracts';
import {
  eventDisciplines,
  eventDivisions,
  eventRegistrationHistory,
  eventRegistrations,
  messages,
} from '../../db/schema/index.ts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { storeEventDocument } from './event-files.ts';
import { createFixtureEvent } from './events.fixtures.ts';

let ctx: TestContext;
let clubA: string;
let clubB: string;
let member: TestPerson; // member of club A
let otherClub: TestPerson; // member of club B only
let outsider: TestPerson; // no club
let organiser: TestPerson; // organiser of club A
let organiserB: TestPerson; // organiser of club B
let eventA: { id: string; priceIds: string[] }; // members-only event of club A with prices
let eventBPublic: string;
let eventBMembers: string;
let rowing: string;
let juniors: string;

const DAY = 24 * 60 * 60 * 1000;

async function inject(
  method: 'GET' | 'POST',
  url: string,
  person?: TestPerson,
  payload?: unknown,
): Promise<{
  statusCode: number;
  json: <T = unknown>() => T;
  body: string;
  headers: Record<string, unknown>;
}> {
  const res = await ctx.app.inject({
    method,
    url,
    headers: person ? await ctx.auth(person) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { statusCode: res.statusCode, json: <T>() => res.json<T>(), body: res.body, headers: res.headers };
}

async function memberOf(tenantId: string, role: 'member' | 'organiser' = 'member'): Promise<TestPerson> {
  const p = await ctx.createPerson();
  await ctx.addMembership(p.personId, tenantId, 'member');
  if (role !== 'member') await ctx.addMembership(p.personId, tenantId, role);
  return p;
}

beforeAll(async () => {
  ctx = await createTestContext();
  clubA = await ctx.createClub('Verein A');
  clubB = await ctx.createClub('Verein B');
  member = await memberOf(clubA);
  organiser = await memberOf(clubA, 'organiser');
  otherClub = await memberOf(clubB);
  organiserB = await memberOf(clubB, 'organiser');
  outsider = await ctx.createPerson();
  const [d] = await ctx.db.insert(eventDisciplines).values({ name: 'Rudern (Test)' }).returning();
  const [v] = await ctx.db.insert(eventDivisions).values({ name: 'Junioren (Test)' }).returning();
  rowing = d!.id;
  juniors = v!.id;
  eventA = await createFixtureEvent(ctx.db, {
    tenantId: clubA,
    name: 'Sommerfest',
    startsInDays: 20,
    prices: [
      { name: 'Mitglied', kind: 'price', amount: 10 },
      { name: 'Gast', kind: 'price', amount: 15.5 },
      { name: 'Startgebühr', kind: 'option', amount: 5, required: true },
      { name: 'T-Shirt', kind: 'option', amount: 12 },
    ],
    contactPersons: [{ name: 'Erika Muster', role: 'Organisation', email: 'erika@test.example' }],
    disciplineIds: [rowing],
  });
  eventBPublic = (
    await createFixtureEvent(ctx.db, {
      tenantId: clubB,
      name: 'Tag der offenen Tür',
      startsInDays: 5,
      visibility: 'public',
      divisionIds: [juniors],
    })
  ).id;
  eventBMembers = (await createFixtureEvent(ctx.db, { tenantId: clubB, name: 'Mitgliederversammlung B' })).id;
  await storeEventDocument(ctx.db, ctx.files, {
    tenantId: clubA,
    eventId: eventA.id,
    fileName: 'Ausschreibung Sommerfest.txt',
    contentType: 'text/plain; charset=utf-8',
    bytes: new TextEncoder().encode('Ausschreibung: Sommerfest'),
  });
});
afterAll(() => ctx.close());

describe('access to an event (table)', () => {
  const paths = () => [
    `/api/event/${eventA.id}`,
    `/api/event/${eventA.id}/contract`,
    `/api/event/${eventA.id}/registration`,
    `/api/event/${eventA.id}/ical`,
    `/api/tenants/${clubA}/event/${eventA.id}/documentupload`,
    `/api/tenants/${clubA}/event/${eventA.id}/contactperson`,
  ];

  it('lets a member of the club read every part', async () => {
    for (const url of paths()) expect((await inject('GET', url, member)).statusCode, url).toBe(200);
  });

  it('answers 404 to a member of another club and to a person without club', async () => {
    for (const url of paths()) {
      expect((await inject('GET', url, otherClub)).statusCode, url).toBe(404);
      expect((await inject('GET', url, outsider)).statusCode, url).toBe(404);
    }
  });

  it('answers 401 without a token', async () => {
    for (const url of [...paths(), '/api/event', '/api/me/event/registrations', '/api/event/disciplines'])
      expect((await inject('GET', url)).statusCode, url).toBe(401);
    expect((await inject('POST', `/api/event/${eventA.id}/registration`, undefined, {})).statusCode).toBe(
      401,
    );
    expect(
      (await inject('POST', `/api/event/${eventA.id}/registration/cancel`, undefined, {})).statusCode,
    ).toBe(401);
  });

  it('answers 404 for unknown and malformed ids, and for the wrong club in the path', async () => {
    expect((await inject('GET', '/api/event/00000000-0000-4000-8000-000000000000', member)).statusCode).toBe(
      404,
    );
    expect((await inject('GET', '/api/event/not-a-uuid', member)).statusCode).toBe(404);
    expect(
      (await inject('GET', `/api/tenants/${clubB}/event/${eventA.id}/contactperson`, member)).statusCode,
    ).toBe(404);
    expect(
      (await inject('GET', `/api/tenants/xyz/event/${eventA.id}/documentupload`, member)).statusCode,
    ).toBe(404);
  });

  it('shows a public event of another club to everybody signed in', async () => {
    for (const person of [member, outsider, otherClub]) {
      const res = await inject('GET', `/api/event/${eventBPublic}`, person);
      expect(res.statusCode).toBe(200);
    }
    expect((await inject('GET', `/api/event/${eventBMembers}`, member)).statusCode).toBe(404);
  });
});

describe('GET /api/event', () => {
  it('lists the events of my clubs and public events, by start time ascending', async () => {
    const res = await inject('GET', '/api/event', member);
    expect(res.statusCode).toBe(200);
    const body = res.json<EventList>();
    const ids = body.items.map((e) => e.id);
    expect(ids).toContain(eventA.id);
    expect(ids).toContain(eventBPublic);
    expect(ids).not.toContain(eventBMembers);
    const starts = body.items.map((e) => e.start);
    expect([...starts].sort()).toEqual(starts);
    expect(body).toMatchObject({ page: 1, pagesize: 25, top: 25, orderbytype: 'ascending' });
  });

  it('returns the event fields of the contract', async () => {
    const body = (await inject('GET', `/api/event/${eventA.id}`, member)).json<EventDetail>();
    expect(body).toMatchObject({
      id: eventA.id,
      tenantId: clubA,
      tenantName: 'Verein A',
      name: 'Sommerfest',
      place: { city: 'Köln', zip: '50667' },
      disciplines: [{ id: rowing, name: 'Rudern (Test)' }],
      fee: { amount: 10, currency: 'EUR' },
      maxParticipants: 10,
      registrationOpen: true,
      status: 'upcoming',
      visibility: 'members',
    });
    expect(body.contractId).toEqual(expect.any(String));
  });

  it('filters by club (comma list and repeated tenantId), keyword, dates, disciplines and divisions', async () => {
    const club = await ctx.createClub('Filterverein');
    const p = await memberOf(club);
    await ctx.addMembership(p.personId, clubB, 'member');
    const near = await createFixtureEvent(ctx.db, {
      tenantId: club,
      name: 'Frühjahrsregatta',
      startsInDays: 3,
    });
    const far = await createFixtureEvent(ctx.db, {
      tenantId: club,
      name: 'Herbstlauf',
      startsInDays: 40,
      disciplineIds: [rowing],
      divisionIds: [juniors],
    });
    const ids = async (query: string) =>
      (await inject('GET', `/api/event?${query}`, p)).json<EventList>().items.map((e) => e.name);

    expect(await ids(`tenantIds=${club}`)).toEqual(['Frühjahrsregatta', 'Herbstlauf']);
    expect((await ids(`tenantIds=${club},${clubB}`)).length).toBe(4);
    expect((await ids(`tenantId=${club}&tenantId=${clubB}`)).length).toBe(4);
    expect(await ids(`tenantIds=${club}&keyword=herbst`)).toEqual(['Herbstlauf']);
    const from = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    expect(await ids(`tenantIds=${club}&from=${from}`)).toEqual(['Herbstlauf']);
    expect(await ids(`tenantIds=${club}&till=${from}`)).toEqual(['Frühjahrsregatta']);
    expect(await ids(`tenantIds=${club}&globalDisciplineIds=${rowing}`)).toEqual(['Herbstlauf']);
    expect(await ids(`tenantIds=${club}&globalDivisionIds=${juniors}`)).toEqual(['Herbstlauf']);
    expect(await ids(`tenantIds=${club}&orderbytype=descending`)).toEqual(['Herbstlauf', 'Frühjahrsregatta']);
    // Every filter at once, the name order, a keyword that is a LIKE wildcard, and a page past the end: each
    // combination is a statement of its own, with its values as parameters.
    expect(
      await ids(
        `tenantIds=${club}&globalDisciplineIds=${rowing}&globalDivisionIds=${juniors}&from=${from}&keyword=LAUF`,
      ),
    ).toEqual(['Herbstlauf']);
    expect(await ids(`tenantIds=${club}&orderby=Name&orderbytype=descending`)).toEqual([
      'Herbstlauf',
      'Frühjahrsregatta',
    ]);
    expect(await ids(`tenantIds=${club}&keyword=%25`)).toEqual([]);
    expect(await ids(`tenantIds=${club}&keyword=_`)).toEqual([]);
    const pastTheEnd = await inject(
      'GET',
      `/api/event?tenantIds=${club}&keyword=herbst&pagesize=1&page=3`,
      p,
    );
    expect(pastTheEnd.json<EventList>()).toMatchObject({ items: [], maximumcount: 1, page: 3 });
    expect(near.id).not.toBe(far.id);
  });

  it("does not reveal another club's member events through the club filter", async () => {
    const res = await inject('GET', `/api/event?tenantIds=${clubB}`, member);
    expect(res.json<EventList>().items.map((e) => e.id)).toEqual([eventBPublic]);
  });

  it('pages with maximumcount', async () => {
    const club = await ctx.createClub('Pagingverein');
    const p = await memberOf(club);
    for (let i = 1; i <= 5; i++)
      await createFixtureEvent(ctx.db, { tenantId: club, name: `Termin ${i}`, startsInDays: i });
    const page2 = (
      await inject('GET', `/api/event?tenantIds=${club}&pagesize=2&page=2`, p)
    ).json<EventList>();
    expect(page2.items.map((e) => e.name)).toEqual(['Termin 3', 'Termin 4']);
    expect(page2).toMatchObject({ maximumcount: 5, page: 2, pagesize: 2 });
    const top = (await inject('GET', `/api/event?tenantIds=${club}&top=4`, p)).json<EventList>();
    expect(top.items).toHaveLength(4);
  });

  it("pages through public events and the own club's events together, in order, with the total", async () => {
    const mine = await ctx.createClub('Mischverein');
    const other = await ctx.createClub('Fremdverein');
    const p = await memberOf(mine);
    const made = [
      { tenantId: mine, name: 'Mischtermin A', startsInDays: 5, visibility: 'members' as const },
      { tenantId: other, name: 'Mischtermin B', startsInDays: 1, visibility: 'public' as const },
      { tenantId: mine, name: 'Mischtermin C', startsInDays: 3, visibility: 'public' as const },
      { tenantId: other, name: 'Mischtermin D', startsInDays: 2, visibility: 'members' as const },
      { tenantId: mine, name: 'Mischtermin E', startsInDays: 4, visibility: 'members' as const },
      { tenantId: other, name: 'Mischtermin F', startsInDays: 6, visibility: 'public' as const },
    ];
    for (const e of made) await createFixtureEvent(ctx.db, e);
    // D is another club's members-only event: never shown. By start: B(1) C(3) E(4) A(5) F(6).
    const pages = async (order: string) => {
      const names: string[] = [];
      const totals: number[] = [];
      for (let page = 1; page <= 4; page++) {
        const list = (
          await inject('GET', `/api/event?keyword=Mischtermin&pagesize=2&page=${page}&${order}`, p)
        ).json<EventList>();
        names.push(...list.items.map((e) => e.name));
        totals.push(list.maximumcount);
      }
      return { names, totals };
    };
    expect(await pages('orderby=StartTime&orderbytype=ascending')).toEqual({
      names: ['Mischtermin B', 'Mischtermin C', 'Mischtermin E', 'Mischtermin A', 'Mischtermin F'],
      totals: [5, 5, 5, 5],
    });
    expect((await pages('orderby=StartTime&orderbytype=descending')).names).toEqual([
      'Mischtermin F',
      'Mischtermin A',
      'Mischtermin E',
      'Mischtermin C',
      'Mischtermin B',
    ]);
    expect((await pages('orderby=Name&orderbytype=ascending')).names).toEqual([
      'Mischtermin A',
      'Mischtermin B',
      'Mischtermin C',
      'Mischtermin E',
      'Mischtermin F',
    ]);
  });

  it.each([
    ['from=gestern', 'from'],
    ['tenantIds=abc', 'tenantIds'],
    ['orderby=Secret', 'orderby'],
    ['pagesize=0', 'pagesize'],
    ['from=2026-05-02&till=2026-04-30', 'till'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await inject('GET', `/api/event?${query}`, member);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: { field: string }[] }>().errors[0]!.field).toBe(field);
  });
});

describe('contract and catalogues', () => {
  it('returns the price options', async () => {
    const res = await inject('GET', `/api/event/${eventA.id}/contract`, member);
    expect(res.json()).toMatchObject({
      foreignKeyId: eventA.id,
      price: {
        prices: [
          { name: 'Mitglied', kind: 'price', amount: 10, currency: 'EUR', required: false },
          { name: 'Gast', amount: 15.5 },
          { name: 'Startgebühr', kind: 'option', required: true },
          { name: 'T-Shirt', kind: 'option', required: false },
        ],
      },
    });
  });

  it('answers 404 for an event without contract', async () => {
    expect((await inject('GET', `/api/event/${eventBPublic}/contract`, member)).statusCode).toBe(404);
  });

  it('lists disciplines and divisions', async () => {
    expect((await inject('GET', '/api/event/disciplines', member)).json()).toContainEqual({
      id: rowing,
      name: 'Rudern (Test)',
    });
    expect((await inject('GET', '/api/event/divisions', member)).json()).toContainEqual({
      id: juniors,
      name: 'Junioren (Test)',
    });
  });
});

describe('registering', () => {
  it.each([
    [[], 'Please select a price', 'selectPrice', 'Bitte wähle einen Preis'],
    [[0], 'Select required options', 'selectRequired', 'Bitte wähle die Pflichtoptionen'],
    [
      [0, 1, 2],
      'The selection contains unknown or conflicting options',
      'invalid',
      'Die Auswahl enthält unbekannte oder widersprüchliche Optionen',
    ],
  ])('refuses the selection %j with 400 and the message', async (indexes, message, state, german) => {
    const p = await memberOf(clubA);
    const payload = { priceOptionIds: indexes.map((i) => eventA.priceIds[i]!) };
    const res = await inject('POST', `/api/event/${eventA.id}/registration`, p, payload);
    expect(res.statusCode).toBe(400);
    // The detail and the field error are in the reader's language (German by default; the spec's English below).
    const code = `event.priceSelection.${state}`;
    expect(res.json()).toMatchObject({
      code,
      detail: german,
      errors: [{ field: 'priceOptionIds', message: german, code }],
    });
    const english = await ctx.app.inject({
      method: 'POST',
      url: `/api/event/${eventA.id}/registration`,
      headers: { ...(await ctx.auth(p)), 'accept-language': 'en' },
      payload,
    });
    expect(english.json()).toMatchObject({ code, detail: message, errors: [{ message }] });
    expect((await inject('GET', `/api/event/${eventA.id}/registration`, p)).json()).toBeNull();
  });

  it('registers with a complete selection, shows it everywhere and refuses a second registration', async () => {
    const p = await memberOf(clubA);
    const selection = [eventA.priceIds[1]!, eventA.priceIds[2]!];
    const res = await inject('POST', `/api/event/${eventA.id}/registration`, p, {
      priceOptionIds: selection,
    });
    expect(res.statusCode).toBe(201);
    const reg = res.json<EventRegistration>();
    expect(reg).toMatchObject({
      eventId: eventA.id,
      personId: p.personId,
      tenantId: clubA,
      eventProgressType: 'participating',
      isCancelled: false,
      waitingPosition: null,
      freeCancellation: true,
    });
    expect(reg.priceOptionIds.sort()).toEqual([...selection].sort());
    expect((await inject('GET', `/api/event/${eventA.id}/registration`, p)).json()).toMatchObject({
      registrationId: reg.registrationId,
    });
    const detail = (await inject('GET', `/api/event/${eventA.id}`, p)).json<EventDetail>();
    expect(detail).toMatchObject({ eventProgressType: 'participating', participantCount: 1, placesLeft: 9 });
    const again = await inject('POST', `/api/event/${eventA.id}/registration`, p, {
      priceOptionIds: selection,
    });
    expect(again.statusCode).toBe(409);

    // eventparticipant: oneself and the club's organiser; nobody else.
    const url = `/api/tenants/${clubA}/event/${eventA.id}/eventparticipant/${p.personId}`;
    expect((await inject('GET', url, p)).statusCode).toBe(200);
    expect((await inject('GET', url, organiser)).json()).toMatchObject({
      eventProgressType: 'participating',
    });
    expect((await inject('GET', url, member)).statusCode).toBe(404);
    expect((await inject('GET', url, organiserB)).statusCode).toBe(404);
    expect((await inject('GET', url, otherClub)).statusCode).toBe(404);
    expect((await inject('GET', url)).statusCode).toBe(401);
    expect(
      (
        await inject(
          'GET',
          `/api/tenants/${clubA}/event/${eventA.id}/eventparticipant/${member.personId}`,
          member,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('refuses registering for an event of another club', async () => {
    const res = await inject('POST', `/api/event/${eventBMembers}/registration`, member, {});
    expect(res.statusCode).toBe(404);
  });

  it('starts as requested when the event needs approval', async () => {
    const { id } = await createFixtureEvent(ctx.db, { tenantId: clubA, requiresApproval: true });
    const res = await inject('POST', `/api/event/${id}/registration`, member, {});
    expect(res.json()).toMatchObject({ eventProgressType: 'requested' });
  });

  it.each([
    [
      'after the registration deadline',
      { registrationDeadline: new Date(Date.now() - 1000) },
      'deadlinePassed',
      'Anmeldefrist',
    ],
    ['when registration is closed', { registrationOpen: false }, 'closed', 'geschlossen'],
    ['for a cancelled event', { cancelled: true }, 'cancelled', 'abgesagt'],
    ['for a past event', { startsInDays: -3 }, 'over', 'vorbei'],
  ])('refuses %s with 422', async (_name, overrides, code, word) => {
    const { id } = await createFixtureEvent(ctx.db, { tenantId: clubA, ...overrides });
    const res = await inject('POST', `/api/event/${id}/registration`, member, {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: `event.${code}`, detail: expect.stringContaining(word) });
    const detail = (await inject('GET', `/api/event/${id}`, member)).json<EventDetail>();
    expect(detail.registrationOpen).toBe(false);
  });

  it('registers without a body when the event has no prices', async () => {
    const { id } = await createFixtureEvent(ctx.db, { tenantId: clubA });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/event/${id}/registration`,
      headers: await ctx.auth(member),
    });
    expect(res.statusCode).toBe(201);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/event/${id}/registration/cancel`,
      headers: await ctx.auth(member),
    });
    expect(cancel.json()).toMatchObject({ eventProgressType: 'cancelled' });
  });

  it('refuses bad bodies with 400', async () => {
    const res = await inject('POST', `/api/event/${eventA.id}/registration`, member, { priceOptionIds: 'x' });
    expect(res.statusCode).toBe(400);
  });
});

describe('waiting list', () => {
  it('fills places, then waiting places, then refuses with 409; cancelling moves the first waiting up', async () => {
    const { id } = await createFixtureEvent(ctx.db, { tenantId: clubA, maxParticipants: 2, maxWaiting: 2 });
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => memberOf(clubA)));
    const statuses: (string | number)[] = [];
    for (const p of people) {
      const res = await inject('POST', `/api/event/${id}/registration`, p, {});
      statuses.push(
        res.statusCode === 201 ? res.json<EventRegistration>().eventProgressType : res.statusCode,
      );
    }
    expect(statuses).toEqual(['participating', 'participating', 'waiting', 'waiting', 409]);
    const full = await inject('POST', `/api/event/${id}/registration`, people[4], {});
    expect(full.json()).toMatchObject({ code: 'event.full', detail: expect.stringMatching(/ausgebucht/) });
    const w1 = (await inject('GET', `/api/event/${id}/registration`, people[2])).json<EventRegistration>();
    const w2 = (await inject('GET', `/api/event/${id}/registration`, people[3])).json<EventRegistration>();
    expect([w1.waitingPosition, w2.waitingPosition]).toEqual([1, 2]);
    expect((await inject('GET', `/api/event/${id}`, people[0])).json()).toMatchObject({
      participantCount: 2,
      waitingCount: 2,
      placesLeft: 0,
      waitingPlacesLeft: 0,
    });

    // A waiting person withdrawing frees no place: nobody moves up.
    const cancelWaiting = await inject('POST', `/api/event/${id}/registration/cancel`, people[3], {
      SendNotification: true,
    });
    expect(cancelWaiting.json()).toMatchObject({ eventProgressType: 'cancelled', isCancelled: true });

    const res = await inject('POST', `/api/event/${id}/registration/cancel`, people[0], {
      SendNotification: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ eventProgressType: 'cancelled', isCancelled: true });
    const promoted = (
      await inject('GET', `/api/event/${id}/registration`, people[2])
    ).json<EventRegistration>();
    expect(promoted.eventProgressType).toBe('participating');

    const inbox = await ctx.db.select().from(messages).where(eq(messages.personId, people[2]!.personId));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ kind: 'waitinglist_promoted', tenantId: clubA, link: `/events/${id}` });
    const history = await ctx.db
      .select()
      .from(eventRegistrationHistory)
      .where(eq(eventRegistrationHistory.registrationId, promoted.registrationId));
    expect(history.map((h) => h.reason)).toEqual(['registered', 'promoted', 'notified']);

    // Cancelling twice: nothing left to cancel.
    expect((await inject('POST', `/api/event/${id}/registration/cancel`, people[0], {})).statusCode).toBe(
      404,
    );
    // Registering again after withdrawing takes a free place again (the new waiting list is empty).
    const back = await inject('POST', `/api/event/${id}/registration`, people[0], {});
    expect(back.json()).toMatchObject({ eventProgressType: 'waiting' });
  });

  it('moves waiting persons up in order of their registration time', async () => {
    const { id } = await createFixtureEvent(ctx.db, { tenantId: clubA, maxParticipants: 1, maxWaiting: 3 });
    const [first, w1, w2, w3] = await Promise.all([1, 2, 3, 4].map(() => memberOf(clubA)));
    for (const p of [first!, w1!, w2!, w3!]) await inject('POST', `/api/event/${id}/registration`, p, {});
    await inject('POST', `/api/event/${id}/registration/cancel`, first, {});
    const status = async (p: TestPerson) =>
      (await inject('GET', `/api/event/${id}/registration`, p)).json<EventRegistration>();
    expect((await status(w1!)).eventProgressType).toBe('participating');
    expect(await status(w2!)).toMatchObject({ eventProgressType: 'waiting', waitingPosition: 1 });
    await inject('POST', `/api/event/${id}/registration/cancel`, w1, {});
    expect((await status(w2!)).eventProgressType).toBe('participating');
    expect(await status(w3!)).toMatchObject({ eventProgressType: 'waiting', waitingPosition: 1 });
  });

  it('reports freeCancellation false after the free-cancellation deadline, and still cancels', async () => {
    const { id } = await createFixtureEvent(ctx.db, {
      tenantId: clubA,
      freeCancellationDeadline: new Date(Date.now() - 60_000),
    });
    const p = await memberOf(clubA);
    const reg = await inject('POST', `/api/event/${id}/registration`, p, {});
    expect(reg.json()).toMatchObject({ freeCancellation: false });
    const res = await inject('POST', `/api/event/${id}/registration/cancel`, p, { SendNotification: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ eventProgressType: 'cancelled', freeCancellation: false });
    const [row] = await ctx.db
      .select()
      .from(eventRegistrationHistory)
      .where(
        and(
          eq(eventRegistrationHistory.registrationId, res.json<EventRegistration>().registrationId),
          eq(eventRegistrationHistory.reason, 'cancelled'),
        ),
      );
    expect(row?.note).toContain('after the free-cancellation deadline');
  });

  it("answers 404 when cancelling at another club's event", async () => {
    expect(
      (
        await inject('POST', `/api/event/${eventBMembers}/registration/cancel`, member, {
          SendNotification: true,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/me/event/registrations', () => {
  it('lists my registrations by start time, without cancelled ones unless includeCancelled', async () => {
    const club = await ctx.createClub('Meine-Anmeldungen-Verein');
    const p = await memberOf(club);
    const e1 = await createFixtureEvent(ctx.db, { tenantId: club, name: 'Später', startsInDays: 30 });
    const e2 = await createFixtureEvent(ctx.db, { tenantId: club, name: 'Früher', startsInDays: 2 });
    const e3 = await createFixtureEvent(ctx.db, { tenantId: club, name: 'Abgemeldet', startsInDays: 9 });
    for (const e of [e1, e2, e3]) await inject('POST', `/api/event/${e.id}/registration`, p, {});
    await inject('POST', `/api/event/${e3.id}/registration/cancel`, p, { SendNotification: true });

    const list = (await inject('GET', '/api/me/event/registrations', p)).json<MyRegistrationList>();
    expect(list.items.map((r) => r.event.name)).toEqual(['Früher', 'Später']);
    expect(list.items[0]).toMatchObject({
      eventProgressType: 'participating',
      event: { tenantName: 'Meine-Anmeldungen-Verein', status: 'soon', city: 'Köln' },
    });
    const all = (
      await inject('GET', '/api/me/event/registrations?includeCancelled=true', p)
    ).json<MyRegistrationList>();
    expect(all.items.map((r) => [r.event.name, r.isCancelled])).toEqual([
      ['Früher', false],
      ['Abgemeldet', true],
      ['Später', false],
    ]);
    const paged = (
      await inject('GET', '/api/me/event/registrations?includeCancelled=true&pagesize=1&page=3', p)
    ).json<MyRegistrationList>();
    expect(paged).toMatchObject({ maximumcount: 3, page: 3, pagesize: 1 });
    expect(paged.items.map((r) => r.event.name)).toEqual(['Später']);

    // Nobody else's registrations appear.
    const mine = (await inject('GET', '/api/me/event/registrations', outsider)).json<MyRegistrationList>();
    expect(mine.items).toEqual([]);
  });

  it('filters by from, club and status for the dashboard, and refuses another club with 404', async () => {
    const club = await ctx.createClub('Dashboard-Verein');
    const second = await ctx.createClub('Zweitverein');
    const p = await memberOf(club);
    await ctx.addMembership(p.personId, second, 'member');
    const past = await createFixtureEvent(ctx.db, { tenantId: club, name: 'Vorbei', startsInDays: -3 });
    const invited = await createFixtureEvent(ctx.db, { tenantId: club, name: 'Eingeladen', startsInDays: 4 });
    const joined = await createFixtureEvent(ctx.db, { tenantId: club, name: 'Dabei', startsInDays: 2 });
    const elsewhere = await createFixtureEvent(ctx.db, { tenantId: second, name: 'Zweitverein-Fest' });
    await ctx.db.insert(eventRegistrations).values([
      { tenantId: club, eventId: past.id, personId: p.personId, status: 'participating' },
      { tenantId: club, eventId: invited.id, personId: p.personId, status: 'invited' },
      { tenantId: club, eventId: joined.id, personId: p.personId, status: 'participating' },
      { tenantId: second, eventId: elsewhere.id, personId: p.personId, status: 'participating' },
    ]);
    const names = async (query: string) =>
      (await inject('GET', `/api/me/event/registrations?${query}`, p))
        .json<MyRegistrationList>()
        .items.map((r) => r.event.name);
    const now = encodeURIComponent(new Date().toISOString());
    expect(await names(`from=${now}`)).toEqual(['Dabei', 'Eingeladen', 'Zweitverein-Fest']);
    expect(await names(`from=${now}&tenantIds=${club}`)).toEqual(['Dabei', 'Eingeladen']);
    expect(await names(`from=${now}&tenantId=${second}`)).toEqual(['Zweitverein-Fest']);
    expect(await names(`status=invited`)).toEqual(['Eingeladen']);
    // Several states, several filters at once, and the other direction: each combination is its own statement.
    expect(await names(`status=invited,participating&from=${now}&orderbytype=descending`)).toEqual([
      'Zweitverein-Fest',
      'Eingeladen',
      'Dabei',
    ]);
    expect(
      (
        await names(
          `status=invited,participating&includeCancelled=true&tenantIds=${club}&orderby=RegisteredAt`,
        )
      ).sort(),
    ).toEqual(['Dabei', 'Eingeladen', 'Vorbei']);
    expect(await names(`status=waiting&tenantIds=${club},${second}`)).toEqual([]);
    // A page past the end still tells the total of the filtered list.
    const pastTheEnd = await inject(
      'GET',
      `/api/me/event/registrations?from=${now}&tenantIds=${club}&page=4&pagesize=1`,
      p,
    );
    expect(pastTheEnd.statusCode).toBe(200);
    expect(pastTheEnd.json()).toMatchObject({ items: [], maximumcount: 2, page: 4 });

    // Another club's id (one the person does not belong to) is not a filter but a refusal; so is a malformed one.
    for (const query of [`tenantIds=${clubB}`, `tenantIds=${club},${clubB}`]) {
      const res = await inject('GET', `/api/me/event/registrations?${query}`, p);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'club.notFound' });
    }
    expect((await inject('GET', '/api/me/event/registrations?tenantIds=nope', p)).statusCode).toBe(400);
    expect((await inject('GET', '/api/me/event/registrations?status=maybe', p)).statusCode).toBe(400);
  });

  it('declines an invitation through registration/cancel; nobody else can decline it', async () => {
    const club = await ctx.createClub('Einladungs-Verein');
    const p = await memberOf(club);
    const colleague = await memberOf(club);
    const event = await createFixtureEvent(ctx.db, {
      tenantId: club,
      name: 'Einladung',
      maxParticipants: 1,
    });
    await ctx.db
      .insert(eventRegistrations)
      .values({ tenantId: club, eventId: event.id, personId: p.personId, status: 'invited' });

    // A colleague (same club, no registration) and a member of another club cannot touch it.
    for (const other of [colleague, otherClub]) {
      const res = await inject('POST', `/api/event/${event.id}/registration/cancel`, other, {});
      expect(res.statusCode).toBe(404);
    }
    expect((await inject('GET', `/api/event/${event.id}/registration`, p)).json()).toMatchObject({
      eventProgressType: 'invited',
    });

    const declined = await inject('POST', `/api/event/${event.id}/registration/cancel`, p, {});
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ eventProgressType: 'cancelled', isCancelled: true });
    const invitations = (
      await inject('GET', '/api/me/event/registrations?status=invited', p)
    ).json<MyRegistrationList>();
    expect(invitations.items).toEqual([]);
    // Declining took no place from anyone: the one place is still free.
    expect((await inject('GET', `/api/event/${event.id}`, colleague)).json()).toMatchObject({
      placesLeft: 1,
    });
  });

  it('refuses an unknown orderby with 400', async () => {
    expect((await inject('GET', '/api/me/event/registrations?orderby=Password', member)).statusCode).toBe(
      400,
    );
  });
});

describe('documents and contact persons', () => {
  it('lists and downloads a document with its stored type', async () => {
    const list = await inject('GET', `/api/tenants/${clubA}/event/${eventA.id}/documentupload`, member);
    const doc = list.json<{ items: { id: string; fileName: string; size: number; downloadUrl: string }[] }>()
      .items[0]!;
    expect(doc).toMatchObject({ fileName: 'Ausschreibung Sommerfest.txt', size: 25 });
    const file = await inject('GET', `/api${doc.downloadUrl}`, member);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('Ausschreibung: Sommerfest');
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect((await inject('GET', `/api${doc.downloadUrl}`, otherClub)).statusCode).toBe(404);
    expect((await inject('GET', `/api${doc.downloadUrl}`)).statusCode).toBe(401);
    expect(
      (
        await inject(
          'GET',
          `/api/tenants/${clubA}/event/${eventA.id}/documentupload/00000000-0000-4000-8000-000000000000/download`,
          member,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('lists the contact persons', async () => {
    const res = await inject('GET', `/api/tenants/${clubA}/event/${eventA.id}/contactperson`, member);
    expect(res.json()).toEqual({
      items: [
        {
          id: expect.any(String) as string,
          name: 'Erika Muster',
          role: 'Organisation',
          email: 'erika@test.example',
          phone: null,
        },
      ],
    });
  });
});

function parseIcs(text: string) {
  const component = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return {
    component,
    events: component.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)),
  };
}

describe('iCalendar', () => {
  it('exports one event in Europe/Berlin', async () => {
    const res = await inject('GET', `/api/event/${eventA.id}/ical`, member);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const { component, events } = parseIcs(res.body);
    expect(component.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Berlin');
    expect(events).toHaveLength(1);
    const ev = events[0]!;
    expect(ev.summary).toBe('Sommerfest');
    expect(ev.location).toContain('Köln');
    const dtstart = component.getFirstSubcomponent('vevent')!.getFirstProperty('dtstart')!;
    expect(dtstart.getParameter('tzid')).toBe('Europe/Berlin');
    expect(res.body).toMatch(/DTSTART;TZID=Europe\/Berlin:\d{8}T\d{6}\r\n/);
    // Register the feed's own VTIMEZONE so that ical.js resolves TZID through its rules.
    ICAL.TimezoneService.register(component.getFirstSubcomponent('vtimezone')!);
    expect(ev.startDate.zone?.tzid).toBe('Europe/Berlin');
    const detail = (await inject('GET', `/api/event/${eventA.id}`, member)).json<EventDetail>();
    // ical.js applies the VTIMEZONE rules: the absolute instant equals the event's start.
    expect(Math.round(ev.startDate.toUnixTime())).toBe(Math.floor(new Date(detail.start).getTime() / 1000));
    expect(Math.round(ev.endDate.toUnixTime())).toBe(Math.floor(new Date(detail.end).getTime() / 1000));
  });

  it('serves a personal feed of registered events under a secret URL that renewing replaces', async () => {
    const club = await ctx.createClub('Kalenderverein');
    const p = await memberOf(club);
    const winter = await createFixtureEvent(ctx.db, { tenantId: club, name: 'Winterball', startsInDays: 60 });
    await createFixtureEvent(ctx.db, { tenantId: club, name: 'Nicht angemeldet', startsInDays: 61 });
    await inject('POST', `/api/event/${winter.id}/registration`, p, {});

    const feed = (await inject('GET', '/api/me/calendar-feed', p)).json<{ url: string }>();
    expect(feed.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics\?lang=de$/);
    expect((await inject('GET', '/api/me/calendar-feed', p)).json()).toMatchObject({ url: feed.url });
    const path = new URL(feed.url).pathname;
    const res = await inject('GET', path);
    expect(res.statusCode).toBe(200);
    expect(parseIcs(res.body).events.map((e) => e.summary)).toEqual(['Winterball']);

    const renewed = (await inject('POST', '/api/me/calendar-feed/renew', p)).json<{ url: string }>();
    expect(renewed.url).not.toBe(feed.url);
    expect((await inject('GET', path)).statusCode).toBe(404);
    expect((await inject('GET', new URL(renewed.url).pathname)).statusCode).toBe(200);
    expect((await inject('GET', '/api/calendar/nonsense.ics')).statusCode).toBe(404);
    expect((await inject('GET', '/api/me/calendar-feed')).statusCode).toBe(401);

    // Withdrawing removes the event from the feed.
    await inject('POST', `/api/event/${winter.id}/registration/cancel`, p, {});
    const after = await inject('GET', new URL(renewed.url).pathname);
    expect(parseIcs(after.body).events).toHaveLength(0);
  });

  it('says what it adds in the reader’s language: the feed’s URL names it for the calendar app', async () => {
    const club = await ctx.createClub('Kalenderverein');
    const p = await memberOf(club);
    const cancelled = await createFixtureEvent(ctx.db, {
      tenantId: club,
      name: 'Herbstlauf',
      cancelled: true,
    });
    const english = { ...(await ctx.auth(p)), 'accept-language': 'en-GB,en;q=0.9' };
    const single = await ctx.app.inject({ url: `/api/event/${cancelled.id}/ical`, headers: english });
    const [event] = parseIcs(single.body).events;
    expect(event!.summary).toBe('Cancelled: Herbstlauf');
    expect(event!.description).toMatch(/\n\nOrganiser: \S/);
    const german = await inject('GET', `/api/event/${cancelled.id}/ical`, p);
    expect(parseIcs(german.body).events[0]!.summary).toBe('Abgesagt: Herbstlauf');
    expect(parseIcs(german.body).events[0]!.description).toMatch(/\n\nVeranstalter: \S/);

    const { url } = (await ctx.app.inject({ url: '/api/me/calendar-feed', headers: english })).json<{
      url: string;
    }>();
    expect(new URL(url).searchParams.get('lang')).toBe('en');
    // A calendar app fetches it in its own language; the URL's wins.
    const feed = await ctx.app.inject({
      url: url.replace('http://localhost:3000', ''),
      headers: { 'accept-language': 'de' },
    });
    expect(parseIcs(feed.body).component.getFirstPropertyValue('x-wr-calname')).toBe(
      'Vereinsheim – My events',
    );
    const plain = await ctx.app.inject({ url: new URL(url).pathname });
    expect(parseIcs(plain.body).component.getFirstPropertyValue('x-wr-calname')).toBe(
      'Vereinsheim – Meine Veranstaltungen',
    );
  });
});
