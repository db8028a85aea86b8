import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDetail, EventRegistration } from '@vereinsheim/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { eventRegistrations, events, persons } from '../../db/schema/index.ts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { createFixtureEvent } from './events.fixtures.ts';
import { eventsRepository } from './events.repository.ts';

/**
 * ADR 0032: the counters on the event row (place_count, waiting_count) that registrations decide on follow every
 * way a registration changes — the member's own registration and cancellation, the waiting list moving up, the
 * club's changes by hand, bulk writes and the cascade of a deleted person — and registration re-checks on the
 * locked row what changed after its first read.
 */
let ctx: TestContext;
let clubId: string;
let organiser: TestPerson;

async function call(method: 'GET' | 'POST', url: string, person: TestPerson, payload?: object) {
  return ctx.app.inject({ method, url, headers: await ctx.auth(person), ...(payload ? { payload } : {}) });
}

async function memberOf(tenantId: string) {
  const p = await ctx.createPerson();
  await ctx.addMembership(p.personId, tenantId, 'member');
  return p;
}

/** The counters on the row and what the registrations say, for one event. */
async function countersAndTruth(eventId: string) {
  const [row] = await ctx.db
    .select({ places: events.placeCount, waiting: events.waitingCount })
    .from(events)
    .where(eq(events.id, eventId));
  const [truth] = await ctx.db
    .select({
      places:
        sql<number>`count(*) filter (where ${eventRegistrations.status} in ('participating', 'requested'))`.mapWith(
          Number,
        ),
      waiting: sql<number>`count(*) filter (where ${eventRegistrations.status} = 'waiting')`.mapWith(Number),
    })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId));
  return { counters: row, truth };
}

beforeAll(async () => {
  ctx = await createTestContext();
  clubId = await ctx.createClub('Turnverein Counters');
  organiser = await memberOf(clubId);
  await ctx.addMembership(organiser.personId, clubId, 'organiser');
});
afterAll(() => ctx?.close());

describe('the place counters on the event row', () => {
  it('follow registrations, cancellations, moving up, changes by hand, bulk writes and a deleted person', async () => {
    const { id } = await createFixtureEvent(ctx.db, { tenantId: clubId, maxParticipants: 2, maxWaiting: 2 });
    const [anna, bernd, carla, dora, emil] = await Promise.all(
      Array.from({ length: 5 }, () => memberOf(clubId)),
    );
    const url = `/api/event/${id}/registration`;
    const statuses: string[] = [];
    for (const p of [anna!, bernd!, carla!, dora!]) {
      const res = await call('POST', url, p, {});
      expect(res.statusCode).toBe(201);
      statuses.push(res.json<EventRegistration>().eventProgressType);
    }
    expect(statuses).toEqual(['participating', 'participating', 'waiting', 'waiting']);
    expect((await call('POST', url, emil!, {})).statusCode).toBe(409);
    expect(await countersAndTruth(id)).toEqual({
      counters: { places: 2, waiting: 2 },
      truth: { places: 2, waiting: 2 },
    });

    // Anna withdraws: Carla moves up; the list shows the counters.
    expect((await call('POST', `${url}/cancel`, anna!, { SendNotification: false })).statusCode).toBe(200);
    expect(await countersAndTruth(id)).toEqual({
      counters: { places: 2, waiting: 1 },
      truth: { places: 2, waiting: 1 },
    });
    const detail = (await call('GET', `/api/event/${id}`, bernd!)).json<EventDetail>();
    expect({ participants: detail.participantCount, waiting: detail.waitingCount }).toEqual({
      participants: 2,
      waiting: 1,
    });

    // The club moves Bernd to the end of the waiting list and adds Emil by hand (a free place now).
    const manage = `/api/tenants/${clubId}/manage/event/${id}/participant`;
    const [bernds] = await ctx.db
      .select({ id: eventRegistrations.id })
      .from(eventRegistrations)
      .where(
        sql`${eventRegistrations.eventId} = ${id} and ${eventRegistrations.personId} = ${bernd!.personId}`,
      );
    const moved = await call('POST', `${manage}/${bernds!.id}/move`, organiser, {
      to: 'waiting',
      reason: 'Test',
    });
    expect(moved.statusCode).toBe(200);
    expect((await countersAndTruth(id)).counters).toEqual({ places: 1, waiting: 2 });
    const added = await call('POST', manage, organiser, { personId: emil!.personId });
    expect(added.statusCode).toBe(201);
    expect(await countersAndTruth(id)).toEqual({
      counters: { places: 2, waiting: 2 },
      truth: { places: 2, waiting: 2 },
    });

    // A bulk status change in one statement, then a person deleted with everything of theirs.
    await ctx.db
      .update(eventRegistrations)
      .set({ status: 'participating' })
      .where(sql`${eventRegistrations.eventId} = ${id} and ${eventRegistrations.status} = 'waiting'`);
    expect(await countersAndTruth(id)).toEqual({
      counters: { places: 4, waiting: 0 },
      truth: { places: 4, waiting: 0 },
    });
    await ctx.db.delete(persons).where(eq(persons.id, emil!.personId));
    expect(await countersAndTruth(id)).toEqual({
      counters: { places: 3, waiting: 0 },
      truth: { places: 3, waiting: 0 },
    });
  });

  it('count a bulk insert over several events once per event', async () => {
    const [a, b] = await Promise.all([
      createFixtureEvent(ctx.db, { tenantId: clubId, maxParticipants: null }),
      createFixtureEvent(ctx.db, { tenantId: clubId, maxParticipants: null }),
    ]);
    const people = await Promise.all(Array.from({ length: 3 }, () => memberOf(clubId)));
    await ctx.db.insert(eventRegistrations).values([
      ...people.map((p) => ({
        tenantId: clubId,
        eventId: a.id,
        personId: p.personId,
        status: 'participating' as const,
      })),
      { tenantId: clubId, eventId: b.id, personId: people[0]!.personId, status: 'waiting' as const },
      { tenantId: clubId, eventId: b.id, personId: people[1]!.personId, status: 'invited' as const },
    ]);
    expect((await countersAndTruth(a.id)).counters).toEqual({ places: 3, waiting: 0 });
    expect((await countersAndTruth(b.id)).counters).toEqual({ places: 0, waiting: 1 });
  });
});

