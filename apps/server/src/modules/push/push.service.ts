import type {
  PushPayload,
  PushSubscriptionInfo,
  RegisterPushSubscription,
  UnregisterPushSubscription,
} from '@vereinsheim/contracts';
import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { RequestFilteringHttpsAgent } from 'request-filtering-agent';
import webpush from 'web-push';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { languageFrom, type Language } from '../../lib/i18n.ts';
import { problem } from '../../lib/problem.ts';
import { notVisible, type Actor } from '../../policy/index.ts';
import type { DeviceSendResult, DeviceSender } from './push.device.ts';
import { loadVapidKeys, type VapidKeys } from './push.keys.ts';
import { createDeviceSenders } from './push.senders.ts';
import { pushRepository, type PushSubscriptionRow } from './push.repository.ts';

/** Hosts of the browsers' push services; outside development mode an endpoint must be https on one of them. */
export const KNOWN_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
  'push.apple.com',
];

export function isAllowedEndpoint(endpoint: string, allowAnyHost: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (allowAnyHost) return url.protocol === 'https:' || url.protocol === 'http:';
  return (
    url.protocol === 'https:' &&
    KNOWN_PUSH_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`))
  );
}

const toInfo = (row: PushSubscriptionRow): PushSubscriptionInfo => ({
  id: row.id,
  platform: row.platform,
  createdAt: row.createdAt.toISOString(),
});

export interface PushSender {
  /**
   * Pushes the payload (built in each device's language) to every device of the person (browsers and
   * apps); removes subscriptions the push service says are gone.
   */
  pushToPerson(
    db: DbOrTx,
    personId: string,
    payload: (lng: Language) => PushPayload,
    options?: PushOptions,
  ): Promise<PushResult>;
}

export interface PushOptions {
  /**
   * The job's idempotency key (ADR 0021): devices it has reached (push_deliveries) are skipped when the job
   * runs again, and Web Push requests carry a `Topic` derived from it, so a push service replaces rather
   * than adds a repeated one that is still undelivered (RFC 8030 §5.4).
   */
  key?: string;
}

export interface PushResult {
  sent: number;
  removed: number;
  /** Devices whose provider asked to try later (429, 5xx) or could not be reached: the job retries. */
  retry: number;
}

/** RFC 8030 §5.4: at most 32 characters of the base64url alphabet; the same key gives the same topic. */
export function pushTopic(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}

export interface PushNetworkPolicy {
  /** Development mode only: http endpoints and addresses on this machine or the local network. */
  allowPrivateNetwork: boolean;
}

/**
 * Outside development mode requests go out over https only, through an agent that resolves the host and
 * refuses loopback, private, link-local, unique-local and other non-unicast addresses at connect time
 * (so a name that resolves inwards later — DNS rebinding — is refused too). Redirects are not followed.
 */
export function pushAgent(policy: PushNetworkPolicy): https.Agent | undefined {
  return policy.allowPrivateNetwork ? undefined : new RequestFilteringHttpsAgent({ keepAlive: true });
}

/** Sends one encrypted (aes128gcm, RFC 8291) Web Push request with a VAPID (RFC 8292) Authorization header. */
export function sendWebPush(
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: PushPayload,
  vapid: VapidKeys,
  agent: https.Agent | undefined,
  topic?: string,
): Promise<number> {
  const details = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
    vapidDetails: vapid,
    TTL: 24 * 60 * 60,
    contentEncoding: 'aes128gcm',
    urgency: 'normal',
    ...(topic ? { topic } : {}),
  });
  const url = new URL(details.endpoint);
  if (agent && url.protocol !== 'https:') {
    return Promise.reject(new Error('push endpoint refused: not https'));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: details.method,
        headers: details.headers,
        agent,
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('timeout', () => request.destroy(new Error('push service timed out')));
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}

/** One Web Push request, answered like a native provider's (push.device.ts). */
async function sendToBrowser(
  sub: PushSubscriptionRow,
  payload: PushPayload,
  vapid: VapidKeys,
  agent: https.Agent | undefined,
  topic: string | undefined,
): Promise<DeviceSendResult> {
  if (!sub.p256dh || !sub.auth) return { kind: 'failed', reason: 'no keys' };
  const status = await sendWebPush(
    { endpoint: sub.address, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    payload,
    vapid,
    agent,
    topic,
  );
  if (status === 404 || status === 410) return { kind: 'invalid-token', reason: String(status) };
  if (status >= 200 && status < 300) return { kind: 'ok' };
  if (status === 429 || status >= 500) return { kind: 'retry', reason: String(status) };
  return { kind: 'failed', reason: String(status) };
}

/**
 * Pushes to every device of a person, one dispatch point per platform: Web Push (VAPID) for browsers, the
 * configured native senders (push.fcm.ts, push.apns.ts) for the apps. A device the provider calls invalid is
 * removed; a native device without a configured sender is skipped. Each payload is built in the device's
 * language.
 */
export function createPushSender(
  vapidKeys: () => Promise<VapidKeys>,
  log: FastifyBaseLogger,
  policy: PushNetworkPolicy,
  devices: Partial<Record<'ios' | 'android', DeviceSender>> = {},
): PushSender {
  const agent = pushAgent(policy);
  return {
    async pushToPerson(db, personId, payload, options = {}) {
      const { key } = options;
      const topic = key ? pushTopic(key) : undefined;
      const subscriptions = await pushRepository.listForPerson(db, personId);
      const reached = key ? await pushRepository.deliveredTo(db, key) : new Set<string>();
      let sent = 0;
      let removed = 0;
      let retry = 0;
      for (const sub of subscriptions) {
        if (reached.has(sub.id)) continue;
        try {
          let result: DeviceSendResult;
          const message = payload(languageFrom(sub.locale));
          if (sub.platform === 'web') {
            result = await sendToBrowser(sub, message, await vapidKeys(), agent, topic);
          } else {
            const sender = devices[sub.platform];
            if (!sender) continue;
            result = await sender.send(sub.address, message);
          }
          if (result.kind === 'ok') {
            await pushRepository.markSuccess(db, sub.id, key);
            sent++;
          } else if (result.kind === 'invalid-token') {
            await pushRepository.deleteById(db, sub.id);
            removed++;
          } else {
            if (result.kind === 'retry') retry++;
            log.warn(
              { subscription: sub.id, platform: sub.platform, result: result.kind, reason: result.reason },
              'push service refused a notification',
            );
          }
        } catch (error) {
          retry++;
          log.warn({ err: error, subscription: sub.id }, 'push notification failed');
        }
      }
      return { sent, removed, retry };
    },
  };
}

/**
 * A device address (web endpoint or native token) belongs to the person who registered it first; another
 * person's registration is refused (409) rather than taken over: whoever knows an endpoint could otherwise
 * silence its owner's notifications or receive them. A browser shared by two people gets a fresh endpoint
 * by unsubscribing (the web app does so on a 409 and at sign-out); the old one then answers 410 and is removed.
 */
async function registerOwn(
  db: Database,
  values: Parameters<typeof pushRepository.upsertOwn>[1],
): Promise<PushSubscriptionInfo> {
  const row = await db.transaction((tx) => pushRepository.upsertOwn(tx, values));
  if (!row) throw problem(409, 'push.otherOwner');
  return toInfo(row);
}

/** The server's push: its VAPID keys (loaded on first use) and a sender to persons' browsers and apps. */
export interface WebPush {
  vapid: () => Promise<VapidKeys>;
  sender: PushSender;
  /** Closes the native senders' connections (APNs HTTP/2). */
  close(): Promise<void>;
}

export async function createWebPush(config: Config, log: FastifyBaseLogger, db: Database): Promise<WebPush> {
  // Loaded on first use (generating them writes a row of server_keys), not at start-up.
  let vapidKeys: Promise<VapidKeys> | undefined;
  const vapid = () => {
    vapidKeys ??= loadVapidKeys(config, db).catch((error: unknown) => {
      vapidKeys = undefined;
      throw error;
    });
    return vapidKeys;
  };
  const devices = await createDeviceSenders(config);
  return {
    vapid,
    sender: createPushSender(vapid, log, { allowPrivateNetwork: config.push.allowAnyEndpoint }, devices),
    close: async () => {
      await Promise.all(Object.values(devices).map((sender) => sender.close()));
    },
  };
}

export const pushService = {
  async register(
    db: Database,
    actor: Actor,
    input: RegisterPushSubscription,
    options: { allowAnyHost: boolean; locale: Language },
  ): Promise<PushSubscriptionInfo> {
    if ('token' in input) {
      return registerOwn(db, {
        personId: actor.personId,
        platform: input.platform,
        locale: options.locale,
        address: input.token,
      });
    }
    if (!isAllowedEndpoint(input.endpoint, options.allowAnyHost)) {
      throw problem(400, 'push.invalidEndpoint', {
        errors: [{ field: 'endpoint', message: 'expected the https URL of a browser push service' }],
      });
    }
    const key = Buffer.from(input.keys.p256dh, 'base64url');
    if (key.length !== 65 || key[0] !== 0x04) {
      throw problem(400, 'push.invalidKey', {
        errors: [
          { field: 'keys.p256dh', message: 'expected 65 bytes (uncompressed P-256 point), base64url' },
        ],
      });
    }
    if (Buffer.from(input.keys.auth, 'base64url').length < 16) {
      throw problem(400, 'push.invalidAuth', {
        errors: [{ field: 'keys.auth', message: 'expected 16 bytes, base64url' }],
      });
    }
    return registerOwn(db, {
      personId: actor.personId,
      platform: 'web',
      locale: options.locale,
      address: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
    });
  },

  async unregister(db: Database, actor: Actor, input: UnregisterPushSubscription): Promise<void> {
    const address = 'endpoint' in input ? input.endpoint : input.token;
    await db.transaction(async (tx) => {
      if (!(await pushRepository.deleteByAddress(tx, actor.personId, address)))
        throw notVisible('pushSubscription');
    });
  },

  async list(db: Database, actor: Actor): Promise<{ items: PushSubscriptionInfo[] }> {
    return { items: (await pushRepository.listForPerson(db, actor.personId)).map(toInfo) };
  },
};
