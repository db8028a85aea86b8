import { createECDH, randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { loadVapidKeys } from './push.keys.ts';
import { createPushSender } from './push.service.ts';

/** A TCP listener that only counts connections: whatever reaches it got past the address checks. */
class ConnectionCounter {
  connections = 0;
  private server = net.createServer((socket) => {
    this.connections++;
    socket.destroy();
  });
  port = 0;
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const browser = createECDH('prime256v1');
browser.generateKeys();
const keys = {
  p256dh: browser.getPublicKey().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
};

let ctx: TestContext;
let person: TestPerson;
let counter: ConnectionCounter;

beforeAll(async () => {
  ctx = await createTestContext();
  expect(ctx.config.mode).toBe('production');
  person = await ctx.createPerson();
  counter = new ConnectionCounter();
  await counter.start();
});
afterAll(async () => {
  await ctx.close();
  await counter.stop();
});

describe('push endpoints outside development mode (SSRF)', () => {
  it.each([
    ['http on loopback', () => `http://127.0.0.1:${counter.port}/push/x`],
    ['https on loopback', () => `https://127.0.0.1:${counter.port}/push/x`],
    ['localhost', () => `https://localhost:${counter.port}/push/x`],
    ['the cloud metadata address', () => 'https://169.254.169.254/latest/meta-data'],
    ['a private network address', () => 'https://10.0.0.8/push'],
    ['an IPv6 unique-local address', () => 'https://[fd00::1]/push'],
    ['http to a push service', () => 'http://fcm.googleapis.com/fcm/send/abc'],
    ['a look-alike host', () => 'https://fcm.googleapis.com.evil.example/fcm/send/abc'],
  ])('refuses to register %s with 400', async (_name, endpoint) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/push/subscriptions',
      headers: await ctx.auth(person),
      payload: { endpoint: endpoint(), expirationTime: null, keys },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.stringify(res.json())).toContain('endpoint');
  });

  it('accepts a browser push service over https', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/push/subscriptions',
      headers: await ctx.auth(person),
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/device-abc', expirationTime: null, keys },
    });
    expect(res.statusCode).toBe(201);
    await ctx.db.delete(pushSubscriptions);
  });

  it('resolves the host at send time and connects to no inward address', async () => {
    // Rows as a name that later resolves inwards (DNS rebinding) or a row from development mode leave them.
    for (const endpoint of [
      `https://localhost:${counter.port}/push/rebound`,
      `https://127.0.0.1:${counter.port}/push/literal`,
      `http://127.0.0.1:${counter.port}/push/plain`,
    ]) {
      await ctx.db.insert(pushSubscriptions).values({
        personId: person.personId,
        platform: 'web',
        address: endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
      });
    }
    const payload = () => ({ title: 'Hallo', body: 'Test', url: '/messages', tag: 't', messageId: 'm' });
    const vapid = () => loadVapidKeys(ctx.config, ctx.db);

    const production = createPushSender(vapid, ctx.app.log, { allowPrivateNetwork: false });
    // Refused before any connection; counted as "try later" (the agent's refusal looks like a network error).
    expect(await production.pushToPerson(ctx.db, person.personId, payload)).toEqual({
      sent: 0,
      removed: 0,
      retry: 3,
    });
    expect(counter.connections).toBe(0);

    // The same rows with the development policy do reach the listener: the check above is what stopped them.
    const development = createPushSender(vapid, ctx.app.log, { allowPrivateNetwork: true });
    await development.pushToPerson(ctx.db, person.personId, payload);
    expect(counter.connections).toBe(3);
  });
});
