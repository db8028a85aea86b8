import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject as vitestInject, it } from 'vitest';
import { eventPriceOptions, eventRegistrations, events } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createFixtureEvent, untilWaitingForLock } from './events.fixtures.ts';

const onPostgres = Boolean(vitestInject('databaseUrl'));

/**
 * A registration reads the event's price options first, then takes its place in one statement that locks the
 * event row (ADR 0032). The club's edit locks the same row. When the club removes a chosen option while the
 * registration waits for that lock, the registration must see it and refuse, not store an option that no longer
 * exists. Needs two connections, so PostgreSQL only.
 */
describe.skipIf(!onPostgres)('a price option removed while a registration waits (PostgreSQL)', () => {
  let ctx: TestContext;
  let clubId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    clubId = await ctx.createClub('Kanuverein Optionen');
  });
  afterAll(() => ctx?.close());

  it('refuses with 400 naming the field and stores nothing', async () => {
    const event = await createFixtureEvent(ctx.db, {
      tenantId: clubId,
      prices: [
        { name: 'Startgeld', kind: 'price', amount: 10 },
        { name: 'Bootsmiete', kind: 'option', amount: 25 },
      ],
    });
    const [price, rental] = event.priceIds;
    const member = await ctx.createPerson();
    await ctx.addMembership(member.personId, clubId, 'member');
    const headers = { ...(await ctx.auth(member)), 'accept-language': 'de' };

    let answer: Promise<{ statusCode: number; body: string }> | undefined;
    // The club's edit: holds the event row while it removes the rental option, like the manage service does.
    await ctx.db.transaction(async (tx) => {
      await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for('update');
      await tx.delete(eventPriceOptions).where(eq(eventPriceOptions.id, rental!));
      answer = ctx.app.inject({
        method: 'POST',
        url: `/api/event/${event.id}/registration`,
        headers,
        payload: { priceOptionIds: [price, rental] },
      });
      // Until the registration's statement waits for the event row (it read the options before).
      await untilWaitingForLock(ctx.db);
    });

    const res = await answer!;
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({
      code: 'event.priceSelection.invalid',
      errors: [{ field: 'priceOptionIds' }],
    });
    const stored = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, event.id));
    expect(stored).toEqual([]);

    // Registering again with what is left works.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/event/${event.id}/registration`,
      headers,
      payload: { priceOptionIds: [price] },
    });
    expect(again.statusCode, again.body).toBe(201);
  });
});
