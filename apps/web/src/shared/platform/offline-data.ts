/**
 * The installable web app's offline data (issue 13): which answers the service worker (src/sw.ts) keeps for
 * offline reading, and the clearing at sign-out. Only what the offline app shows read-only — news, events and
 * the person's registrations, plus what the shell needs to start — and only what the person has loaded.
 */
export const OFFLINE_DATA_CACHE = 'vh-data-v1';
/** The app's configuration (no personal data), kept apart so that the shell can start offline after sign-out. */
export const OFFLINE_CONFIG_CACHE = 'vh-config-v1';
export const APP_CONFIG_PATH = '/app-config.json';

const OFFLINE_READABLE: RegExp[] = [
  /^\/bff\/session$/,
  /^\/api\/b2c\/person\/[^/]+$/,
  /^\/api\/tenants\/notenant\/person\/[^/]+$/,
  /^\/api\/me\/tenant\/find$/,
  /^\/api\/me\/messages\/unread-count$/,
  /^\/api\/me\/cms2\/blogpost(\/[^/]+)?$/,
  /^\/api\/event$/,
  /^\/api\/event\/[^/]+(\/registration)?$/,
  /^\/api\/me\/event\/registrations$/,
];

export function isOfflineReadable(pathname: string): boolean {
  return OFFLINE_READABLE.some((pattern) => pattern.test(pathname));
}

/** Removes the offline data (sign-out): directly, and through the service worker for good measure. */
export async function clearOfflineData(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(OFFLINE_DATA_CACHE);
    navigator.serviceWorker?.controller?.postMessage({ type: 'clear-offline-data' });
  } catch (error) {
    console.error('Clearing the offline data failed', error);
  }
}

/** Registers the service worker (web builds only; the native apps bundle their assets). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.error('The service worker could not be registered', error);
    });
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
