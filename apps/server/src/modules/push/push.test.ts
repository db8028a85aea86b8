import { eq, sql } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushPayloadSchema, PushSubscriptionListSchema, VapidPublicKeySchema } from '@vereinsheim/contracts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { browserKeys, decryptWebPush, FakePushService } from '../../../test/web-push-receiver.ts';
import { jobs } from '../../db/schema/index.ts';
import { sendMessage } from '../messages/index.ts';

let ctx: TestContext;
let push: FakePushService;
let person: TestPerson;
let other: TestPerson;
let vapidPublicKey: string;

beforeAll(async () => {
  // The local push service is an http address on this machine: development mode only.
  ctx = await createTestContext({ DEV_FEATURES: 'true' });
  push = new FakePushService();
  await push.start();
  person = await ctx.createPerson();
  other = await ctx.createPerson();
  const res = await ctx.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
  vapidPublicKey = VapidPublicKeySchema.parse(res.json()).publicKey;
});
afterAll(async () => {
  await ctx.close();
  await push.stop();
});

async function subscribe(who: TestPerson, path: string, keys = browserKeys()) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/me/push/subscriptions',
    headers: await ctx.auth(who),
    payload: { endpoint: `${push.origin}${path}`, expirationTime: null, keys: keys.json },
  });
  expect(res.statusCode).toBe(201);
  return keys;
}

async function subscriptions(who: TestPerson) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/me/push/subscriptions',
    headers: await ctx.auth(who),
  });
  return PushSubscriptionListSchema.parse(res.json()).items;
}

describe('VAPID public key', () => {
  it('is served without a token and is an uncompressed P-256 point', () => {
    const raw = Buffer.from(vapidPublicKey, 'base64url');
    expect(raw.length).toBe(65);
    expect(raw[0]).toBe(4);
  });
});

