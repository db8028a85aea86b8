import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushPayloadSchema, PushSubscriptionListSchema, VapidPublicKeySchema } from '@vereinsheim/contracts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { sendMessage } from '../messages/messages.service.ts';

/** A browser's side of a subscription: its ECDH key pair and auth secret (RFC 8291). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm Web Push body (RFC 8188 record, RFC 8291 key derivation); single record. */
function decryptWebPush(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const uaPublic = keys.ecdh.getPublicKey();
  const ecdhSecret = keys.ecdh.computeSecret(asPublic);
  const prkKey = hmac(keys.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2); // last-record delimiter
  return padded.subarray(0, end).toString('utf8');
}

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A local push service: records requests, answers with the status configured per path. */
class FakePushService {
  readonly received: Received[] = [];
  readonly status = new Map<string, number>();
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(this.status.get(path) ?? 201).end();
    });
  });
  origin = '';
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  async waitFor(path: string, count = 1, timeoutMs = 10_000): Promise<Received[]> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const hits = this.received.filter((r) => r.path === path);
      if (hits.length >= count) return hits;
      if (Date.now() > until) throw new Error(`no push request to ${path}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

let ctx: TestContext;
let push: FakePushService;
let person: TestPerson;
let other: TestPerson;
let vapidPublicKey: string;

beforeAll(async () => {
  ctx = await createTestContext();
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

  it('removes a subscription the push service answers 410 for', async () => {
    push.status.set('/push/gone', 410);
    await subscribe(person, '/push/gone');
    expect(await subscriptions(person)).toHaveLength(2);
    await ctx.db.transaction((tx) =>
      sendMessage(tx, { personId: person.personId, kind: 'invoice_issued', title: 'Rechnung', body: '12 €' }),
    );
    await push.waitFor('/push/gone');
    await push.waitFor('/push/device-1', 2);
    await expect.poll(async () => (await subscriptions(person)).length).toBe(1);
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
