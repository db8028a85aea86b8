import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject as vitestInject, it } from 'vitest';
import { eventRegistrations, events } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createFixtureEvent, untilWaitingForLock } from './events.fixtures.ts';

const onPostgres = Boolean(vitestInject('databaseUrl'));

/**
 * A double tap: the same person sends two registrations for the last place at once. Both pass the first read;
 * the first takes the place, the second finds the event full on the locked row. It must say that the person is
 * already registered, not that the event is full. Needs concurrent connections, so PostgreSQL only.
 */
describe.skipIf(!onPostgres)(
  'the same person registering twice at once for the last place (PostgreSQL)',
  () => {
    let ctx: TestContext;
    let clubId: string;

    beforeAll(async () => {
      ctx = await createTestContext();
      clubId = await ctx.createClub('Segelclub Doppeltipp');
    });
    afterAll(() => ctx?.close());

    it('answers one 201 and one 409 event.alreadyRegistered, with one registration stored', async () => {
      const event = await createFixtureEvent(ctx.db, { tenantId: clubId, maxParticipants: 1, maxWaiting: 0 });
      const member = await ctx.createPerson();
      await ctx.addMembership(member.personId, clubId, 'member');
      const headers = { ...(await ctx.auth(member)), 'accept-language': 'de' };
      const register = () =>
        ctx.app.inject({ method: 'POST', url: `/api/event/${event.id}/registration`, headers, payload: {} });

      let answers: Promise<{ statusCode: number; body: string }[]> | undefined;
      // Both registrations read the event before either takes the place: they queue for its row, held here.
      await ctx.db.transaction(async (tx) => {
        await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for('update');
        answers = Promise.all([register(), register()]);
        await untilWaitingForLock(ctx.db, 2);
      });

      const results = await answers!;
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const refused = results.find((r) => r.statusCode === 409)!;
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'event.alreadyRegistered' });
      const stored = await ctx.db
        .select()
        .from(eventRegistrations)
        .where(eq(eventRegistrations.eventId, event.id));
      expect(stored.map((r) => r.status)).toEqual(['participating']);
    });
  },
);
