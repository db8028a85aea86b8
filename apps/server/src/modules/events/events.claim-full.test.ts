import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject as vitestInject, it } from 'vitest';
import { eventRegistrations, events } from '../../db/schema/index.ts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { createFixtureEvent, untilWaitingForLock } from './events.fixtures.ts';
import { eventsRepository } from './events.repository.ts';

const onPostgres = Boolean(vitestInject('databaseUrl'));

/**
 * A registration that finds the event full takes no lock on its row (ADR 0032, amendment 2026-11-28): in a
 * storm every registration passes the first read while places are left, and each one that then found the event
 * full used to lock the row, write the lock to the WAL and wait for its commit to be flushed before the next
 * could look. The row's `xmax` shows who locked it last: a statement that locks it leaves its own transaction id
 * there (the registration that took the last place left its own, and keeps it).
 */
describe('a registration for a full event', () => {
  let ctx: TestContext;
  let clubId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    clubId = await ctx.createClub('Ruderclub Voll');
  });
  afterAll(() => ctx?.close());

  /** Two new persons, both members of the club. */
  const twoMembers = async () => {
    const persons = [await ctx.createPerson(), await ctx.createPerson()] as const;
    for (const person of persons) await ctx.addMembership(person.personId, clubId, 'member');
    return persons;
  };

  const register = async (eventId: string, person: TestPerson, payload: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/event/${eventId}/registration`,
      headers: await ctx.auth(person),
      payload,
    });

  const xmaxOf = async (eventId: string) =>
    (
      await ctx.db.execute<{ xmax: string }>(
        sql`select xmax::text as xmax from ${events} where ${events.id} = ${eventId}`,
      )
    ).rows[0]!.xmax;

  it('answers the event without a registration, takes no lock and blames no price option', async () => {
    // The statement starts on a row that is already full, as every registration of a storm does once the
    // places are gone (they all passed the first read while places were left).
    const event = await createFixtureEvent(ctx.db, {
      tenantId: clubId,
      maxParticipants: 1,
      maxWaiting: 0,
      prices: [{ name: 'Startgeld', kind: 'price', amount: 10 }],
    });
    const [price] = event.priceIds;
    const [first, second] = await twoMembers();
    const taken = await register(event.id, first, { priceOptionIds: [price] });
    expect(taken.statusCode, taken.body).toBe(201);
    const lockedBy = await xmaxOf(event.id);

    const claimed = await eventsRepository.claimRegistration(
      ctx.db,
      { personId: second.personId, tenantIds: [clubId] },
      {
        eventId: event.id,
        personId: second.personId,
        priceOptionIds: [price!],
        showInParticipantList: false,
        now: new Date(),
      },
    );
    expect(claimed.event?.id).toBe(event.id);
    expect(claimed.event?.placeCount).toBe(1);
    expect(claimed.registration).toBeUndefined();
    expect(claimed.active).toBe(false);
    expect(claimed.sawRoom).toBe(false);
    // Its price option still exists: "full" is the answer, not an invalid selection.
    expect(claimed.optionsGone).toBe(false);
    expect(await xmaxOf(event.id)).toBe(lockedBy);
  });

  it("tells a person's own registration apart from full by itself, as it waited for nobody", async () => {
    // A double tap whose second statement starts after the first committed the last place: the row is full and
    // not locked, and the statement's snapshot shows the person's registration. The service asks no more.
    const event = await createFixtureEvent(ctx.db, { tenantId: clubId, maxParticipants: 1, maxWaiting: 0 });
    const [first] = await twoMembers();
    const taken = await register(event.id, first);
    expect(taken.statusCode, taken.body).toBe(201);

    const again = await eventsRepository.claimRegistration(
      ctx.db,
      { personId: first.personId, tenantIds: [clubId] },
      {
        eventId: event.id,
        personId: first.personId,
        priceOptionIds: [],
        showInParticipantList: false,
        now: new Date(),
      },
    );
    expect(again.registration).toBeUndefined();
    expect(again.sawRoom).toBe(false);
    expect(again.active).toBe(true);
    const stored = await ctx.db
      .select({ status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, event.id));
    expect(stored).toEqual([{ status: 'participating' }]);
  });

  it('still locks, and takes the waiting place, while one is left', async () => {
    const event = await createFixtureEvent(ctx.db, { tenantId: clubId, maxParticipants: 1, maxWaiting: 1 });
    const [first, second] = await twoMembers();
    const taken = await register(event.id, first);
    expect(taken.statusCode, taken.body).toBe(201);
    const waiting = await register(event.id, second);
    expect(waiting.statusCode, waiting.body).toBe(201);
    expect(JSON.parse(waiting.body), waiting.body).toMatchObject({ waitingPosition: 1 });
  });

  /**
   * With two connections: the registration's statement started while a place was left, and the last place goes
   * to another person while it waits for the row. It must answer 409 event.full and store nothing. (This one does
   * lock the row: PostgreSQL locks the newest version before it re-checks the condition on it. In a storm only
   * the statements running at the moment the event fills are such; every later one starts on the full row.)
   */
  it.skipIf(!onPostgres)(
    'that filled while it waited for the row answers 409 event.full and stores nothing',
    async () => {
      const event = await createFixtureEvent(ctx.db, { tenantId: clubId, maxParticipants: 1, maxWaiting: 0 });
      const [other, late] = await twoMembers();
      const headers = { ...(await ctx.auth(late)), 'accept-language': 'de' };

      let answer: Promise<{ statusCode: number; body: string }> | undefined;
      await ctx.db.transaction(async (tx) => {
        // Another registration holds the row and takes the last place (the counters follow by trigger).
        await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for('update');
        await tx.insert(eventRegistrations).values({
          tenantId: clubId,
          eventId: event.id,
          personId: other.personId,
          status: 'participating',
        });
        answer = ctx.app.inject({
          method: 'POST',
          url: `/api/event/${event.id}/registration`,
          headers,
          payload: {},
        });
        // Until the late registration's statement waits for the row (its first read saw the place).
        await untilWaitingForLock(ctx.db);
      });

      const res = await answer!;
      expect(res.statusCode, res.body).toBe(409);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'event.full' });
      const stored = await ctx.db
        .select({ personId: eventRegistrations.personId })
        .from(eventRegistrations)
        .where(eq(eventRegistrations.eventId, event.id));
      expect(stored).toEqual([{ personId: other.personId }]);
    },
  );
});