describe('taking a place on the locked row', () => {
  const scope = () => ({ personId: organiser.personId, tenantIds: [clubId] });

  it('refuses when the event filled up or its registration closed after the first read', async () => {
    const { id } = await createFixtureEvent(ctx.db, { tenantId: clubId, maxParticipants: 1, maxWaiting: 0 });
    const [first, second] = await Promise.all([memberOf(clubId), memberOf(clubId)]);
    const claim = (personId: string) =>
      eventsRepository.claimRegistration(ctx.db, scope(), {
        eventId: id,
        personId,
        priceOptionIds: [],
        showInParticipantList: false,
        now: new Date(),
      });
    const taken = await claim(first.personId);
    expect(taken.registration?.status).toBe('participating');
    expect(taken.event?.id).toBe(id);

    const full = await claim(second.personId);
    expect(full).toMatchObject({ registration: undefined, active: false });
    expect(full.event?.placeCount).toBe(1);

    // Room again: the person who holds a place is told so (registered in the meantime), not given a second one.
    await ctx.db.update(events).set({ maxParticipants: 5 }).where(eq(events.id, id));
    const again = await claim(first.personId);
    expect(again).toMatchObject({ registration: undefined, active: true });

    await ctx.db.update(events).set({ registrationOpen: false }).where(eq(events.id, id));
    const closed = await claim(second.personId);
    expect(closed).toMatchObject({ registration: undefined, active: false });
    expect(closed.event?.registrationOpen).toBe(false);
    expect(await countersAndTruth(id)).toEqual({
      counters: { places: 1, waiting: 0 },
      truth: { places: 1, waiting: 0 },
    });
  });

  it('answers the waiting position and writes the history with the registration', async () => {
    const { id } = await createFixtureEvent(ctx.db, { tenantId: clubId, maxParticipants: 0, maxWaiting: 3 });
    const people = await Promise.all(Array.from({ length: 2 }, () => memberOf(clubId)));
    const positions: (number | null)[] = [];
    for (const p of people) {
      const res = await call('POST', `/api/event/${id}/registration`, p, {});
      expect(res.statusCode).toBe(201);
      positions.push(res.json<EventRegistration>().waitingPosition);
    }
    expect(positions).toEqual([1, 2]);
    const history = await ctx.db.execute(
      sql`select h.reason, h.status from event_registration_history h join event_registrations r on r.id = h.registration_id where r.event_id = ${id}`,
    );
    expect((history as unknown as { rows: unknown[] }).rows).toEqual([
      { reason: 'registered', status: 'waiting' },
      { reason: 'registered', status: 'waiting' },
    ]);
  });
});

describe('a statement that changes no registration (migration 0029)', () => {
  /** Calls of a PL/pgSQL function in this transaction, counted by PostgreSQL (track_functions). */
  const callsOf = async (tx: DbOrTx, fn: string) =>
    Number(
      (
        await tx.execute<{ n: string }>(
          sql`select pg_stat_get_xact_function_calls(${fn}::regproc)::text as n`,
        )
      ).rows[0]!.n,
    );

  it('leaves the counters and the change log alone: the counters trigger returns before any statement', async () => {
    // As a registration for a full event: its INSERT … ON CONFLICT inserts nothing and updates nothing, and
    // PostgreSQL still fires the statement triggers of both.
    const event = await createFixtureEvent(ctx.db, { tenantId: clubId, maxParticipants: 1, maxWaiting: 0 });
    const member = await memberOf(clubId);
    await ctx.db.insert(eventRegistrations).values({
      tenantId: clubId,
      eventId: event.id,
      personId: member.personId,
      status: 'participating',
    });
    const calls = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local track_functions = 'pl'`);
      await tx.execute(sql`
        insert into ${eventRegistrations} (tenant_id, event_id, person_id, status)
        values (${clubId}, ${event.id}, ${member.personId}, 'participating')
        on conflict (event_id, person_id) do update set status = excluded.status
        where ${eventRegistrations}.status in ('cancelled', 'invited')`);
      return {
        counts: await callsOf(tx, 'event_registration_counts'),
        eventsList: await callsOf(tx, 'events_list_changed'),
        mark: await callsOf(tx, 'list_changes_mark'),
      };
    });
    // Fired for the insert and for the update, and returned at once: no UPDATE of the events, so the events list's
    // trigger is never fired and nothing is marked.
    expect(calls).toEqual({ counts: 2, eventsList: 0, mark: 0 });
    expect(await countersAndTruth(event.id)).toEqual({
      counters: { places: 1, waiting: 0 },
      truth: { places: 1, waiting: 0 },
    });
  });
});
