import { PushSubscriptionInfoSchema, VapidPublicKeySchema } from '@vereinsheim/contracts/push';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { ORIGIN } from '../../../test/fixtures.ts';
import { server } from '../../../test/msw-server.ts';
import { registerThisDevice } from './register-device.ts';

const VAPID = VapidPublicKeySchema.parse({ publicKey: 'B'.repeat(87) }).publicKey;

/** A browser whose push service hands out a new endpoint on every subscribe. */
function fakeBrowser(existingEndpoint: string | null) {
  let current: { endpoint: string; unsubscribe: ReturnType<typeof vi.fn> } | null = null;
  let n = 0;
  const subscription = (endpoint: string) => {
    const sub = {
      endpoint,
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
      toJSON: () => ({ endpoint, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
    };
    current = sub;
    return sub;
  };
  if (existingEndpoint) subscription(existingEndpoint);
  const first = current as { unsubscribe: ReturnType<typeof vi.fn> } | null;
  const pushManager = {
    getSubscription: async () => current,
    subscribe: async () => subscription(`https://fcm.googleapis.com/fcm/send/fresh-${++n}`),
  };
  const registration = { pushManager };
  vi.stubGlobal('Notification', { requestPermission: () => Promise.resolve('granted') });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: () => Promise.resolve(registration),
      register: vi.fn(),
      ready: Promise.resolve(registration),
    },
  });
  return { first };
}

const info = PushSubscriptionInfoSchema.parse({
  id: '00000000-0000-4000-8000-000000000001',
  platform: 'web',
  createdAt: '2026-11-20T10:00:00.000Z',
});

beforeEach(() => {
  configureApiClient({ baseUrl: ORIGIN, getAccessToken: async () => null, getPersonId: () => null });
  server.use(http.get(`${ORIGIN}/api/push/vapid-public-key`, () => HttpResponse.json({ publicKey: VAPID })));
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registering this device for push', () => {
  it('takes a fresh endpoint when the browser’s subscription belongs to another person (409)', async () => {
    const shared = 'https://fcm.googleapis.com/fcm/send/previous-users-endpoint';
    const { first } = fakeBrowser(shared);
    const posted: string[] = [];
    server.use(
      http.post(`${ORIGIN}/api/me/push/subscriptions`, async ({ request }) => {
        const { endpoint } = (await request.json()) as { endpoint: string };
        posted.push(endpoint);
        return endpoint === shared
          ? HttpResponse.json({ type: 'about:blank', title: 'Conflict', status: 409 }, { status: 409 })
          : HttpResponse.json(info, { status: 201 });
      }),
    );
    await registerThisDevice();
    expect(first!.unsubscribe).toHaveBeenCalledOnce();
    expect(posted).toEqual([shared, 'https://fcm.googleapis.com/fcm/send/fresh-1']);
  });

  it('passes other failures on without touching the subscription', async () => {
    const { first } = fakeBrowser('https://fcm.googleapis.com/fcm/send/mine');
    server.use(
      http.post(`${ORIGIN}/api/me/push/subscriptions`, () =>
        HttpResponse.json({ type: 'about:blank', title: 'Bad Request', status: 400 }, { status: 400 }),
      ),
    );
    await expect(registerThisDevice()).rejects.toMatchObject({ status: 400 });
    expect(first!.unsubscribe).not.toHaveBeenCalled();
  });
});
