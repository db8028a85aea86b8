/**
 * Registration with price options (what was booked and its total) and the participant list (ADR 0025).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  priceSelectionTotal,
  type EventContract,
  type EventDetail,
  type EventParticipantList,
  type EventRegistration,
  type MyRegistrationList,
} from '@vereinsheim/contracts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { createFixtureEvent } from './events.fixtures.ts';

let ctx: TestContext;
let clubA: string;
let clubB: string;

async function inject(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  person?: TestPerson,
  payload?: unknown,
  language = 'de',
) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { ...(person ? await ctx.auth(person) : {}), 'accept-language': language },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { statusCode: res.statusCode, json: <T = unknown>() => res.json<T>(), headers: res.headers };
}

async function memberOf(tenantId: string, name?: { firstName: string; lastName: string }) {
  const p = await ctx.createPerson(name);
  await ctx.addMembership(p.personId, tenantId, 'member');
  return p;
}

beforeAll(async () => {
  ctx = await createTestContext();
  clubA = await ctx.createClub('Verein A');
  clubB = await ctx.createClub('Verein B');
});
afterAll(() => ctx.close());

describe('what a registration books', () => {
  it('returns the booked options and the total the web computes from the contract, on every read', async () => {
    const event = await createFixtureEvent(ctx.db, {
      tenantId: clubA,
      prices: [
        { name: 'Mitglied', kind: 'price', amount: 10 },
        { name: 'Gast', kind: 'price', amount: 15.5 },
        { name: 'Startgebühr', kind: 'option', amount: 5.1, required: true },
        { name: 'T-Shirt', kind: 'option', amount: 12.2 },
      ],
    });
    const p = await memberOf(clubA);
    const contract = (await inject('GET', `/api/event/${event.id}/contract`, p)).json<EventContract>();
    const selection = [event.priceIds[1]!, event.priceIds[2]!, event.priceIds[3]!];
    // What the web shows before the binding registration (the same function, fed by the contract).
    const shown = priceSelectionTotal(contract.price.prices, selection);
    expect(shown).toEqual({ amount: 32.8, currency: 'EUR' });

    const res = await inject('POST', `/api/event/${event.id}/registration`, p, {
      priceOptionIds: selection,
    });
    expect(res.statusCode).toBe(201);
    const reg = res.json<EventRegistration>();
    expect(reg.total).toEqual(shown);
    expect(reg.bookedOptions).toEqual([
      { id: event.priceIds[1], name: 'Gast', kind: 'price', amount: 15.5, currency: 'EUR' },
      { id: event.priceIds[2], name: 'Startgebühr', kind: 'option', amount: 5.1, currency: 'EUR' },
      { id: event.priceIds[3], name: 'T-Shirt', kind: 'option', amount: 12.2, currency: 'EUR' },
    ]);
    expect(reg.showInParticipantList).toBe(false);

    const mine = (await inject('GET', `/api/event/${event.id}/registration`, p)).json<EventRegistration>();
    const detail = (await inject('GET', `/api/event/${event.id}`, p)).json<EventDetail>();
    const list = (await inject('GET', '/api/me/event/registrations', p)).json<MyRegistrationList>();
    for (const read of [mine, detail.eventRegistration!, list.items[0]!]) {
      expect(read.total).toEqual(shown);
      expect(read.bookedOptions.map((o) => o.name)).toEqual(['Gast', 'Startgebühr', 'T-Shirt']);
    }
  });

  it('refuses a selection without the required option with 400 problem+json naming the field, storing nothing', async () => {
    const event = await createFixtureEvent(ctx.db, {
      tenantId: clubA,
      prices: [
        { name: 'Mitglied', kind: 'price', amount: 10 },
        { name: 'Startgebühr', kind: 'option', amount: 5, required: true },
      ],
    });
    const p = await memberOf(clubA);
    for (const [language, detail] of [
      ['de', 'Bitte wähle die Pflichtoptionen'],
      ['en', 'Select required options'],
    ] as const) {
      const res = await inject(
        'POST',
        `/api/event/${event.id}/registration`,
        p,
        { priceOptionIds: [event.priceIds[0]] },
        language,
      );
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        code: 'event.priceSelection.selectRequired',
        detail,
        errors: [{ field: 'priceOptionIds', message: detail }],
      });
    }
    expect((await inject('GET', `/api/event/${event.id}/registration`, p)).json()).toBeNull();
  });

  it("refuses another event's price option as unknown (400), so the total cannot be made up", async () => {
    const event = await createFixtureEvent(ctx.db, {
      tenantId: clubA,
      prices: [{ name: 'Mitglied', kind: 'price', amount: 10 }],
    });
    const cheaper = await createFixtureEvent(ctx.db, {
      tenantId: clubA,
      prices: [{ name: 'Gratis', kind: 'price', amount: 0 }],
    });
    const p = await memberOf(clubA);
    const res = await inject('POST', `/api/event/${event.id}/registration`, p, {
      priceOptionIds: [cheaper.priceIds[0]],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'event.priceSelection.invalid',
      errors: [{ field: 'priceOptionIds' }],
    });
  });
});

describe('the participant list', () => {
  it('lists participating persons who agreed, to members and the registered; consent can change later', async () => {
    const event = await createFixtureEvent(ctx.db, {
      tenantId: clubA,
      showParticipants: true,
      maxParticipants: 2,
      maxWaiting: 5,
    });
    const anna = await memberOf(clubA, { firstName: 'Anna', lastName: 'Aal' });
    const bernd = await memberOf(clubA, { firstName: 'Bernd', lastName: 'Barsch' });
    const carla = await memberOf(clubA, { firstName: 'Carla', lastName: 'Carp' });
    const onlooker = await memberOf(clubA);
    const url = `/api/event/${event.id}/registration`;
    expect((await inject('POST', url, anna, { showInParticipantList: true })).statusCode).toBe(201);
    expect((await inject('POST', url, bernd, {})).statusCode).toBe(201);
    // Carla waits: she agreed, but holds no place.
    const waiting = await inject('POST', url, carla, { showInParticipantList: true });
    expect(waiting.json<EventRegistration>().eventProgressType).toBe('waiting');

    const list = await inject('GET', `/api/event/${event.id}/participants`, onlooker);
    expect(list.statusCode).toBe(200);
    expect(list.json<EventParticipantList>()).toEqual({
      items: [{ personId: anna.personId, name: 'Anna Aal' }],
      participantCount: 2,
    });

    const changed = await inject('PATCH', url, bernd, { showInParticipantList: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<EventRegistration>().showInParticipantList).toBe(true);
    expect((await inject('PATCH', url, anna, { showInParticipantList: false })).statusCode).toBe(200);
    const after = (
      await inject('GET', `/api/event/${event.id}/participants`, anna)
    ).json<EventParticipantList>();
    expect(after.items.map((i) => i.name)).toEqual(['Bernd Barsch']);
  });

  it('refuses where the event shows no list (403), and hides another club’s event (404)', async () => {
    const hidden = await createFixtureEvent(ctx.db, { tenantId: clubA, showParticipants: false });
    const p = await memberOf(clubA);
    await inject('POST', `/api/event/${hidden.id}/registration`, p, { showInParticipantList: true });
    const refused = await inject('GET', `/api/event/${hidden.id}/participants`, p);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'event.participants.view.forbidden' });

    const shown = await createFixtureEvent(ctx.db, { tenantId: clubA, showParticipants: true });
    const stranger = await memberOf(clubB);
    const notVisible = await inject('GET', `/api/event/${shown.id}/participants`, stranger);
    expect(notVisible.statusCode).toBe(404);
    expect(notVisible.json()).toMatchObject({ code: 'event.notFound' });
    expect((await inject('GET', `/api/event/${shown.id}/participants`)).statusCode).toBe(401);
  });

  it("shows a public event's list to a non-member only once registered", async () => {
    const event = await createFixtureEvent(ctx.db, {
      tenantId: clubA,
      visibility: 'public',
      showParticipants: true,
    });
    const guest = await memberOf(clubB);
    const url = `/api/event/${event.id}/participants`;
    expect((await inject('GET', url, guest)).statusCode).toBe(403);
    await inject('POST', `/api/event/${event.id}/registration`, guest, { showInParticipantList: true });
    const list = await inject('GET', url, guest);
    expect(list.statusCode).toBe(200);
    expect(list.json<EventParticipantList>().items.map((i) => i.personId)).toEqual([guest.personId]);
  });

  it('answers 404 when changing a registration one does not have', async () => {
    const event = await createFixtureEvent(ctx.db, { tenantId: clubA, showParticipants: true });
    const p = await memberOf(clubA);
    const res = await inject('PATCH', `/api/event/${event.id}/registration`, p, {
      showInParticipantList: true,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'registration.notFound' });
  });
});
