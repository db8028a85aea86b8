#!/usr/bin/env node
/**
 * npm run bench — throughput and latency of a few endpoints, as ratios against a baseline measured in the
 * same run, plus the web bundle size of the signed-out `/`.
 *
 * 1. Starts the real server (`node apps/server/src/main.ts`: PGlite, embedded provider, demo data) on a
 *    free port on 127.0.0.1 with a fresh temporary DATA_DIR (e2e/support/server.ts).
 * 2. Access token: signed by this script with the embedded provider's own key from DATA_DIR/oidc/jwks.json
 *    for the demo account's subject (demoId('account:demo')), with the issuer, audience and lifetime the
 *    server verifies. This skips the interactive login (measured separately by the e2e tests); the server
 *    verifies it exactly like a provider-issued token (signature via JWKS, iss, aud, exp, subject → person).
 *    With BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) the same is measured again on a
 *    fresh PostgreSQL database created (and dropped) next to it.
 * 3. autocannon, BENCH_DURATION seconds per endpoint (default 5) after a 1 s warm-up, BENCH_CONNECTIONS
 *    connections (default 10): GET /healthz (baseline), GET /api/me/tenant/find, GET /app-config.json.
 * 4. Bundle: `apps/web/scripts/size.mjs` (initial JS of `/` from dist/index.html and its static imports), and
 *    the JS Chromium actually fetches when it opens `/` signed out (gzip -9 of each script body).
 *
 * Prints a markdown table and writes it to docs/benchmarks.md. Load generator and server share the
 * machine's cores, so absolute figures say little; the ratios to the baseline are the point.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { SignJWT, importJWK } from 'jose';
import { REPO_ROOT, startServer } from '../e2e/support/server.ts';
import { demoId } from '../apps/server/src/seed/ids.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const OUT_FILE = path.join(REPO_ROOT, 'docs/benchmarks.md');

async function mintToken(server) {
  const jwks = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'oidc/jwks.json'), 'utf8'));
  const jwk = jwks.keys[0];
  const key = await importJWK(jwk, jwk.alg ?? 'RS256');
  return new SignJWT({ scope: 'openid profile email offline_access', client_id: 'vereinsheim-web' })
    .setProtectedHeader({ alg: jwk.alg ?? 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setIssuer(`${server.baseURL}/oidc`)
    .setAudience(`${server.baseURL}/api`)
    .setSubject(demoId('account:demo'))
    .setIssuedAt()
    .setExpirationTime('30m')
    .sign(key);
}

function run(url, headers, duration) {
  return autocannon({ url, headers, connections: CONNECTIONS, duration, pipelining: 1 });
}

async function measure(name, url, headers = {}) {
  // Check the endpoint answers 200 first: a benchmark of 401s would measure the wrong thing.
  const probe = await fetch(url, { headers });
  if (probe.status !== 200) throw new Error(`${name}: ${url} answered ${probe.status}, not 200`);
  await run(url, headers, 1);
  const result = await run(url, headers, DURATION);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function sizeScript() {
  const script = path.join(REPO_ROOT, 'apps/web/scripts/size.mjs');
  if (!fs.existsSync(script)) return { line: 'apps/web/scripts/size.mjs is missing', ok: false };
  try {
    const out = execFileSync(process.execPath, [script], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const line = out.split('\n').find((l) => l.startsWith('Initial JS')) ?? out.trim().split('\n').at(-1);
    return { line, ok: true };
  } catch (error) {
    const out = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim().split('\n');
    return {
      line: out.filter((l) => /Initial JS|budget|missing|No entry/i.test(l)).join(' ') || 'size.mjs failed',
      ok: false,
    };
  }
}

/** Opens `/` signed out in Chromium and sums the gzip size of every script it fetched. */
async function browserJs(baseURL) {
  let chromium;
  try {
    ({ chromium } = await import('@playwright/test'));
  } catch {
    return null;
  }
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage();
    const bodies = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => null));
    });
    await page.goto(`${baseURL}/`, { waitUntil: 'networkidle' });
    const files = (await Promise.all(bodies)).filter(Boolean);
    const raw = files.reduce((sum, b) => sum + b.length, 0);
    const gzip = files.reduce((sum, b) => sum + zlib.gzipSync(b, { level: 9 }).length, 0);
    return { files: files.length, raw, gzip };
  } finally {
    await browser.close();
  }
}

