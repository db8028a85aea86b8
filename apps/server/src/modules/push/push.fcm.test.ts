import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { createPublicKey } from 'node:crypto';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PushSubscriptionListSchema } from '@vereinsheim/contracts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { sendMessage } from '../messages/index.ts';
import { createFcmSender, FCM_SCOPE } from './push.fcm.ts';

/** The FCM HTTP v1 message as Google documents it (projects.messages.send), as far as the sender fills it. */
const FcmSendBodySchema = z.strictObject({
  message: z.strictObject({
    token: z.string().min(1),
    notification: z.strictObject({ title: z.string(), body: z.string() }),
    data: z.record(z.string(), z.string()),
    android: z.strictObject({
      priority: z.enum(['NORMAL', 'HIGH']),
      ttl: z.string().regex(/^\d+(\.\d+)?s$/),
      collapse_key: z.string().optional(),
      notification: z.strictObject({ tag: z.string().optional(), default_sound: z.boolean() }),
    }),
  }),
});

/**
 * A local stand-in for Google's OAuth 2.0 token endpoint and the FCM HTTP v1 API. It checks what Google
 * documents and answers like Google: the JWT bearer grant with an RS256 assertion signed by the service
 * account's key (`iss` = client_email, `scope`, `aud` = token URI, `iat`, `exp` ≤ 1 h later), then the send
 * call with that access token and a message body of the documented shape. Tokens starting with `gone-`
 * answer 404 UNREGISTERED, `busy-` 503 with Retry-After.
 */
