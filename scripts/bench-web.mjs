#!/usr/bin/env node
/**
 * npm run bench:web — Lighthouse (mobile preset: simulated 4G throttling and a 4× slower CPU) on the built web app
 * served by the real server (demo data; on a fresh PostgreSQL database next to BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres, created and dropped here; PGlite when unreachable or `off`), in the headless Chromium at CHROME_PATH (default
 * /usr/bin/chromium; never downloaded):
 *
 * 1. signed out `/`, cold cache;
 * 2. the signed-in dashboard `/`, cold cache: the demo account signs in through the embedded provider in the same
 *    browser first (Playwright over CDP), then Lighthouse loads `/` with its usual storage reset, which empties the
 *    HTTP cache, service worker and local storage but keeps the session cookie.
 *
 * Prints performance score, FCP, LCP, TBT, CLS, Speed Index and the JavaScript transferred (encoded bytes of every
 * script the page fetched, lazy chunks included). Needs `npm run build` (done here when dist/ is missing or stale).
 * Run it on a quiet machine: CPU contention shows up directly in TBT and the score.
 * BENCH_WEB_DIST=dir audits that build (a copy of apps/web/dist) instead, e.g. two builds in alternating runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { startServer } from '../e2e/support/server.ts';
import { ensureWebBuild } from '../e2e/support/web-build.ts';
import { signInDemo } from './bench-sign-in.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 1);
// `devtools`: the same 4G and 4× CPU throttling applied to the real page load instead of simulated from an
// unthrottled one; slower to run, but a chain of requests costs its real round trips.
const THROTTLING = process.env.BENCH_WEB_THROTTLING === 'devtools' ? 'devtools' : 'simulate';

/** A fresh PostgreSQL database for this run, or null (PGlite) when PostgreSQL is not reachable. */
async function freshDatabase() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (adminUrl === 'off') return null;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `vh_benchweb_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function signIn(port, baseURL) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await signInDemo(page, baseURL);
    await page.close();
  } finally {
    await browser.close().catch(() => {});
  }
}

const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
};

/**
 * A run's figures. A run Lighthouse could not finish (a page that did not paint in time under load, a protocol
 * timeout) has no score (null, left out of the median) and no metric, and says why in `error`.
 */
function summary(lhr) {
  const a = lhr.audits;
  const scripts = (a['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
  const metrics = Object.fromEntries(Object.entries(METRICS).map(([key, id]) => [key, a[id]?.numericValue]));
  const failed = Object.values(METRICS)
    .map((id) => a[id]?.errorMessage)
    .find(Boolean);
  const score = lhr.categories.performance?.score;
  return {
    url: lhr.finalDisplayedUrl,
    score: typeof score === 'number' ? Math.round(score * 100) : null,
    error: lhr.runtimeError?.message ?? failed,
    ...metrics,
    jsKb: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    scripts: scripts.length,
    // Lighthouse's network records carry no response headers; compression shows as transferred < uncompressed.
    rawKb: scripts.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0) / 1024,
    warnings: lhr.runWarnings,
  };
}

async function audit(port, url) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    throttlingMethod: THROTTLING,
  });
  // BENCH_WEB_LHR_DIR: keep each Lighthouse report (JSON), e.g. to read its main-thread and bootup audits.
  if (process.env.BENCH_WEB_LHR_DIR) {
    fs.mkdirSync(process.env.BENCH_WEB_LHR_DIR, { recursive: true });
    const file = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
    fs.writeFileSync(path.join(process.env.BENCH_WEB_LHR_DIR, file), JSON.stringify(result.lhr));
  }
  return summary(result.lhr);
}

/** `runs`: audits per page (default BENCH_WEB_RUNS, else 1). */
export async function benchWeb({ runs = RUNS } = {}) {
  // BENCH_WEB_DIST: audit that build (a copy of dist/, e.g. to compare two builds) instead of apps/web/dist.
  const dist = process.env.BENCH_WEB_DIST;
  if (!dist) ensureWebBuild();
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`No Chromium at ${CHROME_PATH}`);
  const db = await freshDatabase();
  const server = await startServer({
    env: {
      LOG_LEVEL: 'warn',
      RESPONSE_CHECK: 'false',
      ...(db ? { DATABASE_URL: db.url } : {}),
      ...(dist ? { WEB_DIST: path.resolve(dist) } : {}),
    },
    timeoutMs: 600_000,
  }).catch(async (error) => {
    await db?.drop();
    throw error;
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'],
  });
  const rows = [];
  const repeated = [];
  /**
   * One audit; a run Lighthouse could not finish is run once more (for a lost trace, NO_NAVSTART, Lighthouse asks
   * for exactly that; it happens now and then on either page here), and the repeat is reported.
   */
  async function auditRow(page) {
    const first = await audit(chrome.port, `${server.baseURL}/`);
    if (first.score !== null) return { page, ...first };
    repeated.push(`- Lighthouse could not finish a run on ${page} and ran it again: ${first.error}`);
    return { page, ...(await audit(chrome.port, `${server.baseURL}/`)) };
  }
  try {
    for (let i = 0; i < runs; i += 1) {
      console.error(`[bench:web] Lighthouse mobile: signed out / (run ${i + 1}) …`);
      rows.push(await auditRow('signed out `/`'));
    }
    console.error('[bench:web] signing in the demo account …');
    await signIn(chrome.port, server.baseURL);
    for (let i = 0; i < runs; i += 1) {
      console.error(`[bench:web] Lighthouse mobile: signed-in dashboard, cold cache (run ${i + 1}) …`);
      rows.push(await auditRow('signed-in dashboard `/`'));
    }
  } finally {
    await chrome.kill();
    await server.stop();
    await db?.drop();
  }
  const ms = (n) => (typeof n === 'number' ? Math.round(n).toLocaleString('en-US') : 'n/a');
  const fixed = (n, digits) => (typeof n === 'number' ? n.toFixed(digits) : 'n/a');
  const lines = [
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset (${THROTTLING === 'devtools' ? 'applied' : 'simulated'} throttling), Chromium ${CHROME_PATH}, server on 127.0.0.1 (${db ? 'PostgreSQL' : 'PGlite'}, demo data).`,
    '',
    '| Page | Score | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | JS transferred | JS uncompressed |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.score ?? 'n/a'} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${ms(r.tbt)} | ${fixed(r.cls, 3)} | ${ms(r.si)} | ${r.jsKb.toFixed(1)} KB (${r.scripts} scripts) | ${r.rawKb.toFixed(1)} KB |`,
    ),
  ];
  const failures = rows.filter((r) => r.error);
  if (repeated.length) lines.push('', ...repeated);
  if (failures.length)
    lines.push('', ...failures.map((r) => `- Lighthouse could not finish a run on ${r.page}: ${r.error}`));
  const warnings = rows.flatMap((r) => r.warnings ?? []);
  if (warnings.length) lines.push('', ...[...new Set(warnings)].map((w) => `- Lighthouse warning: ${w}`));
  return { rows, markdown: lines.join('\n') };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { markdown } = await benchWeb();
  console.log(markdown);
}
