import { DEMO, expect, openSignedIn, test } from './fixtures.ts';
import { FEST_EVENT, FEST_POST } from './support/demo-season.ts';

/**
 * The installable web app (issue 13) at the phone size the issue names: the manifest with its icons, and the
 * service worker's offline shell that shows the last loaded news, events and registrations with the offline
 * notice, cleared again at sign-out. Service workers are blocked in the other specs (playwright.config.ts).
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

const OFFLINE_NOTICE =
  'Du bist offline. Du siehst die zuletzt geladenen Daten; Änderungen sind erst wieder online möglich.';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

test.describe('installable web app', () => {
  test(
    'the page links a manifest with name, start URL, theme colour and icons',
    { tag: '@desktop-only' },
    async ({ page, request }) => {
      await page.goto('/');
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBe('/manifest.webmanifest');
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1d6b3a');

      const res = await request.get(href!);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^application\/(manifest\+)?json/);
      const manifest = (await res.json()) as {
        name: string;
        short_name: string;
        start_url: string;
        scope: string;
        display: string;
        theme_color: string;
        background_color: string;
        icons: { src: string; sizes: string; type: string; purpose?: string }[];
      };
      expect(manifest).toMatchObject({
        name: 'Vereinsheim',
        short_name: 'Vereinsheim',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1d6b3a',
      });
      // Chromium's installability: a 192 and a 512 px icon; Android's adaptive launcher: a maskable one.
      for (const [size, purpose] of [
        ['192x192', 'any'],
        ['512x512', 'any'],
        ['512x512', 'maskable'],
      ] as const) {
        const icon = manifest.icons.find((i) => i.sizes === size && (i.purpose ?? 'any') === purpose);
        expect(icon, `${size} ${purpose}`).toBeDefined();
        const image = await request.get(icon!.src);
        expect(image.status()).toBe(200);
        const [w, h] = size.split('x').map(Number);
        expect(pngSize(await image.body())).toEqual({ width: w, height: h });
      }
      const worker = await request.get('/sw.js');
      expect(worker.status()).toBe(200);
      expect(worker.headers()['content-type']).toMatch(/javascript/);
    },
  );

  test(
    'offline, the app shell shows the last loaded news, events and registrations with the offline notice; sign-out clears them',
    { tag: '@desktop-only' },
    async ({ page, context }) => {
      await openSignedIn(page, DEMO.demo.email, DEMO.demo.password, '/');
      // The service worker takes over this page (clients.claim); from then on it keeps what the app loads. It
      // registers after the page's load and precaches the build's ~230 files first: beside the other worker's
      // journeys on the 2-core CI machine that took more than 20 s (this whole test took 44 s in one passing run).
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 60_000,
      });
      await page.reload();
      const news = page.getByRole('region', { name: 'Neuigkeiten' });
      await expect(news.getByText(FEST_POST)).toBeVisible();

      await page.goto('/events');
      await expect(page.getByText(FEST_EVENT)).toBeVisible();
      await page.goto('/my-registrations');
      const registration = page.locator('ion-item:visible').first();
      await expect(registration).toBeVisible();
      const registrationText = (await registration.innerText()).split('\n')[0]!.trim();
      expect(registrationText).not.toBe('');
      await expect(page.getByText(OFFLINE_NOTICE)).toBeHidden();

      await context.setOffline(true);
      await page.goto('/');
      await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
      await expect(news.getByText(FEST_POST)).toBeVisible();
      await expect(page.locator('#myTabBar')).toBeVisible();

      await page.goto('/events');
      await expect(page.getByText(FEST_EVENT)).toBeVisible();
      await page.goto('/my-registrations');
      await expect(
        page.locator('ion-item:visible').filter({ hasText: registrationText }).first(),
      ).toBeVisible();
      await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
      // Read-only: nothing but what was loaded (the invoices were never opened).
      expect(
        await page.evaluate(async () => {
          const cache = await caches.open('vh-data-v1');
          return (await cache.keys())
            .map((r) => new URL(r.url).pathname)
            .filter((p) => p.includes('invoice'));
        }),
      ).toEqual([]);

      await context.setOffline(false);
      await page.goto('/account');
      await page.getByRole('button', { name: 'Abmelden' }).click();
      await page.waitForURL((url) => url.pathname === '/signed-out', { timeout: 20_000 });
      expect(await page.evaluate(() => caches.has('vh-data-v1'))).toBe(false);

      // Offline after sign-out: the shell still starts, but shows no one's data.
      await context.setOffline(true);
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Jetzt anmelden' })).toBeVisible();
      await expect(page.getByText(FEST_POST)).toHaveCount(0);
      await context.setOffline(false);
    },
  );
});
