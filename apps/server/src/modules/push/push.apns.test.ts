import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import fs from 'node:fs/promises';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PushSubscriptionListSchema } from '@vereinsheim/contracts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { sendMessage } from '../messages/index.ts';
import { createApnsSender } from './push.apns.ts';

const TEAM_ID = 'ABCDE12345';
const KEY_ID = 'KEY1234567';
const TOPIC = 'de.vereinsheim.app';

/** The JSON payload APNs documents for an alert: `aps` with the alert, plus our custom keys. */
const ApnsPayloadSchema = z.strictObject({
  aps: z.strictObject({
    alert: z.strictObject({ title: z.string(), body: z.string() }),
    sound: z.string().optional(),
    'thread-id': z.string().optional(),
  }),
  url: z.string(),
  messageId: z.string().optional(),
});

interface Delivered {
  token: string;
  headers: http2.IncomingHttpHeaders;
  payload: z.infer<typeof ApnsPayloadSchema>;
  jwt: { header: Record<string, unknown>; claims: Record<string, unknown> };
}

/**
 * A local stand-in for APNs: HTTP/2 over TLS (a self-signed certificate), `POST /3/device/<token>` with the
 * provider token (`authorization: bearer <ES256 JWT>` with `kid` = key id, `iss` = team id, a recent `iat`)
 * verified with the key's public half, the documented `apns-*` headers and an `aps` payload of at most 4 KB.
 * It answers like APNs: 200 with `apns-id`, 400/403/410 with `{ reason }`. Tokens starting with `gone-` answer
 * 410 Unregistered, `bad-` 400 BadDeviceToken, `busy-` 429 TooManyRequests.
 */
class FakeApns {
  readonly delivered: Delivered[] = [];
  readonly errors: string[] = [];
  origin = '';
  cert = '';
  private server?: http2.Http2SecureServer;
  private publicKey: KeyObject;

  constructor(publicKey: KeyObject) {
    this.publicKey = publicKey;
  }

