import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageListSchema, PushPayloadSchema, type EventRegistration } from '@vereinsheim/contracts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { browserKeys, decryptWebPush, FakePushService } from '../../../test/web-push-receiver.ts';
import { createFixtureEvent } from './events.fixtures.ts';

let ctx: TestContext;
let push: FakePushService;
let club: string;

beforeAll(async () => {
  ctx = await createTestContext({ DEV_FEATURES: 'true' }); // the local push receiver is plain http;
  push = new FakePushService();
  await push.start();
  club = await ctx.createClub('Nachrückverein');
});
afterAll(async () => {
  await ctx.close();
  await push.stop();
});

async function member(): Promise<TestPerson> {
  const p = await ctx.createPerson();
  await ctx.addMembership(p.personId, club);
  return p;
}

async function call(person: TestPerson, method: 'GET' | 'POST', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: await ctx.auth(person), ...(payload ? { payload } : {}) });
}

describe('moving up from the waiting list', () => {
  it('tells the promoted person in their inbox and pushes it to their device, like any other message', async () => {
    const { id } = await createFixtureEvent(ctx.db, {
      tenantId: club,
      name: 'Rheinuferlauf',
      maxParticipants: 1,
      maxWaiting: 1,
    });
    const first = await member();
    const waiting = await member();
    const keys = browserKeys();
    // The device speaks English; the inbox is read without a preference (German).
    const subscribed = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/push/subscriptions',
      headers: { ...(await ctx.auth(waiting)), 'accept-language': 'en-US,en;q=0.9' },
      payload: { endpoint: `${push.origin}/push/waiting-device`, expirationTime: null, keys: keys.json },
    });
    expect(subscribed.statusCode).toBe(201);

    expect((await call(first, 'POST', `/api/event/${id}/registration`, {})).json()).toMatchObject({
      eventProgressType: 'participating',
    });
    expect((await call(waiting, 'POST', `/api/event/${id}/registration`, {})).json()).toMatchObject({
      eventProgressType: 'waiting',
    });

    // The real cancel path: the first person withdraws over HTTP.
    const cancelled = await call(first, 'POST', `/api/event/${id}/registration/cancel`, {});
    expect(cancelled.statusCode).toBe(200);

    const mine = (await call(waiting, 'GET', `/api/event/${id}/registration`)).json<EventRegistration>();
    expect(mine.eventProgressType).toBe('participating');

    const inbox = MessageListSchema.parse((await call(waiting, 'GET', '/api/me/messages')).json());
    expect(inbox.items).toHaveLength(1);
    const message = inbox.items[0]!;
    expect(message).toMatchObject({
      kind: 'waitinglist_promoted',
      tenantId: club,
      link: `/events/${id}`,
      isRead: false,
    });
    expect(message).toMatchObject({
      title: 'Du bist von der Warteliste nachgerückt: Rheinuferlauf',
      body: 'Ein Platz ist frei geworden. Du bist jetzt für „Rheinuferlauf“ angemeldet.',
    });

    const [hit, extra] = await push.waitFor('/push/waiting-device');
    expect(extra).toBeUndefined();
    expect(hit!.headers['content-encoding']).toBe('aes128gcm');
    const payload = PushPayloadSchema.parse(JSON.parse(decryptWebPush(hit!.body, keys)));
    expect(payload).toMatchObject({
      title: 'You moved up from the waiting list: Rheinuferlauf',
      body: 'A place became free. You are now registered for “Rheinuferlauf”.',
      url: `/events/${id}`,
      messageId: message.id,
    });

    // Nobody else was told: the person who withdrew has no message.
    const theirs = MessageListSchema.parse((await call(first, 'GET', '/api/me/messages')).json());
    expect(theirs.items).toEqual([]);
  });
});
