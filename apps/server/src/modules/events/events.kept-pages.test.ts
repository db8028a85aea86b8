import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventList } from '@vereinsheim/contracts';
import { events, tenants } from '../../db/schema/index.ts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { createFixtureEvent } from './events.fixtures.ts';

/**
 * ADR 0051: a page of the events list is kept across requests and persons, and every use asks the database whether
 * a transaction that committed after the page was read changed what it shows (list_changes, migration 0028).
 * The counters and the reader's own registration are read on every use.
 *
 * "Kept" is seen from outside by a change written with the triggers off (`session_replication_role = replica`, as a
 * restore writes): the log does not hear of it, so a page read before still shows the old value, while a page that
 * is read anew shows the new one.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function listOf(person: TestPerson, clubId: string, instance = ctx.app) {
  const res = await instance.inject({
    method: 'GET',
    url: `/api/event?tenantIds=${clubId}&pagesize=25`,
    headers: await ctx.auth(person),
  });
  expect(res.statusCode).toBe(200);
  return res.json<EventList>();
}

const names = (list: EventList) => list.items.map((e) => e.name);

/** Renames the event without the triggers, so that no change is logged. */
async function renameUnlogged(eventId: string, name: string) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(events).set({ name }).where(eq(events.id, eventId));
  });
}

/** A club with two members and two members-only events. */
async function clubWithEvents() {
  const clubId = await ctx.createClub('Ruderclub Seite');
  const [anna, bernd] = await Promise.all([ctx.createPerson(), ctx.createPerson()]);
  await ctx.addMembership(anna.personId, clubId);
  await ctx.addMembership(bernd.personId, clubId);
  const first = await createFixtureEvent(ctx.db, {
    tenantId: clubId,
    name: 'Anrudern',
    startsInDays: 5,
    maxParticipants: 10,
  });
  const second = await createFixtureEvent(ctx.db, { tenantId: clubId, name: 'Abrudern', startsInDays: 20 });
  return { clubId, anna, bernd, first: first.id, second: second.id };
}

