import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { browserKeys, decryptWebPush, FakePushService } from '../../../test/web-push-receiver.ts';
import { teamMembers, teams } from '../../db/schema/index.ts';

let ctx: TestContext;
let push: FakePushService;
let anna: TestPerson;
let ben: TestPerson;
let carla: TestPerson;
let conversationId: string;

beforeAll(async () => {
  // The local push service is an http address on this machine: development mode only.
  ctx = await createTestContext({
    DEV_FEATURES: 'true',
    CHAT_PUSH_DELAY_SECONDS: '0',
    CHAT_PUSH_INTERVAL_SECONDS: '300',
  });
  push = new FakePushService();
  await push.start();
  const club = await ctx.createClub();
  anna = await ctx.createPerson({ firstName: 'Anna', lastName: 'Alt' });
  ben = await ctx.createPerson();
  carla = await ctx.createPerson();
  const [team] = await ctx.db.insert(teams).values({ tenantId: club, name: 'Jugend' }).returning();
  for (const p of [anna, ben, carla]) {
    await ctx.addMembership(p.personId, club);
    await ctx.db.insert(teamMembers).values({ teamId: team!.id, personId: p.personId, role: 'player' });
  }
  const list = await ctx.app.inject({
    method: 'GET',
    url: '/api/me/chat/conversations',
    headers: await ctx.auth(anna),
  });
  conversationId = list
    .json<{ items: { id: string; kind: string }[] }>()
    .items.find((c) => c.kind === 'team')!.id;
});
afterAll(async () => {
  await ctx.close();
  await push.stop();
});

async function call(who: TestPerson, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: await ctx.auth(who), payload });
}

async function subscribe(who: TestPerson, path: string) {
  const keys = browserKeys();
  const res = await call(who, 'POST', '/api/me/push/subscriptions', {
    endpoint: `${push.origin}${path}`,
    expirationTime: null,
    keys: keys.json,
  });
  expect(res.statusCode).toBe(201);
  return keys;
}

describe('the delayed chat push', () => {
  it('pushes an unread message to an offline member once per interval; not to a muted one', async () => {
    const benKeys = await subscribe(ben, '/push/ben');
    await subscribe(carla, '/push/carla');
    // Carla mutes the team (she is a member row from her first list).
    await call(carla, 'GET', '/api/me/chat/conversations');
    expect(
      (await call(carla, 'PUT', `/api/me/chat/conversations/${conversationId}/mute`, { muted: true }))
        .statusCode,
    ).toBe(200);

    const sent = await call(anna, 'POST', `/api/me/chat/conversations/${conversationId}/messages`, {
      body: 'Treffpunkt 9 Uhr am Bus',
    });
    expect(sent.statusCode).toBe(201);
    const [hit] = await push.waitFor('/push/ben', 1, 15_000);
    const payload = JSON.parse(decryptWebPush(hit!.body, benKeys)) as Record<string, string>;
    expect(payload).toMatchObject({
      title: 'Anna Alt in Jugend',
      body: 'Treffpunkt 9 Uhr am Bus',
      url: `/inbox?c=${conversationId}`,
    });

    // A second message within the interval: no second push.
    await call(anna, 'POST', `/api/me/chat/conversations/${conversationId}/messages`, {
      body: 'Bitte pünktlich',
    });
    await new Promise((r) => setTimeout(r, 6_000));
    expect(push.received.filter((r) => r.path === '/push/ben')).toHaveLength(1);
    expect(push.received.filter((r) => r.path === '/push/carla')).toHaveLength(0);
  }, 30_000);
});