class FakeGoogle {
  readonly privateKey: string;
  readonly publicKey: ReturnType<typeof createPublicKey>;
  readonly projectId = 'vereinsheim-test';
  readonly clientEmail = 'push@vereinsheim-test.iam.gserviceaccount.com';
  readonly keyId = randomBytes(20).toString('hex');
  readonly tokenRequests: {
    assertion: { header: Record<string, unknown>; claims: Record<string, unknown> };
  }[] = [];
  readonly messages: z.infer<typeof FcmSendBodySchema>[] = [];
  readonly errors: string[] = [];
  private accessTokens = new Set<string>();
  origin = '';
  private server = http.createServer((req, res) => void this.handle(req, res));

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    this.publicKey = publicKey;
  }

  get tokenUri() {
    return `${this.origin}/token`;
  }

  serviceAccount() {
    return {
      type: 'service_account',
      project_id: this.projectId,
      private_key_id: this.keyId,
      private_key: this.privateKey,
      client_email: this.clientEmail,
      client_id: '1234567890',
      token_uri: this.tokenUri,
    };
  }

  /** Revokes every access token issued so far (the next send answers 401). */
  revokeAccessTokens() {
    this.accessTokens.clear();
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private refuse(res: http.ServerResponse, status: number, body: object, why: string) {
    this.errors.push(why);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (req.method === 'POST' && req.url === '/token') return this.token(req, res, text);
    const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(req.url ?? '');
    if (req.method === 'POST' && send) return this.send(req, res, decodeURIComponent(send[1]!), text);
    return this.refuse(
      res,
      404,
      { error: { code: 404, status: 'NOT_FOUND' } },
      `unknown ${req.method} ${req.url}`,
    );
  }

  private async token(req: http.IncomingMessage, res: http.ServerResponse, text: string) {
    const invalidGrant = (why: string) =>
      this.refuse(res, 400, { error: 'invalid_grant', error_description: why }, `token: ${why}`);
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
      return invalidGrant('form body expected');
    const form = new URLSearchParams(text);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return invalidGrant(`grant_type ${form.get('grant_type')}`);
    const assertion = form.get('assertion') ?? '';
    try {
      const { payload, protectedHeader } = await jwtVerify(assertion, this.publicKey, {
        algorithms: ['RS256'],
        issuer: this.clientEmail,
        audience: this.tokenUri,
        requiredClaims: ['iat', 'exp', 'scope'],
      });
      if (protectedHeader.kid !== this.keyId) return invalidGrant('kid is not the key id');
      if (payload.scope !== FCM_SCOPE) return invalidGrant(`scope ${String(payload.scope)}`);
      const now = Date.now() / 1000;
      if (Math.abs(payload.iat! - now) > 60) return invalidGrant('iat is not now');
      if (payload.exp! - payload.iat! > 3600 || payload.exp! <= now)
        return invalidGrant('exp not within one hour');
      this.tokenRequests.push({ assertion: { header: { ...protectedHeader }, claims: { ...payload } } });
    } catch (error) {
      return invalidGrant(`assertion: ${(error as Error).message}`);
    }
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    this.accessTokens.add(accessToken);
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ access_token: accessToken, expires_in: 3599, token_type: 'Bearer' }));
  }

  private send(req: http.IncomingMessage, res: http.ServerResponse, project: string, text: string) {
    const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    if (!bearer || !this.accessTokens.has(bearer))
      return this.refuse(
        res,
        401,
        {
          error: {
            code: 401,
            status: 'UNAUTHENTICATED',
            message: 'Request had invalid authentication credentials.',
          },
        },
        'send: bearer token not issued',
      );
    if (project !== this.projectId)
      return this.refuse(res, 403, { error: { code: 403, status: 'PERMISSION_DENIED' } }, 'project');
    if (!String(req.headers['content-type']).startsWith('application/json'))
      return this.refuse(res, 400, { error: { code: 400, status: 'INVALID_ARGUMENT' } }, 'content-type');
    const parsed = FcmSendBodySchema.safeParse(JSON.parse(text));
    if (!parsed.success)
      return this.refuse(
        res,
        400,
        { error: { code: 400, status: 'INVALID_ARGUMENT', message: parsed.error.message } },
        `body: ${parsed.error.message}`,
      );
    this.messages.push(parsed.data);
    const token = parsed.data.message.token;
    const fcmError = (errorCode: string) => [
      { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode },
    ];
    if (token.startsWith('gone-'))
      return res.writeHead(404, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: {
            code: 404,
            message: 'Requested entity was not found.',
            status: 'NOT_FOUND',
            details: fcmError('UNREGISTERED'),
          },
        }),
      );
    if (token.startsWith('busy-'))
      return res
        .writeHead(503, { 'content-type': 'application/json', 'retry-after': '30' })
        .end(
          JSON.stringify({ error: { code: 503, status: 'UNAVAILABLE', details: fcmError('UNAVAILABLE') } }),
        );
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ name: `projects/${project}/messages/${randomBytes(8).toString('hex')}` }));
  }
}

let google: FakeGoogle;
let dir: string;
let keyFile: string;