describe('web push', () => {
  it('sends a new message encrypted to the person’s device with a valid VAPID JWT', async () => {
    const keys = await subscribe(person, '/push/device-1');
    await ctx.db.transaction((tx) =>
      sendMessage(tx, {
        personId: person.personId,
        kind: 'waitinglist_promoted',
        title: 'Du bist nachgerückt',
        body: 'Du hast einen Platz beim Sommerlauf.',
        link: '/events/123',
      }),
    );
    const [hit] = await push.waitFor('/push/device-1');
    expect(hit!.headers['content-encoding']).toBe('aes128gcm');
    // RFC 8030 §5.4: a Topic of at most 32 base64url characters, derived from the push job's key.
    expect(hit!.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Number(hit!.headers.ttl)).toBeGreaterThan(0);
    const payload = PushPayloadSchema.parse(JSON.parse(decryptWebPush(hit!.body, keys)));
    expect(payload).toMatchObject({
      title: 'Du bist nachgerückt',
      body: 'Du hast einen Platz beim Sommerlauf.',
      url: '/events/123',
    });

    const auth = /^vapid t=([^,]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(hit!.headers.authorization));
    expect(auth).not.toBeNull();
    expect(auth![2]).toBe(vapidPublicKey);
    const point = Buffer.from(vapidPublicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload: claims, protectedHeader } = await jwtVerify(auth![1]!, key, { audience: push.origin });
    expect(protectedHeader.alg).toBe('ES256');
    expect(claims.sub).toMatch(/^mailto:|^https:/);
    expect(claims.exp! - Date.now() / 1000).toBeLessThanOrEqual(24 * 3600);
  });

  it('sends nothing when the sending transaction rolls back', async () => {
    const keys = await subscribe(other, '/push/other-device');
    await ctx.db
      .transaction(async (tx) => {
        await sendMessage(tx, { personId: other.personId, kind: 'club', title: 'nie', body: 'nie' });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await ctx.db.transaction((tx) =>
      sendMessage(tx, { personId: other.personId, kind: 'club', title: 'danach', body: 'ok' }),
    );
    const [hit, extra] = await push.waitFor('/push/other-device');
    expect(extra).toBeUndefined();
    expect(JSON.parse(decryptWebPush(hit!.body, keys))).toMatchObject({ title: 'danach', url: '/messages' });
  });

  it('runs the push job again when a device asks to try later, and pushes only that device again', async () => {
    const third = await ctx.createPerson();
    await subscribe(third, '/push/steady');
    await subscribe(third, '/push/busy');
    push.status.set('/push/busy', 503);
    const messageId = await ctx.db.transaction((tx) =>
      sendMessage(tx, { personId: third.personId, kind: 'club', title: 'Training', body: 'fällt aus' }),
    );
    const [busy] = await push.waitFor('/push/busy');
    push.status.delete('/push/busy');
    // The retry waits 5 s (backoff); bring it forward once the failed attempt is recorded.
    const key = `push:message:${messageId}`;
    const until = Date.now() + 20_000;
    let job = (await ctx.db.select().from(jobs).where(eq(jobs.key, key)))[0];
    while (!job?.doneAt && Date.now() < until) {
      await ctx.db.execute(
        sql`update jobs set run_at = now() where key = ${key} and done_at is null and locked_until is null`,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await ctx.db.select().from(jobs).where(eq(jobs.key, key)))[0];
    }
    expect(job).toMatchObject({ attempts: 2, failedAt: null });
    expect(job!.doneAt).not.toBeNull();
    const [first, again] = await push.waitFor('/push/busy', 2);
    // The steady device got the message once; the busy one's two requests carry the same Topic.
    expect(push.received.filter((r) => r.path === '/push/steady')).toHaveLength(1);
    expect(first).toBe(busy);
    expect(again!.headers.topic).toBe(busy!.headers.topic);
  });

  it('removes a subscription the push service answers 410 for', async () => {
    push.status.set('/push/gone', 410);
    await subscribe(person, '/push/gone');
    expect(await subscriptions(person)).toHaveLength(2);
    await ctx.db.transaction((tx) =>
      sendMessage(tx, { personId: person.personId, kind: 'invoice_issued', title: 'Rechnung', body: '12 €' }),
    );
    await push.waitFor('/push/gone');
    await push.waitFor('/push/device-1', 2);
    await expect.poll(async () => (await subscriptions(person)).length, { timeout: 10_000 }).toBe(1);
  });
});

describe('device registration', () => {
  it('stores native tokens and removes devices by endpoint or token', async () => {
    const headers = await ctx.auth(other);
    const native = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/push/subscriptions',
      headers,
      payload: { platform: 'android', token: 'fcm-token-1234567890' },
    });
    expect(native.statusCode).toBe(201);
    expect(native.json()).toMatchObject({ platform: 'android' });
    expect((await subscriptions(other)).map((s) => s.platform).sort()).toEqual(['android', 'web']);
    const del = (payload: object, who = other) =>
      ctx
        .auth(who)
        .then((h) =>
          ctx.app.inject({ method: 'DELETE', url: '/api/me/push/subscriptions', headers: h, payload }),
        );
    expect((await del({ token: 'fcm-token-1234567890' }, person)).statusCode).toBe(404);
    expect((await del({ token: 'fcm-token-1234567890' })).statusCode).toBe(204);
    expect((await del({ endpoint: `${push.origin}/push/other-device` })).statusCode).toBe(204);
    expect(await subscriptions(other)).toEqual([]);
  });

  it('refuses another person’s device with 409 and keeps it bound to its owner, who may renew its keys', async () => {
    const owner = await ctx.createPerson();
    const intruder = await ctx.createPerson();
    const endpoint = `${push.origin}/push/owned-device`;
    const post = async (who: TestPerson, payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/me/push/subscriptions',
        headers: await ctx.auth(who),
        payload,
      });

    const first = await post(owner, { endpoint, expirationTime: null, keys: browserKeys().json });
    expect(first.statusCode).toBe(201);
    const intruderKeys = browserKeys();
    const taken = await post(intruder, { endpoint, expirationTime: null, keys: intruderKeys.json });
    expect(taken.statusCode).toBe(409);
    expect(taken.headers['content-type']).toMatch(/problem\+json/);
    expect(await subscriptions(intruder)).toEqual([]);

    const renewedKeys = browserKeys();
    const renewed = await post(owner, { endpoint, expirationTime: null, keys: renewedKeys.json });
    expect(renewed.statusCode).toBe(201);
    expect(renewed.json().id).toBe(first.json().id);
    expect((await subscriptions(owner)).map((s) => s.id)).toEqual([first.json().id]);

    // The owner's messages reach the device, encrypted for the owner's current keys.
    await ctx.db.transaction((tx) =>
      sendMessage(tx, { personId: owner.personId, kind: 'club', title: 'Nur für dich', body: 'x' }),
    );
    const [hit] = await push.waitFor('/push/owned-device');
    expect(JSON.parse(decryptWebPush(hit!.body, renewedKeys))).toMatchObject({ title: 'Nur für dich' });

    const token = { platform: 'ios', token: 'apns-token-of-the-owner-0123456789' };
    expect((await post(owner, token)).statusCode).toBe(201);
    expect((await post(intruder, token)).statusCode).toBe(409);
    expect((await subscriptions(owner)).map((s) => s.platform).sort()).toEqual(['ios', 'web']);
  });

  it.each([
    [{ endpoint: 'not a url', keys: browserKeys().json }, 'endpoint'],
    [{ endpoint: 'ftp://push.example/x', keys: browserKeys().json }, 'endpoint'],
    [{ endpoint: 'https://push.example/x', keys: { p256dh: 'short', auth: 'x' } }, 'keys'],
    [{ platform: 'ios', token: '' }, 'token'],
  ])('answers 400 for a bad subscription (%#)', async (payload, field) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/push/subscriptions',
      headers: await ctx.auth(person),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me/push/subscriptions' });
    expect(res.statusCode).toBe(401);
  });
});
