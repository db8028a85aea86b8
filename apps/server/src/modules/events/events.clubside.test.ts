import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDetail, ManagedEvent, ManageEventInput, MemberSearchResult } from '@vereinsheim/contracts';
import { eq } from 'drizzle-orm';
import { eventRegistrations, memberships } from '../../db/schema/index.ts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';

// The registration window's start, adding a participant with a chosen status, and the member search by name
// that committee members and organisers use for recipients and participants (issue 16).

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
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  person: TestPerson,
  payload?: unknown,
  lang = 'de',
) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(await ctx.auth(person)), 'accept-language': lang },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

async function memberOf(tenantId: string, role?: 'organiser' | 'committee', name?: [string, string]) {
  const p = await ctx.createPerson(name ? { firstName: name[0], lastName: name[1] } : {});
  await ctx.addMembership(p.personId, tenantId, 'member');
  if (role) await ctx.addMembership(p.personId, tenantId, role);
  return p;
}

const form = (over: Partial<ManageEventInput> = {}): ManageEventInput => ({
  name: 'Frühjahrsregatta',
  start: inDays(30),
  end: inDays(30.2),
  visibility: 'members',
  maxParticipants: 1,
  maxWaiting: 1,
  ...over,
});
const base = (tenantId: string) => `/api/tenants/${tenantId}/manage/event`;

