import { PushNotifications } from '@capacitor/push-notifications';
import { isNativePlatform } from './native.ts';

/**
 * Push notifications behind one adapter (spec §1, §5): the Web Push API with the service worker
 * /sw.js in the browser, @capacitor/push-notifications (APNs/FCM token) in the iOS and Android apps.
 * The caller sends the returned registration to POST /api/me/push/subscriptions.
 */
export type PushRegistration =
  | { platform: 'web'; endpoint: string; keys: { p256dh: string; auth: string } }
  | { platform: 'ios' | 'android'; token: string };

export class PushPermissionDeniedError extends Error {
  constructor() {
    super('User denied permissions!');
    this.name = 'PushPermissionDeniedError';
  }
}

export class PushUnsupportedError extends Error {
  constructor() {
    super('Push notifications are not supported here.');
    this.name = 'PushUnsupportedError';
  }
}

export function isPushSupported(): boolean {
  if (isNativePlatform()) return true;
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function webRegistration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration('/')) ?? navigator.serviceWorker.register('/sw.js');
}

/** The current web subscription of this browser, if any. */
export async function currentWebSubscription(): Promise<PushSubscription | null> {
  if (isNativePlatform() || !isPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks for permission and subscribes this device; throws PushPermissionDeniedError when refused. */
export async function enablePush(vapidPublicKey: () => Promise<string>): Promise<PushRegistration> {
  if (!isPushSupported()) throw new PushUnsupportedError();
  if (isNativePlatform()) {
    const permission = await PushNotifications.requestPermissions();
    if (permission.receive !== 'granted') throw new PushPermissionDeniedError();
    const token = new Promise<string>((resolve, reject) => {
      void PushNotifications.addListener('registration', (t) => resolve(t.value));
      void PushNotifications.addListener('registrationError', (e) => reject(new Error(e.error)));
    });
    await PushNotifications.register();
    const { Capacitor } = await import('@capacitor/core');
    return { platform: Capacitor.getPlatform() === 'ios' ? 'ios' : 'android', token: await token };
  }
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDeniedError();
  const registration = await webRegistration();
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(await vapidPublicKey()),
    }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new PushUnsupportedError();
  return {
    platform: 'web',
    endpoint: json.endpoint,
    keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
  };
}

/** Unsubscribes this device; returns what the server should forget (endpoint or token), if known. */
export async function disablePush(): Promise<{ endpoint: string } | null> {
  if (isNativePlatform()) {
    await PushNotifications.unregister();
    return null;
  }
  const subscription = await currentWebSubscription();
  if (!subscription) return null;
  const endpoint = subscription.endpoint;
  await subscription.unsubscribe();
  return { endpoint };
}