  async start(dir: string) {
    const keyPath = path.join(dir, 'tls-key.pem');
    const certPath = path.join(dir, 'tls-cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyPath,
        '-out',
        certPath,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    this.cert = await fs.readFile(certPath, 'utf8');
    this.server = http2.createSecureServer({
      key: await fs.readFile(keyPath),
      cert: this.cert,
      allowHTTP1: false,
    });
    this.server.on(
      'stream',
      (stream, headers) => void this.handle(stream as http2.ServerHttp2Stream, headers),
    );
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `https://localhost:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private answer(
    stream: http2.ServerHttp2Stream,
    status: number,
    reason?: string,
    extra: Record<string, string> = {},
  ) {
    const apnsId = crypto.randomUUID().toUpperCase();
    stream.respond({
      ':status': status,
      'apns-id': apnsId,
      ...(reason ? { 'content-type': 'application/json' } : {}),
      ...extra,
    });
    stream.end(reason ? JSON.stringify({ reason }) : undefined);
  }

  private async handle(stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders) {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const refuse = (status: number, reason: string) => {
      this.errors.push(reason);
      this.answer(stream, status, reason);
    };
    const match = /^\/3\/device\/([0-9A-Za-z_-]+)$/.exec(String(headers[':path']));
    if (headers[':method'] !== 'POST' || !match) return refuse(405, 'MethodNotAllowed');
    const auth = /^bearer (.+)$/.exec(String(headers.authorization ?? ''));
    if (!auth) return refuse(403, 'MissingProviderToken');
    let jwt: Delivered['jwt'];
    try {
      const header = decodeProtectedHeader(auth[1]!);
      if (header.alg !== 'ES256' || header.kid !== KEY_ID) return refuse(403, 'InvalidProviderToken');
      const { payload } = await jwtVerify(auth[1]!, this.publicKey, {
        algorithms: ['ES256'],
        issuer: TEAM_ID,
        requiredClaims: ['iat'],
      });
      if (Date.now() / 1000 - payload.iat! > 3600) return refuse(403, 'ExpiredProviderToken');
      jwt = { header: { ...header }, claims: { ...payload } };
    } catch {
      return refuse(403, 'InvalidProviderToken');
    }
    if (headers['apns-topic'] !== TOPIC) return refuse(400, 'TopicDisallowed');
    if (headers['apns-push-type'] !== 'alert') return refuse(400, 'InvalidPushType');
    if (!['5', '10'].includes(String(headers['apns-priority']))) return refuse(400, 'BadPriority');
    if (headers['apns-expiration'] !== undefined && !/^\d+$/.test(String(headers['apns-expiration'])))
      return refuse(400, 'BadExpirationDate');
    if (
      headers['apns-collapse-id'] !== undefined &&
      Buffer.byteLength(String(headers['apns-collapse-id'])) > 64
    )
      return refuse(400, 'BadCollapseId');
    if (body.length > 4096) return refuse(413, 'PayloadTooLarge');
    const parsed = ApnsPayloadSchema.safeParse(JSON.parse(body.toString('utf8') || 'null'));
    if (!parsed.success) return refuse(400, 'PayloadEmpty');
    const token = match[1]!;
    this.delivered.push({ token, headers, payload: parsed.data, jwt });
    if (token.startsWith('gone-')) return this.answer(stream, 410, 'Unregistered');
    if (token.startsWith('bad-')) return this.answer(stream, 400, 'BadDeviceToken');
    if (token.startsWith('busy-'))
      return this.answer(stream, 429, 'TooManyRequests', { 'retry-after': '120' });
    this.answer(stream, 200);
  }
}

let apns: FakeApns;
let dir: string;
let keyFile: string;
let caFile: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vh-apns-'));
  // An APNs signing key as Apple hands it out: a P-256 key in a PKCS #8 .p8 file.
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  keyFile = path.join(dir, `AuthKey_${KEY_ID}.p8`);
  await fs.writeFile(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  apns = new FakeApns(publicKey);
  await apns.start(dir);
  caFile = path.join(dir, 'tls-cert.pem');
});
afterAll(async () => {
  await apns.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

const payload = {
  title: 'Neue Rechnung',
  body: '12,00 € bis 1. Mai',
  url: '/invoices/7',
  tag: 'message-7',
  messageId: 'm-7',
};
const options = () => ({
  keyFile,
  keyId: KEY_ID,
  teamId: TEAM_ID,
  topic: TOPIC,
  url: apns.origin,
  ca: apns.cert,
});

describe('APNs sender', () => {
  it('sends over HTTP/2 with an ES256 provider token, the apns headers and an aps payload', async () => {
    const sender = createApnsSender(options());
    const token = randomBytes(32).toString('hex');
    expect(await sender.send(token, payload)).toEqual({ kind: 'ok' });
    expect(await sender.send(token, { ...payload, title: 'Zweite' })).toEqual({ kind: 'ok' });
    await sender.close();
    expect(apns.errors).toEqual([]);
    const [first, second] = apns.delivered.slice(-2);
    expect(first!.token).toBe(token);
    expect(first!.headers).toMatchObject({
      'apns-topic': TOPIC,
      'apns-push-type': 'alert',
      'apns-priority': '10',
      'apns-collapse-id': 'message-7',
      'content-type': 'application/json',
    });
    expect(Number(first!.headers['apns-expiration'])).toBeGreaterThan(Date.now() / 1000);
    expect(first!.jwt.header).toEqual({ alg: 'ES256', kid: KEY_ID });
    expect(first!.jwt.claims).toEqual({ iss: TEAM_ID, iat: expect.any(Number) });
    expect(first!.payload).toEqual({
      aps: {
        alert: { title: 'Neue Rechnung', body: '12,00 € bis 1. Mai' },
        sound: 'default',
        'thread-id': 'message-7',
      },
      url: '/invoices/7',
      messageId: 'm-7',
    });
    // The provider token is reused (Apple refuses new ones more often than every 20 minutes).
    expect(second!.headers.authorization).toBe(first!.headers.authorization);
  });

  it('answers invalid-token on 410 Unregistered and 400 BadDeviceToken, retry on 429', async () => {
    const sender = createApnsSender(options());
    expect(await sender.send('gone-0a1b', payload)).toMatchObject({
      kind: 'invalid-token',
      reason: '410 Unregistered',
    });
    expect(await sender.send('bad-0a1b', payload)).toMatchObject({
      kind: 'invalid-token',
      reason: '400 BadDeviceToken',
    });
    expect(await sender.send('busy-0a1b', payload)).toMatchObject({ kind: 'retry', retryAfterSeconds: 120 });
    await sender.close();
  });

  it('is refused by the receiver with another key (the signature is checked)', async () => {
    const other = path.join(dir, 'other.p8');
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    await fs.writeFile(other, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const sender = createApnsSender({ ...options(), keyFile: other });
    expect(await sender.send('0a1b2c3d', payload)).toEqual({
      kind: 'failed',
      reason: '403 InvalidProviderToken',
    });
    await sender.close();
    apns.errors.length = 0;
  });

  it('does not talk to a server whose certificate it does not trust', async () => {
    const sender = createApnsSender({ ...options(), ca: undefined });
    expect(await sender.send('0a1b2c3d', payload)).toMatchObject({ kind: 'retry' });
    await sender.close();
  });
});

describe('iOS devices through the dispatcher', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      APNS_KEY_FILE: keyFile,
      APNS_KEY_ID: KEY_ID,
      APNS_TEAM_ID: TEAM_ID,
      APNS_TOPIC: TOPIC,
      APNS_URL: apns.origin,
      APNS_CA_FILE: caFile,
    });
  });
  afterAll(() => ctx.close());

  it('pushes a new message to the person’s iPhone and removes a device APNs calls unregistered', async () => {
    const person = await ctx.createPerson();
    const headers = await ctx.auth(person);
    const phone = randomBytes(32).toString('hex');
    for (const token of [phone, 'gone-ipad-of-the-person']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/me/push/subscriptions',
        headers,
        payload: { platform: 'ios', token },
      });
      expect(res.statusCode).toBe(201);
    }
    await ctx.db.transaction((tx) =>
      sendMessage(tx, {
        personId: person.personId,
        kind: 'invoice_issued',
        title: 'Neue Rechnung',
        body: '12 €',
        link: '/invoices/9',
      }),
    );
    const until = Date.now() + 10_000;
    const mine = () =>
      apns.delivered.filter((d) => d.token === phone || d.token === 'gone-ipad-of-the-person');
    while (mine().length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(apns.errors).toEqual([]);
    expect(mine().find((d) => d.token === phone)!.payload).toMatchObject({
      aps: { alert: { title: 'Neue Rechnung', body: '12 €' } },
      url: '/invoices/9',
    });
    let items: { platform: string }[] = [];
    while (Date.now() < until) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/me/push/subscriptions', headers });
      items = PushSubscriptionListSchema.parse(res.json()).items;
      if (items.length === 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(items).toEqual([expect.objectContaining({ platform: 'ios' })]);
  });
});