async function create(over: Partial<ManageEventInput> = {}): Promise<ManagedEvent> {
  const res = await call('POST', base(clubA), organiser, form(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ManagedEvent>();
}

beforeAll(async () => {
  ctx = await createTestContext();
  clubA = await ctx.createClub('Ruderverein A');
  clubB = await ctx.createClub('Verein B');
  member = await memberOf(clubA, undefined, ['Mira', 'Mitglied']);
  organiser = await memberOf(clubA, 'organiser');
  committee = await memberOf(clubA, 'committee');
  otherMember = await memberOf(clubB, undefined, ['Mira', 'Fremd']);
  organiserB = await memberOf(clubB, 'organiser');
});
afterAll(() => ctx.close());

describe('registration window start', () => {
  it('stores the start, shows it to members and refuses registering before it with the date named', async () => {
    const opens = inDays(5);
    const event = await create({ registrationStart: opens, registrationDeadline: inDays(20) });
    expect(event.registrationStart).toBe(new Date(opens).toISOString());

    const detail = (await call('GET', `/api/event/${event.id}`, member)).json<EventDetail>();
    expect(detail).toMatchObject({
      registrationOpen: false,
      registrationStart: new Date(opens).toISOString(),
    });
    const listed = await call('GET', `/api/event?tenantIds=${clubA}&pagesize=100`, member);
    expect(listed.json<{ items: EventDetail[] }>().items.find((e) => e.id === event.id)).toMatchObject({
      registrationOpen: false,
    });

    const before = await ctx.db.$count(eventRegistrations);
    const de = await call('POST', `/api/event/${event.id}/registration`, member, {});
    expect(de.statusCode).toBe(422);
    expect(de.headers['content-type']).toMatch(/^application\/problem\+json/);
    const day = new Intl.DateTimeFormat('de', { timeZone: 'Europe/Berlin', day: 'numeric', month: 'long' });
    expect(de.json()).toMatchObject({
      code: 'event.notYetOpen',
      detail: expect.stringContaining(`öffnet erst am ${day.format(new Date(opens))}`),
    });
    const en = await call('POST', `/api/event/${event.id}/registration`, member, {}, 'en');
    expect(en.json()).toMatchObject({ detail: expect.stringContaining('Registration opens on') });
    expect(await ctx.db.$count(eventRegistrations)).toBe(before);
  });

  it('says "not yet open" rather than "full" for an event filled by hand before its start', async () => {
    const event = await create({ registrationStart: inDays(5), maxParticipants: 1, maxWaiting: 0 });
    const url = `${base(clubA)}/${event.id}/participant`;
    expect((await call('POST', url, organiser, { personId: committee.personId })).statusCode).toBe(201);
    const res = await call('POST', `/api/event/${event.id}/registration`, member, {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'event.notYetOpen' });
  });

  it('lets members register once the start has passed', async () => {
    const event = await create({ registrationStart: inDays(-1) });
    const detail = (await call('GET', `/api/event/${event.id}`, member)).json<EventDetail>();
    expect(detail.registrationOpen).toBe(true);
    const res = await call('POST', `/api/event/${event.id}/registration`, member, {});
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a start after the deadline or after the end, naming the field', async () => {
    const afterDeadline = await call(
      'POST',
      base(clubA),
      organiser,
      form({ registrationStart: inDays(10), registrationDeadline: inDays(5) }),
    );
    expect(afterDeadline.statusCode).toBe(422);
    expect(afterDeadline.json()).toMatchObject({
      code: 'event.manage.registrationStartAfterDeadline',
      errors: [expect.objectContaining({ field: 'registrationStart' })],
    });
    const afterEnd = await call('POST', base(clubA), organiser, form({ registrationStart: inDays(31) }));
    expect(afterEnd.json()).toMatchObject({ code: 'event.manage.registrationStartAfterEnd' });
  });

  it('keeps the start when the event is edited and copied', async () => {
    const event = await create({ registrationStart: inDays(3) });
    const later = inDays(4);
    const edited = await call(
      'PUT',
      `${base(clubA)}/${event.id}`,
      organiser,
      form({ registrationStart: later }),
    );
    expect(edited.json<ManagedEvent>().registrationStart).toBe(later);
    const copy = await call('POST', `${base(clubA)}/${event.id}/copy`, organiser, {});
    expect(copy.json<ManagedEvent>().registrationStart).toBe(later);
  });
});

describe('adding a participant by hand', () => {
  it('lets the organiser add a member before registration opens, on the waiting list when chosen', async () => {
    const event = await create({ registrationStart: inDays(5) });
    const url = `${base(clubA)}/${event.id}/participant`;
    const res = await call('POST', url, organiser, { personId: member.personId, status: 'waiting' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'waiting' });
    const list = await call('GET', url, organiser);
    expect(list.json<{ items: { personId: string; status: string }[] }>().items).toEqual([
      expect.objectContaining({ personId: member.personId, status: 'waiting' }),
    ]);
  });

  it('refuses a chosen status that is full (409) and changes nothing', async () => {
    const event = await create({ maxParticipants: 1, maxWaiting: 0 });
    const url = `${base(clubA)}/${event.id}/participant`;
    expect((await call('POST', url, organiser, { personId: committee.personId })).statusCode).toBe(201);
    const before = await ctx.db.$count(eventRegistrations);
    const full = await call('POST', url, organiser, { personId: member.personId, status: 'participating' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'event.manage.noPlaceLeft' });
    const waiting = await call('POST', url, organiser, { personId: member.personId, status: 'waiting' });
    expect(waiting.json()).toMatchObject({
      code: 'event.manage.waitingFull',
      detail: 'Die Warteliste ist voll.',
    });
    expect(await ctx.db.$count(eventRegistrations)).toBe(before);
  });

  it('refuses a plain member (403) and the organiser of another club (404)', async () => {
    const event = await create();
    const url = `${base(clubA)}/${event.id}/participant`;
    expect((await call('POST', url, member, { personId: member.personId })).statusCode).toBe(403);
    expect((await call('POST', url, organiserB, { personId: member.personId })).statusCode).toBe(404);
    expect(
      (
        await call('POST', `${base(clubB)}/${event.id}/participant`, organiserB, {
          personId: otherMember.personId,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('searching members by name', () => {
  const search = (tenantId: string, who: TestPerson, keyword: string) =>
    call('GET', `/api/tenants/${tenantId}/members/search?keyword=${encodeURIComponent(keyword)}`, who);

  it('finds current members of the club by name, names only, for the committee and organisers', async () => {
    for (const who of [committee, organiser]) {
      const res = await search(clubA, who, 'mira');
      expect(res.statusCode, res.body).toBe(200);
      const { items } = res.json<MemberSearchResult>();
      expect(items).toEqual([{ personId: member.personId, firstName: 'Mira', lastName: 'Mitglied' }]);
    }
  });

  it('does not find former members', async () => {
    const former = await memberOf(clubA, undefined, ['Frieda', 'Früher']);
    await ctx.db
      .update(memberships)
      .set({ startsOn: '2000-01-01', endsOn: '2001-01-01' })
      .where(eq(memberships.personId, former.personId));
    expect((await search(clubA, committee, 'Frieda')).json<MemberSearchResult>().items).toEqual([]);
  });

  it('refuses a plain member (403), another club (404) and a too short keyword (400)', async () => {
    expect((await search(clubA, member, 'mira')).statusCode).toBe(403);
    expect((await search(clubA, organiserB, 'mira')).statusCode).toBe(404);
    const short = await search(clubA, committee, 'm');
    expect(short.statusCode).toBe(400);
    expect(short.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
