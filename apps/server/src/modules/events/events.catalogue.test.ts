import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDetail, EventList, ManagedEvent, ManageEventInput } from '@vereinsheim/contracts';
import { eventDisciplineLinks, eventDisciplines, eventDivisions, events } from '../../db/schema/index.ts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { createFixtureEvent } from './events.fixtures.ts';

/**
 * ADR 0035: what a list shows of an event's catalogue (disciplines, divisions, contract, cheapest base price) is
 * kept on the event row by triggers, and follows every change the club makes through its form, a renamed or
 * deleted catalogue entry and bulk writes. Each step compares the row with what the tables say and with what a
 * member sees in the list and on the event.
 */
let ctx: TestContext;
let clubId: string;
let organiser: TestPerson;
let member: TestPerson;
const ids: Record<string, string> = {};

const DAY = 24 * 60 * 60 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

async function call(method: 'GET' | 'POST' | 'PUT', url: string, who: TestPerson, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: await ctx.auth(who),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** The catalogue columns on the row and the same computed from the link, contract and price tables. */
async function rowAndTruth(eventId: string) {
  const [row] = await ctx.db
    .select({
      disciplines: events.disciplineList,
      divisions: events.divisionList,
      contractId: events.contractId,
      fee: events.fee,
    })
    .from(events)
    .where(eq(events.id, eventId));
  const result = await ctx.db.execute<{
    disciplines: { id: string; name: string }[];
    divisions: { id: string; name: string }[];
    contract_id: string | null;
    fee: { amount: number; currency: string } | null;
  }>(sql`select
      coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name) order by d.name)
                  from event_discipline_links l join event_disciplines d on d.id = l.discipline_id
                 where l.event_id = ${eventId}), '[]'::json) as disciplines,
      coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name) order by d.name)
                  from event_division_links l join event_divisions d on d.id = l.division_id
                 where l.event_id = ${eventId}), '[]'::json) as divisions,
      (select c.id from event_contracts c where c.event_id = ${eventId}) as contract_id,
      (select json_build_object('amount', o.amount, 'currency', o.currency)
         from event_price_options o join event_contracts c on c.id = o.contract_id
        where c.event_id = ${eventId} and o.kind = 'price' order by o.amount, o.position, o.name limit 1) as fee`);
  const truth = result.rows[0]!;
  const money = (f: { amount: number | string; currency: string } | null | undefined) =>
    f ? { amount: Number(f.amount), currency: f.currency } : null;
  return {
    row: { ...row!, fee: money(row!.fee) },
    truth: {
      disciplines: truth.disciplines,
      divisions: truth.divisions,
      contractId: truth.contract_id,
      fee: money(truth.fee),
    },
  };
}

/** What a member sees of the event in the club's list and on the event itself. */
async function seen(eventId: string) {
  const list = (await call('GET', `/api/event?tenantIds=${clubId}&pagesize=100`, member)).json<EventList>();
  const inList = list.items.find((e) => e.id === eventId)!;
  const detail = (await call('GET', `/api/event/${eventId}`, member)).json<EventDetail>();
  const pick = (e: EventDetail) => ({
    disciplines: e.disciplines.map((d) => d.name),
    divisions: e.divisions.map((d) => d.name),
    fee: e.fee,
    hasContract: e.contractId !== null,
  });
  expect(pick(inList)).toEqual(pick(detail));
  return pick(detail);
}

const form = (over: Partial<ManageEventInput> = {}): ManageEventInput => ({
  name: 'Herbstregatta',
  description: 'Zwei Läufe',
  start: inDays(20),
  end: inDays(20.2),
  place: { name: 'Bootshaus', city: 'Köln' },
  visibility: 'members',
  maxParticipants: 10,
  maxWaiting: 0,
  disciplineIds: [],
  divisionIds: [],
  priceOptions: [],
  contactPersons: [],
  ...over,
});

beforeAll(async () => {
  ctx = await createTestContext();
  clubId = await ctx.createClub('Ruderclub Katalog');
  organiser = await ctx.createPerson();
  await ctx.addMembership(organiser.personId, clubId, 'member');
  await ctx.addMembership(organiser.personId, clubId, 'organiser');
  member = await ctx.createPerson();
  await ctx.addMembership(member.personId, clubId, 'member');
  const inserted = await ctx.db
    .insert(eventDisciplines)
    .values([{ name: 'Katalog Rudern' }, { name: 'Katalog Kanu' }, { name: 'Katalog Segeln' }])
    .returning();
  for (const d of inserted) ids[d.name] = d.id;
  const divisions = await ctx.db
    .insert(eventDivisions)
    .values([{ name: 'Katalog Jugend' }, { name: 'Katalog Senioren' }])
    .returning();
  for (const d of divisions) ids[d.name] = d.id;
});
afterAll(() => ctx?.close());

describe('the catalogue on the event row', () => {
  it("follows the club's form: links, prices added, changed and removed", async () => {
    const created = await call(
      'POST',
      `/api/tenants/${clubId}/manage/event`,
      organiser,
      form({
        disciplineIds: [ids['Katalog Rudern']!, ids['Katalog Kanu']!],
        divisionIds: [ids['Katalog Jugend']!],
        priceOptions: [
          { name: 'Startgeld', kind: 'price', amount: 12.5 },
          { name: 'Grillbuffet', kind: 'option', amount: 4 },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json<ManagedEvent>();
    let state = await rowAndTruth(event.id);
    expect(state.row).toEqual(state.truth);
    expect(await seen(event.id)).toEqual({
      disciplines: ['Katalog Kanu', 'Katalog Rudern'],
      divisions: ['Katalog Jugend'],
      fee: { amount: 12.5, currency: 'EUR' },
      hasContract: true,
    });

    // Edited: one discipline less, another division, a cheaper price beside the first, the option's price changed.
    const [startgeld, grill] = event.priceOptions;
    const edited = await call(
      'PUT',
      `/api/tenants/${clubId}/manage/event/${event.id}`,
      organiser,
      form({
        disciplineIds: [ids['Katalog Kanu']!],
        divisionIds: [ids['Katalog Senioren']!, ids['Katalog Jugend']!],
        priceOptions: [
          { id: startgeld!.id, name: 'Startgeld', kind: 'price', amount: 12.5 },
          { name: 'Ermäßigt', kind: 'price', amount: 7.5 },
          { id: grill!.id, name: 'Grillbuffet', kind: 'option', amount: 1 },
        ],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    state = await rowAndTruth(event.id);
    expect(state.row).toEqual(state.truth);
    expect(await seen(event.id)).toEqual({
      disciplines: ['Katalog Kanu'],
      divisions: ['Katalog Jugend', 'Katalog Senioren'],
      fee: { amount: 7.5, currency: 'EUR' },
      hasContract: true,
    });

    // Every price removed, no links left.
    const cleared = await call('PUT', `/api/tenants/${clubId}/manage/event/${event.id}`, organiser, form());
    expect(cleared.statusCode, cleared.body).toBe(200);
    state = await rowAndTruth(event.id);
    expect(state.row).toEqual(state.truth);
    expect(await seen(event.id)).toMatchObject({ disciplines: [], divisions: [], fee: null });
  });

  it('follows a renamed or deleted discipline and a bulk insert of links into several events', async () => {
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map(() =>
        createFixtureEvent(ctx.db, {
          tenantId: clubId,
          prices: [{ name: 'Gebühr', kind: 'price', amount: 3 }],
        }),
      ),
    );
    // One statement links all three events to two disciplines.
    await ctx.db.insert(eventDisciplineLinks).values(
      [a!, b!, c!].flatMap((e) => [
        { eventId: e.id, disciplineId: ids['Katalog Segeln']! },
        { eventId: e.id, disciplineId: ids['Katalog Rudern']! },
      ]),
    );
    for (const e of [a!, b!, c!]) {
      const state = await rowAndTruth(e.id);
      expect(state.row).toEqual(state.truth);
      expect((await seen(e.id)).disciplines).toEqual(['Katalog Rudern', 'Katalog Segeln']);
    }

    await ctx.db
      .update(eventDisciplines)
      .set({ name: 'Katalog Allwetter-Segeln' })
      .where(eq(eventDisciplines.id, ids['Katalog Segeln']!));
    for (const e of [a!, b!, c!]) {
      const state = await rowAndTruth(e.id);
      expect(state.row).toEqual(state.truth);
      expect((await seen(e.id)).disciplines).toEqual(['Katalog Allwetter-Segeln', 'Katalog Rudern']);
    }

    // The discipline deleted: its links go by cascade, and with them its name on every event.
    await ctx.db.delete(eventDisciplines).where(inArray(eventDisciplines.id, [ids['Katalog Segeln']!]));
    for (const e of [a!, b!, c!]) {
      const state = await rowAndTruth(e.id);
      expect(state.row).toEqual(state.truth);
      expect(await seen(e.id)).toMatchObject({
        disciplines: ['Katalog Rudern'],
        fee: { amount: 3, currency: 'EUR' },
      });
    }
  });

  it("shows the member's own registration in the list as on the event: waiting position and booked options", async () => {
    const event = await createFixtureEvent(ctx.db, {
      tenantId: clubId,
      maxParticipants: 1,
      maxWaiting: 2,
      prices: [
        { name: 'Startgeld', kind: 'price', amount: 10 },
        { name: 'Shirt', kind: 'option', amount: 15 },
      ],
    });
    const first = await ctx.createPerson();
    await ctx.addMembership(first.personId, clubId, 'member');
    const register = (who: TestPerson, options: string[]) =>
      call('POST', `/api/event/${event.id}/registration`, who, { priceOptionIds: options });
    expect((await register(first, [event.priceIds[0]!])).statusCode).toBe(201);
    expect((await register(member, [event.priceIds[0]!, event.priceIds[1]!])).statusCode).toBe(201);

    const list = (await call('GET', `/api/event?tenantIds=${clubId}&pagesize=100`, member)).json<EventList>();
    const inList = list.items.find((e) => e.id === event.id)!;
    const detail = (await call('GET', `/api/event/${event.id}`, member)).json<EventDetail>();
    expect(inList.eventRegistration).toMatchObject({
      eventProgressType: 'waiting',
      waitingPosition: 1,
      bookedOptions: [
        { name: 'Startgeld', amount: 10 },
        { name: 'Shirt', amount: 15 },
      ],
      total: { amount: 25, currency: 'EUR' },
    });
    expect(inList.eventRegistration).toEqual(detail.eventRegistration);
    // Events the member has not registered for show no registration.
    expect(list.items.filter((e) => e.id !== event.id).every((e) => e.eventRegistration === null)).toBe(true);
  });
});
