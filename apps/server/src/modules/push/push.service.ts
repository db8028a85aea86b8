import type {
  PushPayload,
  PushSubscriptionInfo,
  RegisterPushSubscription,
  UnregisterPushSubscription,
} from '@vereinsheim/contracts';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Database, DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/problem.ts';
import type { Actor } from '../../plugins/auth.ts';
import type { VapidKeys } from './push.keys.ts';
import { pushRepository, type PushSubscriptionRow } from './push.repository.ts';

/** Hosts of the browsers' push services; in production an endpoint must be https on one of them. */
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
  /** Pushes the payload to every web device of the person; removes subscriptions the push service says are gone. */
  pushToPerson(
    db: DbOrTx,
    personId: string,
    payload: PushPayload,
  ): Promise<{ sent: number; removed: number }>;
}

/** Sends one encrypted (aes128gcm, RFC 8291) Web Push request with a VAPID (RFC 8292) Authorization header. */
export async function sendWebPush(
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: PushPayload,
  vapid: VapidKeys,
): Promise<number> {
  const details = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
    vapidDetails: vapid,
    TTL: 24 * 60 * 60,
    contentEncoding: 'aes128gcm',
    urgency: 'normal',
  });
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body ? new Uint8Array(details.body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  return response.status;
}

export function createPushSender(vapidKeys: () => Promise<VapidKeys>, log: FastifyBaseLogger): PushSender {
  return {
    async pushToPerson(db, personId, payload) {
      const subscriptions = await pushRepository.listForPerson(db, personId, 'web');
      if (subscriptions.length === 0) return { sent: 0, removed: 0 };
      const vapid = await vapidKeys();
      let sent = 0;
      let removed = 0;
      for (const sub of subscriptions) {
        if (!sub.p256dh || !sub.auth) continue;
        try {
          const status = await sendWebPush(
            { endpoint: sub.address, keys: { p256dh: sub.p256dh, auth: sub.auth } },
            payload,
            vapid,
          );
          if (status === 404 || status === 410) {
            await pushRepository.deleteById(db, sub.id);
            removed++;
          } else if (status >= 200 && status < 300) {
            await pushRepository.markSuccess(db, sub.id);
            sent++;
          } else {
            log.warn({ status, subscription: sub.id }, 'push service refused a notification');
          }
        } catch (error) {
          log.warn({ err: error, subscription: sub.id }, 'push notification failed');
        }
      }
      return { sent, removed };
    },
  };
}

export const pushService = {
  async register(
    db: Database,
    actor: Actor,
    input: RegisterPushSubscription,
    options: { allowAnyHost: boolean },
  ): Promise<PushSubscriptionInfo> {
    if ('token' in input) {
      return db.transaction(async (tx) =>
        toInfo(
          await pushRepository.upsert(tx, {
            personId: actor.personId,
            platform: input.platform,
            address: input.token,
          }),
        ),
      );
    }
    if (!isAllowedEndpoint(input.endpoint, options.allowAnyHost)) {
      throw badRequest('The endpoint is not a known push service.', [
        { field: 'endpoint', message: 'expected the https URL of a browser push service' },
      ]);
    }
    const key = Buffer.from(input.keys.p256dh, 'base64url');
    if (key.length !== 65 || key[0] !== 0x04) {
      throw badRequest('The p256dh key is not an uncompressed P-256 public key.', [
        { field: 'keys.p256dh', message: 'expected 65 bytes (uncompressed P-256 point), base64url' },
      ]);
    }
    if (Buffer.from(input.keys.auth, 'base64url').length < 16) {
      throw badRequest('The auth secret is too short.', [
        { field: 'keys.auth', message: 'expected 16 bytes, base64url' },
      ]);
    }
    return db.transaction(async (tx) =>
      toInfo(
        await pushRepository.upsert(tx, {
          personId: actor.personId,
          platform: 'web',
          address: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
        }),
      ),
    );
  },

  async unregister(db: Database, actor: Actor, input: UnregisterPushSubscription): Promise<void> {
    const address = 'endpoint' in input ? input.endpoint : input.token;
    await db.transaction(async (tx) => {
      if (!(await pushRepository.deleteByAddress(tx, actor.personId, address)))
        throw notFound('No such push subscription.');
    });
  },

  async list(db: Database, actor: Actor): Promise<{ items: PushSubscriptionInfo[] }> {
    return { items: (await pushRepository.listForPerson(db, actor.personId)).map(toInfo) };
  },
};
