/* Vereinsheim service worker: shows Web Push notifications and opens the right page on click.
 * Payload (JSON, see PushPayloadSchema in packages/contracts/src/push.ts): { title, body, url, tag?, messageId? }.
 * `url` is an in-app path; anything else falls back to /messages. */
'use strict';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function inAppPath(value) {
  return typeof value === 'string' && /^\/(?!\/)/.test(value) ? value : '/messages';
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Vereinsheim';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      data: { url: inAppPath(data.url), messageId: data.messageId },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    inAppPath(event.notification.data && event.notification.data.url),
    self.location.origin,
  );
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
