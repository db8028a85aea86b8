import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject as vitestInject, it } from 'vitest';
import type { EventRegistration } from '@vereinsheim/contracts';
import { eventRegistrations, events, identities, memberships, persons } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createFixtureEvent } from './events.fixtures.ts';

const onPostgres = Boolean(vitestInject('databaseUrl'));
const PERSONS = 300;
const PLACES = 20;
const WAITING = 10;
const WITHDRAWING = 5;

// PGlite has a single connection, so concurrency cannot be observed there: this proof needs DATABASE_URL.
describe.skipIf(!onPostgres)(
  'registration under concurrency on PostgreSQL (skipped without DATABASE_URL)',
  () => {
    let ctx: TestContext;
    let clubId: string;
    let people: { personId: string; headers: Record<string, string> }[];

    beforeAll(async () => {
      ctx = await createTestContext();
      clubId = await ctx.createClub('Regattaverein');
      // 300 distinct persons with their identity link and membership, inserted in bulk.
      const rows = Array.from({ length: PERSONS }, (_, i) => ({
        id: randomUUID(),
        firstName: `Ruderin${i}`,
        lastName: 'Test',
        subject: `load-${randomUUID()}`,
      }));
      await ctx.db
        .insert(persons)
        .values(rows.map(({ id, firstName, lastName }) => ({ id, firstName, lastName })));
      await ctx.db
        .insert(identities)
        .values(rows.map((r) => ({ issuer: ctx.config.oidc.issuer, subject: r.subject, personId: r.id })));
      await ctx.db
        .insert(memberships)
        .values(rows.map((r) => ({ personId: r.id, tenantId: clubId, role: 'member' as const })));
      people = await Promise.all(
        rows.map(async (r) => ({
          personId: r.id,
          headers: { authorization: `Bearer ${await ctx.token(r.subject)}` },
        })),
      );
    });
    afterAll(() => ctx?.close());

    it(`${PERSONS} persons register at once for ${PLACES} places and ${WAITING} waiting places; ${WITHDRAWING} withdraw at once`, async () => {
      const { id } = await createFixtureEvent(ctx.db, {
        tenantId: clubId,
        name: 'Ansturm',
        maxParticipants: PLACES,
        maxWaiting: WAITING,
      });

      const t0 = performance.now();
      const responses = await Promise.all(
        people.map((p) =>
          ctx.app.inject({
            method: 'POST',
            url: `/api/event/${id}/registration`,
            headers: p.headers,
            payload: {},
          }),
        ),
      );
      const registerMs = performance.now() - t0;

      const codes = new Map<number, number>();
      for (const r of responses) codes.set(r.statusCode, (codes.get(r.statusCode) ?? 0) + 1);
      const statuses = responses
        .filter((r) => r.statusCode === 201)
        .map((r) => r.json<EventRegistration>().eventProgressType);
      const participating = statuses.filter((s) => s === 'participating').length;
      const waiting = statuses.filter((s) => s === 'waiting').length;
      const refused = codes.get(409) ?? 0;
      const serverErrors = [...codes].filter(([c]) => c >= 500).reduce((n, [, k]) => n + k, 0);

      // The database agrees with the answers.
      const stored = await ctx.db
        .select({ personId: eventRegistrations.personId, status: eventRegistrations.status })
        .from(eventRegistrations)
        .where(eq(eventRegistrations.eventId, id));
      expect(serverErrors).toBe(0);
      expect({ participating, waiting, refused }).toEqual({
        participating: PLACES,
        waiting: WAITING,
        refused: PERSONS - PLACES - WAITING,
      });
      expect(stored.filter((s) => s.status === 'participating')).toHaveLength(PLACES);
      expect(stored.filter((s) => s.status === 'waiting')).toHaveLength(WAITING);
      expect(stored).toHaveLength(PLACES + WAITING);

      // Registration time has microsecond precision: order in SQL, not by JavaScript's milliseconds.
      const waitingByTime = (
        await ctx.db
          .select({ personId: eventRegistrations.personId })
          .from(eventRegistrations)
          .where(and(eq(eventRegistrations.eventId, id), eq(eventRegistrations.status, 'waiting')))
          .orderBy(asc(eventRegistrations.registeredAt), asc(eventRegistrations.id))
      ).map((s) => s.personId);
      const withdrawing = stored
        .filter((s) => s.status === 'participating')
        .slice(0, WITHDRAWING)
        .map((s) => s.personId);

      const t1 = performance.now();
      const cancels = await Promise.all(
        withdrawing.map((personId) =>
          ctx.app.inject({
            method: 'POST',
            url: `/api/event/${id}/registration/cancel`,
            headers: people.find((p) => p.personId === personId)!.headers,
            payload: { SendNotification: true },
          }),
        ),
      );
      const cancelMs = performance.now() - t1;
      expect(cancels.map((c) => c.statusCode)).toEqual(Array(WITHDRAWING).fill(200));

      const after = await ctx.db
        .select({ personId: eventRegistrations.personId, status: eventRegistrations.status })
        .from(eventRegistrations)
        .where(eq(eventRegistrations.eventId, id));
      const promoted = await ctx.db
        .select({ personId: eventRegistrations.personId })
        .from(eventRegistrations)
        .where(
          and(
            eq(eventRegistrations.eventId, id),
            eq(eventRegistrations.status, 'participating'),
            inArray(eventRegistrations.personId, waitingByTime),
          ),
        );
      expect(after.filter((s) => s.status === 'participating')).toHaveLength(PLACES);
      expect(after.filter((s) => s.status === 'waiting')).toHaveLength(WAITING - WITHDRAWING);
      expect(after.filter((s) => s.status === 'cancelled')).toHaveLength(WITHDRAWING);
      expect(promoted.map((p) => p.personId).sort()).toEqual(waitingByTime.slice(0, WITHDRAWING).sort());
      // The counters on the event row (ADR 0032) agree with the registrations after the storm.
      const [counters] = await ctx.db
        .select({ places: events.placeCount, waiting: events.waitingCount })
        .from(events)
        .where(eq(events.id, id));
      expect(counters).toEqual({ places: PLACES, waiting: WAITING - WITHDRAWING });

      console.log(
        `[events concurrency] ${PERSONS} concurrent registrations (pool 20) in ${registerMs.toFixed(0)} ms: ` +
          `${participating} participating, ${waiting} waiting, ${refused} refused (409), ${serverErrors} 5xx; ` +
          `status codes ${JSON.stringify(Object.fromEntries(codes))}. ` +
          `${WITHDRAWING} concurrent withdrawals in ${cancelMs.toFixed(0)} ms: the first ${WITHDRAWING} waiting by registration time moved up.`,
      );
    });
  },
);