describe('the events list kept across requests (ADR 0051)', () => {
  it('serves a page it read once to every person with the same clubs, with live counters and their own registration', async () => {
    const { clubId, anna, bernd, first } = await clubWithEvents();
    expect(names(await listOf(anna, clubId))).toEqual(['Anrudern', 'Abrudern']);

    await renameUnlogged(first, 'Anrudern (nicht geloggt)');
    // Kept: Anna's and Bernd's next pages are the one read before.
    expect(names(await listOf(anna, clubId))).toEqual(['Anrudern', 'Abrudern']);
    expect(names(await listOf(bernd, clubId))).toEqual(['Anrudern', 'Abrudern']);

    // A registration changes the counters only: it logs nothing, and both see it at once.
    const registered = await ctx.app.inject({
      method: 'POST',
      url: `/api/event/${first}/registration`,
      headers: await ctx.auth(bernd),
      payload: { priceOptionIds: [] },
    });
    expect(registered.statusCode).toBe(201);
    const annas = await listOf(anna, clubId);
    const bernds = await listOf(bernd, clubId);
    expect(names(annas)).toEqual(['Anrudern', 'Abrudern']);
    expect(annas.items[0]).toMatchObject({ participantCount: 1, placesLeft: 9, eventRegistration: null });
    expect(bernds.items[0]).toMatchObject({
      participantCount: 1,
      placesLeft: 9,
      eventProgressType: 'participating',
      eventRegistration: expect.objectContaining({ personId: bernd.personId }),
    });
    expect(annas.items[1]).toMatchObject({ eventRegistration: null });
  });

  it('reads the page anew after any logged change: a renamed, added, deleted or hidden event, a renamed club', async () => {
    const { clubId, anna, first, second } = await clubWithEvents();
    await listOf(anna, clubId);

    await renameUnlogged(first, 'Anrudern (nicht geloggt)');
    await ctx.db.update(events).set({ name: 'Abrudern am See' }).where(eq(events.id, second));
    // The whole page is read anew: the unlogged name comes along with the logged one.
    expect(names(await listOf(anna, clubId))).toEqual(['Anrudern (nicht geloggt)', 'Abrudern am See']);

    await createFixtureEvent(ctx.db, { tenantId: clubId, name: 'Wanderfahrt', startsInDays: 10 });
    const added = await listOf(anna, clubId);
    expect(names(added)).toEqual(['Anrudern (nicht geloggt)', 'Wanderfahrt', 'Abrudern am See']);
    expect(added.maximumcount).toBe(3);

    await ctx.db.delete(events).where(eq(events.id, first));
    expect(names(await listOf(anna, clubId))).toEqual(['Wanderfahrt', 'Abrudern am See']);

    await ctx.db.update(events).set({ cancelled: true }).where(eq(events.id, second));
    expect((await listOf(anna, clubId)).items.map((e) => e.cancelled)).toEqual([false, true]);

    await ctx.db.update(tenants).set({ name: 'Ruderclub am See' }).where(eq(tenants.id, clubId));
    expect(new Set((await listOf(anna, clubId)).items.map((e) => e.tenantName))).toEqual(
      new Set(['Ruderclub am See']),
    );
  });

  it('sees a change and a registration made through another instance of the same database on its next request', async () => {
    const { clubId, anna, bernd, first, second } = await clubWithEvents();
    const other = await ctx.anotherInstance();
    try {
      expect(names(await listOf(anna, clubId, other))).toEqual(['Anrudern', 'Abrudern']);
      // Through this instance: Bernd registers, and the event is renamed in the database.
      const registered = await ctx.app.inject({
        method: 'POST',
        url: `/api/event/${first}/registration`,
        headers: await ctx.auth(bernd),
        payload: { priceOptionIds: [] },
      });
      expect(registered.statusCode).toBe(201);
      await ctx.db.update(events).set({ name: 'Abrudern mit Grillen' }).where(eq(events.id, second));
      const seen = await listOf(anna, clubId, other);
      expect(names(seen)).toEqual(['Anrudern', 'Abrudern mit Grillen']);
      expect(seen.items[0]).toMatchObject({ participantCount: 1 });
    } finally {
      await other.close();
    }
  });

  it('logs no change for registrations, and one row per key for a change of several events in one transaction', async () => {
    const { clubId, bernd, first, second } = await clubWithEvents();
    const logged = async () =>
      Number(
        (
          await ctx.db.execute<{ n: string }>(
            sql`select count(*) as n from list_changes where list = 'events' and key = ${clubId}::uuid`,
          )
        ).rows[0]!.n,
      );
    const before = await logged();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/event/${first}/registration`,
      headers: await ctx.auth(bernd),
      payload: { priceOptionIds: [] },
    });
    expect(await logged()).toBe(before);
    await ctx.db.transaction(async (tx) => {
      await tx.update(events).set({ organiser: 'Vorstand' }).where(eq(events.id, first));
      await tx.update(events).set({ organiser: 'Jugendwart' }).where(eq(events.id, second));
    });
    expect(await logged()).toBe(before + 1);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a change under way while a page is read (PostgreSQL)', () => {
  it('is seen once it commits, although it began before the page was read', async () => {
    const { clubId, anna, first } = await clubWithEvents();
    // A connection of its own to the test's database (the pool's URL).
    const writer = new pg.Client({
      connectionString: (ctx.database.pool as unknown as { options: { connectionString: string } }).options
        .connectionString,
    });
    await writer.connect();
    try {
      await writer.query('begin');
      await writer.query('update events set name = $1 where id = $2', ['Anrudern verschoben', first]);
      // Read (and kept) while the change is under way: its snapshot does not see it.
      expect(names(await listOf(anna, clubId))).toEqual(['Anrudern', 'Abrudern']);
      expect(names(await listOf(anna, clubId))).toEqual(['Anrudern', 'Abrudern']);
      await writer.query('commit');
      expect(names(await listOf(anna, clubId))).toEqual(['Anrudern verschoben', 'Abrudern']);
    } finally {
      await writer.end();
    }
  });
});
