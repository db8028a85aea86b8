#!/usr/bin/env node
/**
 * npm run bench:start — how long the web app takes to show its first screen on a slow phone network, with the
 * network and CPU really slowed down (Chromium DevTools protocol: 150 ms latency, 1.44 Mbit/s down, 675 kbit/s
 * up, CPU 4× slower, 390 × 844) rather than simulated as Lighthouse does (issue 14 §6). Lighthouse's simulation
 * is bound by the main thread's work and does not show a request chain that got shorter; this does.
 *
 * For each build (BENCH_START_DISTS, comma-separated dist directories; default apps/web/dist, built when stale)
 * it starts a server (PGlite, demo data) and measures, in alternating rounds (BENCH_START_RUNS, default 5), the
 * largest contentful paint of
 * - signed out `/`: a fresh browser context, until 'Jetzt anmelden' shows;
 * - the signed-in dashboard `/`: a fresh context with the demo account's session cookie (signed in once before),
 *   until the next events show.
 * Cold: empty HTTP cache, no service worker. BENCH_START_WARM=1: the page is loaded once before (service worker
 * installed, cache filled) and the second load is measured, as when a member opens the app again.
 *
 * Prints each build's LCP and FCP (first contentful paint) and their medians. Run it on a quiet machine; compare builds in the same run.
 */
import path from 'node:path';
import { chromium } from '@playwright/test';
import { REPO_ROOT, startServer } from '../e2e/support/server.ts';
import { ensureWebBuild } from '../e2e/support/web-build.ts';
import { signInDemo } from './bench-sign-in.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const WARM = process.env.BENCH_START_WARM === '1';
const dists = process.env.BENCH_START_DISTS?.split(',').map((d) => path.resolve(d)) ?? [
  path.join(REPO_ROOT, 'apps/web/dist'),
];
if (!process.env.BENCH_START_DISTS) ensureWebBuild();

/** Lighthouse's mobile preset's numbers (its "slow 4G"), applied to the real load. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
const servers = [];
try {
  for (const dist of dists)
    servers.push(
      await startServer({
        snapshotWeb: false,
        env: { WEB_DIST: dist, LOG_LEVEL: 'error', RESPONSE_CHECK: 'false' },
      }),
    );

  /** The demo account's session cookie on this server (signed in through the embedded provider). */
  async function sessionCookies(baseURL) {
    const context = await browser.newContext();
    try {
      await signInDemo(await context.newPage(), baseURL);
      return { cookies: (await context.storageState()).cookies, origins: [] };
    } finally {
      await context.close();
    }
  }
  const sessions = [];
  for (const server of servers) sessions.push(await sessionCookies(server.baseURL));

  /** One load of `/`: its first and largest contentful paint in ms. */
  async function load(index, signedIn) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: signedIn ? sessions[index] : undefined,
      serviceWorkers: WARM ? 'allow' : 'block',
    });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', NETWORK);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const url = `${servers[index].baseURL}/`;
      const shown = () =>
        signedIn
          ? page.locator('.vh-dashboard-event h4 a').first().waitFor({ timeout: 60_000 })
          : page.getByRole('button', { name: 'Jetzt anmelden' }).waitFor({ timeout: 60_000 });
      if (WARM) {
        await page.goto(url);
        await shown();
        await page.evaluate(() => navigator.serviceWorker?.ready);
      }
      await page.goto(url, { waitUntil: 'commit' });
      await shown();
      // Later candidates (an image) may follow the first screen; give them a moment.
      await page.waitForTimeout(500);
      const [fcp, lcp] = await page.evaluate(() =>
        Promise.all(
          ['paint', 'largest-contentful-paint'].map(
            (type) =>
              new Promise((resolve) =>
                new PerformanceObserver((list) => {
                  const entries = list
                    .getEntries()
                    .filter((e) => type !== 'paint' || e.name === 'first-contentful-paint');
                  if (entries.length > 0) resolve(entries.at(-1).startTime);
                }).observe({ type, buffered: true }),
              ),
          ),
        ),
      );
      return { fcp: Math.round(fcp), lcp: Math.round(lcp) };
    } finally {
      await context.close();
    }
  }

  const figures = dists.map(() => ({ out: [], in: [] }));
  for (let round = 0; round < RUNS; round++)
    for (let i = 0; i < dists.length; i++) {
      figures[i].out.push(await load(i, false));
      figures[i].in.push(await load(i, true));
    }
  console.log(
    `In ms, ${WARM ? 'warm (service worker and cache from a first load)' : 'cold cache'}; 150 ms latency, 1.44 Mbit/s, CPU 4× slower, 390 × 844; ${RUNS} alternating rounds`,
  );
  const figure = (loads, key) =>
    `${loads.map((l) => l[key]).join(', ')} (median ${median(loads.map((l) => l[key]))})`;
  for (let i = 0; i < dists.length; i++) {
    const { out, in: signedIn } = figures[i];
    console.log(
      `${path.relative(REPO_ROOT, dists[i]) || dists[i]}: signed out LCP ${figure(out, 'lcp')}, FCP ${figure(out, 'fcp')}; signed-in dashboard LCP ${figure(signedIn, 'lcp')}, FCP ${figure(signedIn, 'fcp')}`,
    );
  }
} finally {
  await browser.close().catch(() => {});
  for (const server of servers) await server.stop();
}
