import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestPerson } from './harness.ts';
import { events, memberships, persons } from '../src/db/schema/index.ts';
import { LISTEN_APPLICATION_NAME, listenTo, type ChannelSubscription } from '../src/db/notifications.ts';
import {
  SCOPE_CHANNEL,
  SCOPE_TTL_MS,
  startScopeCache,
  type ScopeCache,
  type ScopeCacheOptions,
} from '../src/policy/scope-cache.ts';
import { readActorScope } from '../src/policy/scope.repository.ts';

const silent = { warn: () => undefined } as never;

/** A scope cache of its own on the test's database, for `use`, closed afterwards. */
async function withCache<T>(options: ScopeCacheOptions, use: (cache: ScopeCache) => Promise<T>): Promise<T> {
  const cache = await startScopeCache(ctx.database, silent, options);
  try {
    return await use(cache);
  } finally {
    await cache.close();
  }
}

/** Loads the person's scope until a load is answered from memory (kept); the statements each load sent. */
function readsOf(cache: ScopeCache, personId: string) {
  const reads = async () => (await ctx.countQueries(() => cache.load(personId))).queries;
  const kept = () => until(reads, (n) => n === 0);
  return { reads, kept };
}

let ctx: TestContext;
/** Every payload on the scope channel so far, heard by a listener of this file. */
const notified: string[] = [];
let listener: ChannelSubscription;
beforeAll(async () => {
  ctx = await createTestContext();
  listener = await listenTo(ctx.database, SCOPE_CHANNEL, silent, {
    onNotification: (payload) => notified.push(payload),
  });
});
afterAll(async () => {
  await listener.close();
  await ctx.close();
});

/** Until the notification of a change of the person's memberships has arrived (the setup's writes). */
async function settled(personId: string): Promise<void> {
  await until(
    async () => notified.join(','),
    (all) => all.includes(personId),
  );
}

/** A members-only event of the club, in ten days. */
async function clubEvent(tenantId: string): Promise<string> {
  const startsAt = new Date(Date.now() + 10 * 86_400_000);
  const [row] = await ctx.db
    .insert(events)
    .values({
      tenantId,
      name: 'Vereinsabend',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      visibility: 'members',
    })
    .returning({ id: events.id });
  return row!.id;
}

/** A member of a new club with a members-only event: the event is visible only through the member's scope. */
async function memberWithClubEvent(): Promise<{ person: TestPerson; club: string; eventId: string }> {
  const club = await ctx.createClub();
  const person = await ctx.createPerson();
  await ctx.addMembership(person.personId, club);
  const eventId = await clubEvent(club);
  await settled(person.personId);
  return { person, club, eventId };
}

async function getEvent(headers: Record<string, string>, eventId: string) {
  return ctx.countQueries(() => ctx.app.inject({ method: 'GET', url: `/api/event/${eventId}`, headers }));
}

