import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { freePort } from './support/server.ts';

/**
 * The runner picks the port once; worker processes inherit E2E_PORT, so every process computes the same
 * baseURL. The global setup starts the real server there (see support/global-setup.ts).
 */
process.env.E2E_PORT ??= String(await freePort());
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
process.env.E2E_BASE_URL = baseURL;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results/artifacts',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Three workers on two cores, on CI as locally: a test spends much of its time waiting for the server and for
  // page loads, and a third worker fills those gaps. The whole run took 9.3 min on two workers and 7.5 min on three,
  // with every test within half of its timeout (ADR 0028).
  workers: 3,
  // Journeys with two or three sign-ins (organiser and member, chat partners) take 40–80 s on the 2-core CI
  // machine while the server, the browser and the other workers share it.
  timeout: 120_000,
  // A cold page load (session restore, lazy chunks) takes up to ~10 s on the 2-core CI machine under test load.
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: path.join(import.meta.dirname, 'test-results/results.json') }]],
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    // A trace (actions, DOM snapshots, network and console, not the screencast, whose frames cost about a core:
    // ADR 0028) is recorded on a retry, or for every test and kept for the failed ones with E2E_TRACE=1. Recording
    // it for every test cost 7 % of the journeys' time (238–242 s against 254–264 s for 36 tests, ADR 0049), and a
    // CI machine's trace files are not read. A failed test keeps its screenshot and the page's ARIA snapshot
    // (error-context.md) in any case.
    trace: {
      mode: process.env.E2E_TRACE ? 'retain-on-failure' : 'on-first-retry',
      screenshots: false,
      snapshots: true,
      sources: true,
    },
    screenshot: 'only-on-failure',
    // The web app's service worker (offline shell) would answer requests that specs intercept with page.route;
    // pwa.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      // Journeys that change the shared demo data, API checks and the helper tests run once, on desktop.
      grepInvert: /@desktop-only/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
});