beforeAll(async () => {
  google = new FakeGoogle();
  await google.start();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vh-fcm-'));
  keyFile = path.join(dir, 'service-account.json');
  await fs.writeFile(keyFile, JSON.stringify(google.serviceAccount()));
});
afterAll(async () => {
  await google.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

const payload = {
  title: 'Du bist nachgerückt',
  body: 'Ein Platz beim Sommerlauf.',
  url: '/events/42',
  tag: 'message-1',
  messageId: 'm-1',
};

describe('FCM HTTP v1 sender', () => {
  it('gets an access token with a service-account JWT and sends the documented message with it', async () => {
    const sender = createFcmSender({ serviceAccountFile: keyFile, apiUrl: google.origin });
    const before = google.tokenRequests.length;
    expect(await sender.send('ok-device-1', payload)).toEqual({ kind: 'ok' });
    expect(await sender.send('ok-device-2', payload)).toEqual({ kind: 'ok' });
    expect(google.errors).toEqual([]);
    // One token for both messages (cached until shortly before it expires).
    expect(google.tokenRequests.length - before).toBe(1);
    const { assertion } = google.tokenRequests.at(-1)!;
    expect(assertion.header).toMatchObject({ alg: 'RS256', typ: 'JWT', kid: google.keyId });
    expect(assertion.claims).toMatchObject({
      iss: google.clientEmail,
      scope: FCM_SCOPE,
      aud: google.tokenUri,
    });
    expect(google.messages.at(-1)).toEqual({
      message: {
        token: 'ok-device-2',
        notification: { title: payload.title, body: payload.body },
        data: { url: '/events/42', messageId: 'm-1', tag: 'message-1' },
        android: {
          priority: 'HIGH',
          ttl: '86400s',
          collapse_key: 'message-1',
          notification: { tag: 'message-1', default_sound: true },
        },
      },
    });
  });

  it('answers invalid-token on UNREGISTERED (404) and retry with Retry-After on 503', async () => {
    const sender = createFcmSender({ serviceAccountFile: keyFile, apiUrl: google.origin });
    expect(await sender.send('gone-device', payload)).toMatchObject({
      kind: 'invalid-token',
      reason: expect.stringContaining('UNREGISTERED'),
    });
    expect(await sender.send('busy-device', payload)).toMatchObject({ kind: 'retry', retryAfterSeconds: 30 });
  });

  it('fetches a new access token once when the API answers 401', async () => {
    const sender = createFcmSender({ serviceAccountFile: keyFile, apiUrl: google.origin });
    expect(await sender.send('ok-device-3', payload)).toEqual({ kind: 'ok' });
    const before = google.tokenRequests.length;
    google.revokeAccessTokens();
    expect(await sender.send('ok-device-4', payload)).toEqual({ kind: 'ok' });
    expect(google.tokenRequests.length - before).toBe(1);
  });

  it('reports a refused assertion (wrong key) as retry, sending nothing', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const badFile = path.join(dir, 'other.json');
    await fs.writeFile(badFile, JSON.stringify({ ...google.serviceAccount(), private_key: other }));
    const sent = google.messages.length;
    const result = await createFcmSender({ serviceAccountFile: badFile, apiUrl: google.origin }).send(
      'ok-x',
      payload,
    );
    expect(result).toMatchObject({ kind: 'retry', reason: expect.stringContaining('400') });
    expect(google.messages.length).toBe(sent);
    google.errors.length = 0;
  });
});

describe('Android devices through the dispatcher', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      FCM_SERVICE_ACCOUNT_FILE: keyFile,
      FCM_API_URL: google.origin,
    });
  });
  afterAll(() => ctx.close());

  it('pushes a new message to the person’s Android device and removes a device FCM calls unregistered', async () => {
    const person = await ctx.createPerson();
    const headers = await ctx.auth(person);
    for (const token of ['ok-android-phone', 'gone-android-tablet']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/me/push/subscriptions',
        headers,
        payload: { platform: 'android', token },
      });
      expect(res.statusCode).toBe(201);
    }
    await ctx.db.transaction((tx) =>
      sendMessage(tx, {
        personId: person.personId,
        kind: 'waitinglist_promoted',
        title: 'Du bist nachgerückt',
        body: 'Du hast einen Platz beim Sommerlauf.',
        link: '/events/123',
      }),
    );
    const until = Date.now() + 10_000;
    const mine = () =>
      google.messages.filter(
        (m) => m.message.token.endsWith('-android-phone') || m.message.token.endsWith('-android-tablet'),
      );
    while (mine().length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(google.errors).toEqual([]);
    const phone = mine().find((m) => m.message.token === 'ok-android-phone')!;
    expect(phone.message.notification).toEqual({
      title: 'Du bist nachgerückt',
      body: 'Du hast einen Platz beim Sommerlauf.',
    });
    expect(phone.message.data.url).toBe('/events/123');

    let items: { platform: string }[] = [];
    while (Date.now() < until) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/me/push/subscriptions', headers });
      items = PushSubscriptionListSchema.parse(res.json()).items;
      if (items.length === 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(items).toEqual([expect.objectContaining({ platform: 'android' })]);
  });
});
