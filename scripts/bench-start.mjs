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
 * - signed out `/`: a fresh browser context, until 'Jetzt anmelden' shows, and when it answers a tap (the screen
 *   the server draws in shows it before the script that runs it, ADR 0052);
 * - the signed-in dashboard `/`: a fresh context with the demo account's session cookie (signed in once before),
 *   until the next events show.
 * Cold: empty HTTP cache, no service worker. BENCH_START_WARM=1: the page is loaded once before (service worker
 * installed, cache filled) and the second load is measured, as when a member opens the app again.
 *
 * Prints each build's LCP, FCP (first contentful paint) and TBT and their medians. TBT is counted as Lighthouse
 * counts it, each long task's time beyond 50 ms after the first paint, here until half a second after the first
 * screen shows (signed in: after the shell has taken it over, as Lighthouse counts until the page is quiet); with
 * the CPU really slowed down it is the main thread's blocking a phone's user would feel, not Lighthouse's estimate.
 * For the dashboard also its longest task. Run it on a quiet machine; compare builds in the same run.
 * BENCH_START_PROFILE=dir writes a CPU profile of each dashboard load there (dashboard-<build>-<n>.cpuprofile, for
 * Chromium's DevTools); the profiler slows the page down, so the figures of such a run are not comparable.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { REPO_ROOT, startServer } from '../e2e/support/server.ts';
import { ensureWebBuild } from '../e2e/support/web-build.ts';
import { signInDemo } from './bench-sign-in.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const WARM = process.env.BENCH_START_WARM === '1';
const PROFILE_DIR = process.env.BENCH_START_PROFILE;
if (PROFILE_DIR) fs.mkdirSync(PROFILE_DIR, { recursive: true });
let profiles = 0;
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
      // Long tasks from the document's start (the observer's buffer keeps only some entry types).
      await page.addInitScript(() => {
        globalThis.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) globalThis.__longTasks.push([e.startTime, e.duration]);
        }).observe({ type: 'longtask' });
      });
      // Signed out: the moment 'Jetzt anmelden' can be tapped. The drawn screen (ADR 0052) shows it before the
      // script that runs it, disabled until then.
      if (!signedIn)
        await page.addInitScript(() => {
          const { document, MutationObserver } = globalThis;
          const observer = new MutationObserver(() => {
            const button = [...document.querySelectorAll('button')].find(
              (b) => b.textContent === 'Jetzt anmelden',
            );
            if (!button || button.disabled) return;
            globalThis.__usable = performance.now();
            observer.disconnect();
          });
          observer.observe(document, { subtree: true, childList: true, attributes: true });
        });
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
      if (PROFILE_DIR && signedIn) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await page.goto(url, { waitUntil: 'commit' });
      await shown();
      // Signed in: until the shell has taken the first screen over (first-screen.ts), whose work counts as well.
      if (signedIn) await page.getByTestId('first-screen').waitFor({ state: 'detached', timeout: 60_000 });
      // Signed out: when 'Jetzt anmelden' answers a tap (recorded by the page, see above).
      const usable = signedIn
        ? null
        : await page.waitForFunction(() => globalThis.__usable).then((handle) => handle.jsonValue());
      // Later candidates (an image) may follow the first screen; give them a moment.
      await page.waitForTimeout(500);
      if (PROFILE_DIR && signedIn) {
        const { profile } = await cdp.send('Profiler.stop');
        const file = path.join(PROFILE_DIR, `dashboard-${index + 1}-${++profiles}.cpuprofile`);
        fs.writeFileSync(file, JSON.stringify(profile));
      }
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
      // Total blocking time as Lighthouse counts it: each long task's time beyond 50 ms after the first paint.
      const tasks = await page.evaluate(() => globalThis.__longTasks);
      const tbt = tasks
        .filter(([start]) => start >= fcp)
        .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
      const longest = tasks.reduce((max, [, duration]) => Math.max(max, duration), 0);
      return {
        fcp: Math.round(fcp),
        lcp: Math.round(lcp),
        tbt: Math.round(tbt),
        longest: Math.round(longest),
        usable: usable === null ? null : Math.round(usable),
      };
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
      `${path.relative(REPO_ROOT, dists[i]) || dists[i]}: signed out LCP ${figure(out, 'lcp')}, FCP ${figure(out, 'fcp')}, TBT ${figure(out, 'tbt')}, button usable ${figure(out, 'usable')}; signed-in dashboard LCP ${figure(signedIn, 'lcp')}, FCP ${figure(signedIn, 'fcp')}, TBT ${figure(signedIn, 'tbt')}, longest task ${figure(signedIn, 'longest')}`,
    );
  }
} finally {
  await browser.close().catch(() => {});
  for (const server of servers) await server.stop();
}