const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');

/** Starts a server, measures the endpoints against it and stops it again. */
async function suite(label, env) {
  console.error(`[bench] starting the server (${label}) …`);
  const server = await startServer({ env: { LOG_LEVEL: 'warn', ...env } });
  try {
    const token = await mintToken(server);
    const auth = { authorization: `Bearer ${token}` };
    const base = server.baseURL;
    const rows = [];
    for (const [name, url, headers] of [
      ['GET /healthz (baseline)', `${base}/healthz`, {}],
      [
        'GET /api/me/tenant/find',
        `${base}/api/me/tenant/find?page=1&top=200&orderby=name&orderbytype=ascending`,
        auth,
      ],
      ['GET /app-config.json', `${base}/app-config.json`, {}],
    ]) {
      console.error(`[bench] ${label}: ${name}: ${DURATION} s, ${CONNECTIONS} connections …`);
      rows.push({ ...(await measure(name, url, headers)), label });
    }
    const browser = await browserJs(base).catch((error) => ({ error: String(error.message ?? error) }));
    return { rows, browser };
  } finally {
    await server.stop();
  }
}

/** BENCH_DATABASE_URL: also measure against PostgreSQL, in a fresh database created and dropped here. */
async function postgresSuite(adminUrl) {
  const { default: pg } = await import('pg');
  const name = `vh_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await suite('PostgreSQL', { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function main() {
  const pglite = await suite('PGlite', {});
  const suites = [pglite];
  if (process.env.BENCH_DATABASE_URL) suites.push(await postgresSuite(process.env.BENCH_DATABASE_URL));
  const bundle = sizeScript();
  const browser = pglite.browser;

  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    }).trim();
  } catch {
    // not a git checkout
  }
  const lines = [
    '# Benchmarks',
    '',
    `Measured by \`npm run bench\` (scripts/bench.mjs) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}:`,
    `Node ${process.version}, ${os.cpus().length} CPU cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), shared by server and load generator.`,
    `Server: embedded provider, demo data, LOG_LEVEL=warn, 127.0.0.1; PGlite${process.env.BENCH_DATABASE_URL ? ', then PostgreSQL (BENCH_DATABASE_URL, fresh database)' : ''}. autocannon: ${CONNECTIONS} connections,`,
    `${DURATION} s per endpoint after a 1 s warm-up. The access token for /api/me/tenant/find is signed by the bench`,
    "with the embedded provider's key from DATA_DIR for the demo account (Mia Hoffmann, 2 clubs); the server",
    'verifies it like any provider-issued token. Ratios compare with the baseline measured in the same run.',
    '',
    '| Database | Endpoint | req/s | p50 ms | p99 ms | req/s vs baseline | p99 vs baseline | requests | non-2xx | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...suites.flatMap(({ rows }) =>
      rows.map(
        (r) =>
          `| ${r.label} | ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${ratio(r.rps, rows[0].rps)} | ${ratio(r.p99, rows[0].p99)} | ${fmt(r.total)} | ${r.non2xx} | ${r.errors} |`,
      ),
    ),
    '',
    '## Web bundle (signed-out `/`)',
    '',
    `- apps/web/scripts/size.mjs: ${bundle.line}${bundle.ok ? '' : ' (failed)'}`,
  ];
  if (browser && 'gzip' in browser) {
    lines.push(
      `- Chromium opening \`/\` signed out fetched ${browser.files} scripts: ${fmt(browser.gzip / 1024, 1)} KB gzip (${fmt(browser.raw / 1024, 1)} KB raw), lazy chunks included.`,
    );
  } else if (browser && 'error' in browser) {
    lines.push(`- Chromium measurement failed: ${browser.error}`);
  }
  lines.push('');
  const markdown = lines.join('\n');
  console.log(markdown);
  fs.mkdirSync(path.dirname(OUT_FILE), { recursive: true });
  fs.writeFileSync(OUT_FILE, markdown);
  console.error(`[bench] written to ${path.relative(process.cwd(), OUT_FILE)}`);
  const failed = suites.some(({ rows }) => rows.some((r) => r.non2xx > 0 || r.errors > 0));
  if (failed) {
    console.error('[bench] some requests failed (see non-2xx / errors).');
    process.exitCode = 1;
  }
}

await main();
