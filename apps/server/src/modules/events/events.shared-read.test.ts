import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../policy/index.ts';
import { loadActorScope } from '../../policy/scope.repository.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createFixtureEvent } from './events.fixtures.ts';
import { eventsRepository } from './events.repository.ts';
import { eventsService } from './events.service.ts';

/**
 * Registrations for one event that arrive while another one's first read is in flight take that read's answer
 * (ADR 0032, amendment 2026-12-07): in a storm of 1 000 persons the first read of each used to queue behind the
 * others. They do not know their own registration from it, so the claim (or, for a refused price selection, a
 * read of their own) tells them; every answer stays the one a read of their own would give.
 */
describe('registrations at the same moment', () => {
  let ctx: TestContext;
  let clubId: string;
  let service: ReturnType<typeof eventsService>;

  beforeAll(async () => {
    ctx = await createTestContext();
    clubId = await ctx.createClub('Kanuclub Ansturm');
    // The service as the routes build it; registering renders no document.
    service = eventsService({
      db: ctx.db,
      publicUrl: ctx.config.publicUrl,
      files: ctx.files,
      documents: undefined as never,
    });
  });
  afterAll(() => ctx?.close());

  /** A member of the club as the service sees them: their scope read from the database, as the auth plugin does. */
  const member = async (): Promise<Actor> => {
    const person = await ctx.createPerson();
    await ctx.addMembership(person.personId, clubId, 'member');
    const scope = await loadActorScope(ctx.db, person.personId);
    return {
      personId: person.personId,
      issuer: ctx.config.oidc.issuer,
      subject: person.subject,
      claims: {},
      via: 'bearer',
      scope: () => Promise.resolve(scope),
    };
  };

  /** Each registration's answer: its status, or the problem's code. */
  const answers = (registrations: Promise<{ eventProgressType: string }>[]) =>
    Promise.all(
      registrations.map((r) =>
        r.then(
          (ok) => ok.eventProgressType,
          (problem: { code?: string; message: string }) => problem.code ?? problem.message,
        ),
      ),
    );

  /** The person's stored registration status on the event (undefined: none). */
  const statusOf = async (eventId: string, actor: Actor) =>
    (await eventsRepository.registration(ctx.db, await actor.scope(), eventId, actor.personId))?.status;

  it('send one first read for all of them instead of one each', async () => {
    const actors = [await member(), await member(), await member(), await member()];
    const apart = await createFixtureEvent(ctx.db, { tenantId: clubId });
    const together = await createFixtureEvent(ctx.db, { tenantId: clubId });

    const oneByOne = await ctx.countQueries(async () => {
      const each: string[] = [];
      for (const actor of actors) each.push(...(await answers([service.register(actor, apart.id, body())])));
      return each;
    });
    const atOnce = await ctx.countQueries(() =>
      answers(actors.map((actor) => service.register(actor, together.id, body()))),
    );

    expect(oneByOne.result).toEqual(['participating', 'participating', 'participating', 'participating']);
    expect(atOnce.result).toEqual(['participating', 'participating', 'participating', 'participating']);
    // Three of the four took the first one's read.
    expect(oneByOne.queries - atOnce.queries).toBe(actors.length - 1);
  });

  it('still refuse a person who is registered already, also when their price selection is refused', async () => {
    const event = await createFixtureEvent(ctx.db, {
      tenantId: clubId,
      prices: [{ name: 'Startgeld', kind: 'price', amount: 10 }],
    });
    const [price] = event.priceIds;
    const [first, registered, newcomer] = [await member(), await member(), await member()];
    expect(await answers([service.register(registered, event.id, body([price!]))])).toEqual([
      'participating',
    ]);

    // The first one reads; the others take its read, which knows nothing of their own registrations.
    expect(
      await answers([
        service.register(first, event.id, body([price!])),
        service.register(registered, event.id, body([price!])),
        service.register(registered, event.id, body([])),
        service.register(newcomer, event.id, body([])),
      ]),
    ).toEqual([
      'participating',
      'event.alreadyRegistered',
      'event.alreadyRegistered',
      'event.priceSelection.selectPrice',
    ]);
    expect(await statusOf(event.id, newcomer)).toBeUndefined();
  });

  it('tell full from registered already when the read they took had no place left', async () => {
    const event = await createFixtureEvent(ctx.db, { tenantId: clubId, maxParticipants: 1, maxWaiting: 0 });
    const [holder, first, late] = [await member(), await member(), await member()];
    expect(await answers([service.register(holder, event.id, body())])).toEqual(['participating']);

    expect(
      await answers([
        service.register(first, event.id, body()),
        service.register(holder, event.id, body()),
        service.register(late, event.id, body()),
      ]),
    ).toEqual(['event.full', 'event.alreadyRegistered', 'event.full']);
    expect(await statusOf(event.id, late)).toBeUndefined();
  });

  it('share no read between persons who see other clubs, nor inside a transaction', async () => {
    const event = await createFixtureEvent(ctx.db, { tenantId: clubId });
    const [a, b] = [await member(), await member()];
    const otherClub = await ctx.createClub('Anderer Verein');
    await ctx.addMembership(b.personId, otherClub, 'member');
    const scopeA = await a.scope();
    const scopeB = await loadActorScope(ctx.db, b.personId);

    const [readA, readB] = await Promise.all([
      eventsRepository.registrationContext(ctx.db, scopeA, event.id, a.personId),
      eventsRepository.registrationContext(ctx.db, scopeB, event.id, b.personId),
    ]);
    // Each knows its own registration (none): both read.
    expect([readA?.existing, readB?.existing]).toEqual([null, null]);

    const [again, shared] = await Promise.all([
      eventsRepository.registrationContext(ctx.db, scopeA, event.id, a.personId),
      eventsRepository.registrationContext(ctx.db, { ...scopeA, personId: b.personId }, event.id, b.personId),
    ]);
    expect([again?.existing, shared?.existing]).toEqual([null, undefined]);
    expect(shared?.event.id).toBe(event.id);

    const inTransaction = await ctx.db.transaction((tx) =>
      Promise.all([
        eventsRepository.registrationContext(tx, scopeA, event.id, a.personId),
        eventsRepository.registrationContext(tx, { ...scopeA, personId: b.personId }, event.id, b.personId),
      ]),
    );
    expect(inTransaction.map((r) => r?.existing)).toEqual([null, null]);
  });
});

/** A registration's body as the route parses it. */
function body(priceOptionIds: string[] = []) {
  return { priceOptionIds, showInParticipantList: false };
}
