import fs from 'node:fs/promises';
import http2 from 'node:http2';
import type { PushPayload } from '@vereinsheim/contracts';
import { importPKCS8, SignJWT } from 'jose';
import { retryAfter, type DeviceSender, type DeviceSendResult } from './push.device.ts';

export interface ApnsOptions {
  /** The .p8 signing key from the Apple developer account (APNS_KEY_FILE). */
  keyFile: string;
  /** Its key id (APNS_KEY_ID). */
  keyId: string;
  /** The team id (APNS_TEAM_ID). */
  teamId: string;
  /** The app's bundle id (APNS_TOPIC). */
  topic: string;
  /** https://api.push.apple.com, or https://api.sandbox.push.apple.com for development builds (APNS_URL). */
  url: string;
  /** Extra trusted CA certificates (PEM), for a TLS-inspecting proxy or a local test receiver (APNS_CA_FILE). */
  ca?: string;
}

/** APNs reasons that mean the device token is no longer valid for this app. */
const GONE = new Set(['BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic', 'ExpiredToken']);
/** Provider-token problems: a new token, one more try. */
const NEW_TOKEN = new Set(['ExpiredProviderToken', 'InvalidProviderToken']);
/** Apple asks for a new provider token at most every 20 minutes and at least every 60. */
const TOKEN_LIFETIME_MS = 40 * 60_000;

interface ApnsResponse {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

/**
 * iOS devices through APNs: HTTP/2 to `/3/device/{token}` with a token-based provider connection (an ES256 JWT
 * with the key id and team id, reused for 40 minutes), `apns-topic`, `apns-push-type: alert` and
 * `apns-priority: 10`; the notification in `aps`, the route to open beside it.
 */
export function createApnsSender(options: ApnsOptions): DeviceSender {
  let session: http2.ClientHttp2Session | undefined;
  let providerToken: { value: string; createdAt: number } | undefined;
  let key: Promise<CryptoKey> | undefined;

  const signingKey = () => {
    key ??= fs
      .readFile(options.keyFile, 'utf8')
      .then((pem) => importPKCS8(pem, 'ES256'))
      .catch((error: unknown) => {
        key = undefined;
        throw error;
      });
    return key;
  };

  async function bearer(force = false): Promise<string> {
    if (!force && providerToken && Date.now() - providerToken.createdAt < TOKEN_LIFETIME_MS)
      return providerToken.value;
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: options.keyId })
      .setIssuer(options.teamId)
      .setIssuedAt()
      .sign(await signingKey());
    providerToken = { value, createdAt: Date.now() };
    return value;
  }

  function connection(): http2.ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const created = http2.connect(options.url, options.ca ? { ca: options.ca } : {});
    // Errors reach the pending requests (request below); the session is then discarded.
    created.on('error', () => undefined);
    created.on('goaway', () => created.close());
    created.unref();
    session = created;
    return created;
  }

  function request(deviceToken: string, payload: PushPayload, token: string): Promise<ApnsResponse> {
    const headers: http2.OutgoingHttpHeaders = {
      ':method': 'POST',
      ':path': `/3/device/${encodeURIComponent(deviceToken)}`,
      authorization: `bearer ${token}`,
      'apns-topic': options.topic,
      'apns-push-type': 'alert',
      'apns-priority': '10',
      'apns-expiration': String(Math.floor(Date.now() / 1000) + 24 * 60 * 60),
      'content-type': 'application/json',
    };
    if (payload.tag) headers['apns-collapse-id'] = payload.tag.slice(0, 64);
    const body = JSON.stringify({
      aps: {
        alert: { title: payload.title, body: payload.body },
        sound: 'default',
        ...(payload.tag ? { 'thread-id': payload.tag } : {}),
      },
      // Read by the app when the notification is tapped (the route to open).
      url: payload.url,
      ...(payload.messageId ? { messageId: payload.messageId } : {}),
    });
    return new Promise((resolve, reject) => {
      const current = connection();
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        current.off('error', onSessionEnd);
        current.off('close', onSessionEnd);
        fn();
      };
      // A TLS or connection failure ends the session before the stream has an answer.
      const onSessionEnd = (error?: Error) =>
        settle(() => reject(error ?? new Error('The APNs connection closed.')));
      const timer = setTimeout(() => {
        settle(() => reject(new Error('APNs did not answer within 10 s.')));
        stream.close(http2.constants.NGHTTP2_CANCEL);
      }, 10_000);
      current.once('error', onSessionEnd);
      current.once('close', onSessionEnd);
      const stream = current.request(headers);
      let status = 0;
      let responseHeaders: http2.IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      stream.on('response', (h) => {
        responseHeaders = h;
        status = Number(h[':status']);
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () =>
        settle(() =>
          resolve({ status, headers: responseHeaders, body: Buffer.concat(chunks).toString('utf8') }),
        ),
      );
      stream.on('close', () => settle(() => reject(new Error('APNs closed the stream without an answer.'))));
      stream.on('error', (error) => settle(() => reject(error)));
      stream.end(body);
    });
  }

  const reasonOf = (res: ApnsResponse) => {
    try {
      const reason = (JSON.parse(res.body) as { reason?: unknown }).reason;
      return typeof reason === 'string' ? reason : '';
    } catch {
      return '';
    }
  };

  return {
    platform: 'ios',
    async send(deviceToken, payload): Promise<DeviceSendResult> {
      let res: ApnsResponse;
      try {
        res = await request(deviceToken, payload, await bearer());
        if (res.status === 403 && NEW_TOKEN.has(reasonOf(res))) {
          res = await request(deviceToken, payload, await bearer(true));
        }
      } catch (error) {
        session?.destroy();
        return { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
      }
      if (res.status === 200) return { kind: 'ok' };
      const reason = `${res.status} ${reasonOf(res)}`.trim();
      if (res.status === 410 || GONE.has(reasonOf(res))) return { kind: 'invalid-token', reason };
      if (res.status === 429 || res.status >= 500) {
        const header: unknown = res.headers['retry-after'];
        const after = typeof header === 'string' ? header : undefined;
        return {
          kind: 'retry',
          reason,
          retryAfterSeconds: retryAfter(after),
        };
      }
      return { kind: 'failed', reason };
    },
    async close() {
      const current = session;
      session = undefined;
      if (current && !current.closed && !current.destroyed)
        await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
}