/** Asks until `done` holds or `ms` pass; the answers it saw. */
async function until<T>(ask: () => Promise<T>, done: (answer: T) => boolean, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await ask();
    if (done(answer) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The first moment of tomorrow as the database counts days (epoch ms). */
async function databaseMidnight(): Promise<number> {
  const result = (await ctx.db.execute(
    sql`select (extract(epoch from (CURRENT_DATE + 1)::timestamptz) * 1000)::float8 as midnight`,
  )) as unknown as { rows: { midnight: number | string }[] };
  return Number(result.rows[0]!.midnight);
}

describe('the actor scope in memory (ADR 0045)', () => {
  it("answers a person's next request without reading the scope again", async () => {
    const { person, eventId } = await memberWithClubEvent();
    const headers = await ctx.auth(person);
    const first = await getEvent(headers, eventId);
    expect(first.result.statusCode).toBe(200);
    // The first request read the subject's person with the scope in one statement; the next ones read neither
    // (asked until then: a notification that names the person while a read is under way keeps it from being kept).
    const next = await until(
      () => getEvent(headers, eventId),
      (a) => a.queries < first.queries,
    );
    expect(next.result.json()).toEqual(first.result.json());
    expect(next.queries).toBe(first.queries - 1);
    expect((await getEvent(headers, eventId)).queries).toBe(next.queries);
  });

  it('forgets a membership that another writer ended: the club event is no longer visible', async () => {
    const { person, eventId } = await memberWithClubEvent();
    const headers = await ctx.auth(person);
    expect((await getEvent(headers, eventId)).result.statusCode).toBe(200);
    expect((await getEvent(headers, eventId)).result.statusCode).toBe(200);
    // Not through this app: as another instance, an import or SQL by hand would.
    await ctx.db.delete(memberships).where(eq(memberships.personId, person.personId));
    const answer = await until(
      () => getEvent(headers, eventId),
      (a) => a.result.statusCode !== 200,
    );
    expect(answer.result.statusCode).toBe(404);
  });

  it('sees a membership granted meanwhile, on every instance', async () => {
    const { person, eventId } = await memberWithClubEvent();
    const otherClub = await ctx.createClub();
    const otherEvent = await clubEvent(otherClub);
    const headers = await ctx.auth(person);
    expect((await getEvent(headers, eventId)).result.statusCode).toBe(200);
    expect((await getEvent(headers, otherEvent)).result.statusCode).toBe(404);
    const other = await ctx.anotherInstance();
    try {
      // The other instance's own scope of the person is cached as well; both learn of the grant.
      expect(
        (await other.inject({ method: 'GET', url: `/api/event/${otherEvent}`, headers })).statusCode,
      ).toBe(404);
      await ctx.addMembership(person.personId, otherClub);
      const here = await until(
        () => getEvent(headers, otherEvent),
        (a) => a.result.statusCode === 200,
      );
      expect(here.result.statusCode).toBe(200);
      const there = await until(
        () => other.inject({ method: 'GET', url: `/api/event/${otherEvent}`, headers }),
        (r) => r.statusCode === 200,
      );
      expect(there.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('drops every entry when one statement changes the memberships of more than 100 persons', async () => {
    await withCache({}, async (cache) => {
      const { person, club } = await memberWithClubEvent();
      const { reads, kept } = readsOf(cache, person.personId);
      expect(await reads()).toBe(1);
      expect(await kept()).toBe(0);
      // 101 other persons join the club in one statement: the notification cannot name them all.
      await ctx.db.execute(sql`
        with p as (insert into ${persons} (first_name, last_name)
                   select 'Massen', 'Mitglied ' || n from generate_series(1, 101) n returning id)
        insert into ${memberships} (person_id, tenant_id, role) select id, ${club}, 'member' from p`);
      expect(await until(reads, (n) => n === 1)).toBe(1);
    });
  });

  it('does not keep a scope read before a change whose notification came while the read was under way', async () => {
    await withCache({}, async (cache) => {
      const { person, club } = await memberWithClubEvent();
      const heard = notified.length;
      // The read answers with the club; the membership is deleted and its notification arrives before the read
      // is kept (as when a commit and its notification fall between a read's statement and its answer).
      const read = await cache.remember(async () => {
        const before = await readActorScope(ctx.db, person.personId);
        await ctx.db.delete(memberships).where(eq(memberships.personId, person.personId));
        await until(
          async () => notified.slice(heard).join(','),
          (all) => all.includes(person.personId),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
        return before;
      });
      expect(read.scope.tenantIds).toEqual([club]);
      expect((await cache.load(person.personId)).tenantIds).toEqual([]);
    });
  });

  it("holds an entry until the first day after a membership's end date", async () => {
    let clock = Date.now();
    // A TTL of ten days: here only the end date can end the entry.
    await withCache({ now: () => clock, ttlMs: 10 * 86_400_000 }, async (cache) => {
      const { person, club } = await memberWithClubEvent();
      const endsToday = await ctx.createClub();
      await ctx.db.insert(memberships).values({
        personId: person.personId,
        tenantId: endsToday,
        role: 'member',
        endsOn: sql`CURRENT_DATE` as never,
      });
      const midnight = await databaseMidnight();
      const { reads, kept } = readsOf(cache, person.personId);
      // Until the scope with both clubs is kept (the notification of the second membership may come meanwhile).
      await until(
        async () => (await cache.load(person.personId)).tenantIds.length,
        (n) => n === 2,
      );
      expect(await kept()).toBe(0);
      expect((await cache.load(person.personId)).tenantIds).toEqual([club, endsToday].sort());
      clock = midnight - 1;
      expect(await reads()).toBe(0);
      clock = midnight;
      expect(await reads()).toBe(1);
    });
  });

  it('holds an entry at most SCOPE_TTL_MS', async () => {
    let clock = Date.now();
    await withCache({ now: () => clock }, async (cache) => {
      const { person } = await memberWithClubEvent();
      const { reads, kept } = readsOf(cache, person.personId);
      expect(await reads()).toBe(1);
      expect(await kept()).toBe(0);
      clock += SCOPE_TTL_MS - 1;
      expect(await reads()).toBe(0);
      clock += 1;
      expect(await reads()).toBe(1);
    });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the listener lost (PostgreSQL)', () => {
  it('drops the entries: a change committed while it was away is not answered from memory', async () => {
    const admin = new pg.Client({
      connectionString: (ctx.database.pool as unknown as { options: { connectionString: string } }).options
        .connectionString,
    });
    await admin.connect();
    await withCache({}, async (cache) => {
      const { person, club } = await memberWithClubEvent();
      expect((await cache.load(person.personId)).tenantIds).toEqual([club]);
      expect(await readsOf(cache, person.personId).kept()).toBe(0);
      // End the LISTEN connection of this database (the app's, this cache's and this file's) and wait until it is gone.
      const listeners = `select pid from pg_stat_activity where datname = current_database() and application_name = '${LISTEN_APPLICATION_NAME}'`;
      await admin.query(`select pg_terminate_backend(pid) from (${listeners}) l`);
      await until(
        async () => (await admin.query(listeners)).rowCount,
        (n) => n === 0,
      );
      await admin.query('delete from memberships where person_id = $1', [person.personId]);
      const scope = await until(
        () => cache.load(person.personId),
        (s) => s.tenantIds.length === 0,
      );
      expect(scope.tenantIds).toEqual([]);
    }).finally(() => admin.end());
  });
});
