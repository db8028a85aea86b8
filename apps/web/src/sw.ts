/// <reference lib="webworker" />
/* The Vereinsheim service worker (built by vite-plugin-pwa's injectManifest into dist/sw.js):
 * - precaches the app shell (index.html and every built script, style, locale and icon) and answers navigations
 *   from the network, falling back to the cached shell when offline;
 * - keeps the last answers of the read-only data the offline app shows — news, events, the person's registrations
 *   and what the shell needs to start (configuration, session, person, clubs) — network first, in `vh-data`;
 *   nothing else is cached, and nothing is kept after sign-out (POST /bff/logout, a 401 from /bff/session, or
 *   the page's own clearing);
 * - shows Web Push notifications and opens their route on click. */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import {
  APP_CONFIG_PATH,
  OFFLINE_CONFIG_CACHE,
  OFFLINE_DATA_CACHE,
  isOfflineReadable,
} from './shared/platform/offline-data.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Paths the server answers itself (never the app shell). */
const SERVER_PATHS = /^\/(api|oidc|bff|signin-oidc|media|app|\.well-known|healthz|readyz|metrics|docs)(\/|$)/;

// Navigations: always the network (a new deployment shows at once); offline, the cached shell.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: [SERVER_PATHS] },
  ),
);

const clearData = () => caches.delete(OFFLINE_DATA_CACHE);

async function jsonOf(response: Response): Promise<Record<string, unknown> | null> {
  try {
    return (await response.clone().json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

// The app's configuration (public): network first, the last answer offline.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname === APP_CONFIG_PATH,
  new NetworkFirst({
    cacheName: OFFLINE_CONFIG_CACHE,
    networkTimeoutSeconds: 3,
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);

// The data the offline app shows: network first (3 s), the last good answer when the network fails.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && isOfflineReadable(url.pathname),
  new NetworkFirst({
    cacheName: OFFLINE_DATA_CACHE,
    networkTimeoutSeconds: 3,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 14 * 24 * 60 * 60 }),
      {
        fetchDidSucceed: async ({ request, response }) => {
          if (new URL(request.url).pathname !== '/bff/session') return response;
          // The session is gone (signed out elsewhere, expired): so is everything it loaded.
          if (response.status === 401) await clearData();
          // A fresh sign-in (perhaps of someone else on this browser) starts without the earlier data.
          if (response.ok && (await jsonOf(response))?.fresh === true) await clearData();
          return response;
        },
        // The kept session is not "fresh" again when read offline (no second 'Sie werden angemeldet.').
        cacheWillUpdate: async ({ request, response }) => {
          if (new URL(request.url).pathname !== '/bff/session') return response;
          const body = await jsonOf(response);
          if (body?.fresh !== true) return response;
          return new Response(JSON.stringify({ ...body, fresh: false }), {
            status: response.status,
            headers: response.headers,
          });
        },
      },
    ],
  }),
);

// Sign-out: the data cache goes with the session.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (
    event.request.method === 'POST' &&
    url.origin === self.location.origin &&
    url.pathname === '/bff/logout'
  ) {
    event.waitUntil(clearData());
  }
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'clear-offline-data') event.waitUntil(clearData());
});

// Web Push: payload { title, body, url, tag?, messageId? } (PushPayloadSchema, packages/contracts/src/push.ts).
function inAppPath(value: unknown): string {
  return typeof value === 'string' && /^\/(?!\/)/.test(value) ? value : '/messages';
}

self.addEventListener('push', (event) => {
  let data: Record<string, unknown>;
  try {
    data = event.data ? (event.data.json() as Record<string, unknown>) : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Vereinsheim';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      badge: '/favicon.svg',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      data: { url: inAppPath(data.url), messageId: data.messageId },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const notificationData = event.notification.data as { url?: unknown } | null;
  const target = new URL(inAppPath(notificationData?.url), self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        try {
          const focused = await client.focus();
          await focused.navigate(target.href);
          return;
        } catch {
          // An uncontrolled window cannot be navigated from here: open a new one below.
        }
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
