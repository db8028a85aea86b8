#!/usr/bin/env node
/**
 * npm run bench — throughput and latency of the API, as ratios against what PostgreSQL itself serves on this
 * machine in the same run (`pgbench -S`), plus the web bundle size of the signed-out `/`.
 *
 * 1. Physical limit: with PostgreSQL reachable (BENCH_DATABASE_URL, default
 *    postgres://postgres@127.0.0.1:5432/postgres; BENCH_DATABASE_URL=off skips it) `pgbench -S` (select-only,
 *    scale 10, BENCH_CONNECTIONS clients, BENCH_PGBENCH_DURATION s) runs against its own database `vh_pgbench`,
 *    initialised once with `pgbench -i -s 10` when missing. It runs before and after the endpoints and the higher
 *    TPS is the limit (a stall of the machine during one run would otherwise raise every ratio); with the database
 *    on this machine, PostgreSQL's CPU time per transaction is read from /proc in the middle of the run.
 * 2. Starts the real server (`node apps/server/src/main.ts`: embedded provider, demo data) on a free port on
 *    127.0.0.1 with a fresh temporary DATA_DIR (e2e/support/server.ts), on PGlite and then on a fresh
 *    PostgreSQL database created (and dropped) next to it, with DB_COUNT_QUERIES=1 so that a request sending
 *    `x-db-count-queries` is answered with `x-db-queries`, how many statements it sent (counted by the db client's
 *    hook, see db/client.ts and plugins/query-count.ts). Only the one request per endpoint that is counted asks:
 *    the load runs uncounted, as in production.
 * 3. Access token: signed by this script with the key it gave the server as OIDC_SIGNING_KEYS
 *    (scripts/bench-keys.mjs) for the demo account's subject (demoId('account:demo')), with the issuer,
 *    audience and lifetime the server verifies. This skips the interactive login (measured separately by the e2e tests); the server
 *    verifies it exactly like a provider-issued token (signature via JWKS, iss, aud, exp, subject → person).
 * 4. autocannon, BENCH_DURATION seconds per endpoint (default 5) after a 1 s warm-up, BENCH_CONNECTIONS
 *    connections (default 20): /healthz, the read endpoints of issue 14, the dashboard's calls and the events page's. On
 *    PostgreSQL also GET /api/event at a fixed offered rate of 1 000 req/s (p99 target < 50 ms), evenly paced
 *    and open loop (scripts/bench-paced.mjs, in a Node process of its own: latency from each request's scheduled
 *    start), and at 200 req/s while
 *    one client downloads the demo account's newest invoice PDF one after another (§5: documents render in
 *    worker threads, ADR 0036; a read's p99 must stay below one PDF's own time).
 *    Each row (but the PDF one) also gives the CPU time per request of the server process and of a local
 *    PostgreSQL (scripts/bench-cpu.ts, ADR 0044); "Where the time goes" turns the reads' medians into upper
 *    bounds from CPU alone. The header states the hypervisor's steal share of the whole run.
 *    BENCH_PERSONS=N grows the PostgreSQL bench database by N persons with the scale generator
 *    (scripts/seed-scale.mjs, `npm run seed:scale`) before it is measured.
 * 5. Registration storm (scripts/bench-storm.mjs, PostgreSQL only; BENCH_STORM=off skips it): 1 000 prepared
 *    persons with their tokens register at once for 50 places + 20 waiting places; time until the last
 *    answer, status codes, and what the database stored (overbooked must be 0).
 * 6. Bundle: `apps/web/scripts/size.mjs` (initial JS of `/` from dist/index.html and its static imports), and
 *    the JS Chromium actually fetches when it opens `/` signed out (gzip -9 of each script body).
 * 7. Lighthouse mobile (scripts/bench-web.mjs, `npm run bench:web`): the signed-out `/` and the signed-in dashboard
 *    with a cold cache, BENCH_WEB_RUNS audits each (default 3 here; the median score is held against the target);
 *    BENCH_WEB=off skips it, as does a missing Chromium (CHROME_PATH, default /usr/bin/chromium).
 *
 * BENCH_ONLY runs one part alone, for an A/B comparison of one change (prints, does not write docs/benchmarks.md):
 *   BENCH_ONLY=storm  only the registration storm, on a fresh PostgreSQL database (no pgbench, PGlite, endpoints);
 *   BENCH_ONLY=event  only GET /api/event (BENCH_DURATION s, BENCH_CONNECTIONS connections), GET /api/event at
 *                     1 000 req/s offered and at 200 req/s beside PDF downloads, on a fresh PostgreSQL database.
 *
 * Prints a markdown table and writes it to docs/benchmarks.md (the section above the marker line; the notes
 * below it are kept). Load generator, server and database share the machine's cores.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { REPO_ROOT, startServer } from '../e2e/support/server.ts';
import { demoId } from '../apps/server/src/seed/ids.ts';
import { seedScale } from './seed-scale.mjs';
import { BENCH_KEY_ENV, signAccessToken } from './bench-keys.mjs';
import { cpuMeter, isLocalDatabase, postgresCpuUs, stealMeter } from './bench-cpu.ts';
import { pacedLoadInChild } from './bench-paced.mjs';
import { registrationStorm } from './bench-storm.mjs';
import { benchWeb } from './bench-web.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PGBENCH_DURATION = Number(process.env.BENCH_PGBENCH_DURATION ?? 10);
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const PERSONS = Number(process.env.BENCH_PERSONS ?? 0);
const NOTES_MARKER = '<!-- notes below are kept by npm run bench -->';
const OUT_FILE = path.join(REPO_ROOT, 'docs/benchmarks.md');
const ONLY = process.env.BENCH_ONLY ?? '';
if (ONLY && ONLY !== 'storm' && ONLY !== 'event') throw new Error(`BENCH_ONLY=${ONLY}: storm or event`);

function mintToken(server) {
  return signAccessToken(server.baseURL, demoId('account:demo'));
}

function run(url, headers, duration, extra = {}) {
  return autocannon({ url, headers, connections: CONNECTIONS, duration, pipelining: 1, ...extra });
}

/** autocannon at full speed (closed loop, CONNECTIONS connections), as a bench row's figures. */
async function closedLoop(url, headers) {
  const result = await run(url, headers, DURATION);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * One bench row. `cpu` ({ pid, postgres }) also counts the CPU time the server process and, with `postgres`, the
 * local PostgreSQL used during the measured load (scripts/bench-cpu.ts), per request.
 */
async function measure(name, url, headers = {}, load = closedLoop, cpu = undefined) {
  // Check the endpoint answers 200 first: a benchmark of 401s would measure the wrong thing.
  const probe = await fetch(url, { headers });
  if (probe.status !== 200) throw new Error(`${name}: ${url} answered ${probe.status}, not 200`);
  await run(url, headers, 1);
  // Queries of one request after the warm-up (caches as they are under load).
  const counted = await fetch(url, { headers: { ...headers, 'x-db-count-queries': '1' } });
  await counted.arrayBuffer();
  const queries = counted.headers.get('x-db-queries');
  const used = cpu ? cpuMeter(cpu.pid, cpu.postgres) : undefined;
  const figures = await load(url, headers);
  const spent = used?.();
  const perRequest = (us) => (us === null || us === undefined || !figures.total ? null : us / figures.total);
  return {
    name,
    queries: queries === null ? null : Number(queries),
    ...figures,
    serverUs: perRequest(spent?.server),
    postgresUs: perRequest(spent?.postgres),
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
    const picked = out.split('\n').filter((l) => /^(Initial JS|JS for the signed-in)/.test(l));
    const line = picked.length ? picked.join('; ') : out.trim().split('\n').at(-1);
    return { line, ok: true };
  } catch (error) {
    const out = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim().split('\n');
    return {
      line:
        out.filter((l) => /Initial JS|JS for the signed-in|budget|missing|No entry/i.test(l)).join(' ') ||
        'size.mjs failed',
      ok: false,
    };
  }
}

/** Lighthouse on both pages (section 7), or why not. */
async function lighthouseAudits() {
  if (process.env.BENCH_WEB === 'off') return null;
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chrome)) return { error: `no Chromium at ${chrome}` };
  try {
    return await benchWeb({ runs: Number(process.env.BENCH_WEB_RUNS ?? 3) });
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
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
    await page.goto(`${baseURL}/`, { waitUntil: 'networkidle', timeout: 120_000 });
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

const DEMO_PERSON = demoId('person:demo');

/** [name, url, headers, counts among the read endpoints of the target] */
function endpoints(base, auth) {
  return [
    ['GET /healthz', `${base}/healthz`, {}, false],
    [
      'GET /api/me/tenant/find',
      `${base}/api/me/tenant/find?page=1&top=200&orderby=name&orderbytype=ascending`,
      auth,
      true,
    ],
    [
      'GET /api/event',
      `${base}/api/event?page=1&pagesize=25&top=25&orderby=StartTime&orderbytype=ascending`,
      auth,
      true,
    ],
    [
      'GET /api/me/cms2/blogpost',
      `${base}/api/me/cms2/blogpost?page=1&pagesize=25&top=25&orderby=CreatedAt&orderbytype=descending`,
      auth,
      true,
    ],
    ['GET /api/me/address', `${base}/api/me/address`, auth, true],
    [
      'GET /api/me/event/registrations',
      `${base}/api/me/event/registrations?page=1&pagesize=25&top=25&includeCancelled=true`,
      auth,
      true,
    ],
    // The dashboard's further calls (tenant/find above is one of them).
    [
      'dashboard: GET /api/tenants/notenant/person/{id}',
      `${base}/api/tenants/notenant/person/${DEMO_PERSON}`,
      auth,
      false,
    ],
    [
      'dashboard: GET /api/me/cms2/blogpost (4 newest)',
      `${base}/api/me/cms2/blogpost?page=1&pagesize=4&top=4&orderby=CreatedAt&orderbytype=descending`,
      auth,
      false,
    ],
    [
      'dashboard: GET /api/me/messages (3 unread)',
      `${base}/api/me/messages?page=1&pagesize=3&top=3&unreadOnly=true`,
      auth,
      false,
    ],
    // The events page as the app asks it (features/events/api/get-events.ts): the club scope (one of her clubs), from
    // now on. Not among the target's reads; the list's shapes differ in their plans (ADR 0034 amendment of 2026-11-28).
    [
      'events page: GET /api/event (her club, from now)',
      `${base}/api/event?page=1&pagesize=25&top=25&orderby=StartTime&orderbytype=ascending&from=${encodeURIComponent(new Date().toISOString())}&tenantIds=${demoId('tenant:tsv-gruenwald')}`,
      auth,
      false,
    ],
    ['GET /app-config.json', `${base}/app-config.json`, {}, false],
  ];
}

/** pgbench -S against vh_pgbench (created and initialised at scale 10 when missing); null without PostgreSQL. */
async function pgbench(adminUrl) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.error(`[bench] PostgreSQL not reachable at ${adminUrl}: ${error.message}; PGlite only`);
    return null;
  }
  const url = new URL(adminUrl);
  url.pathname = '/vh_pgbench';
  const conn = [
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
  ];
  const env = { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) };
  try {
    const { rows } = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'vh_pgbench'`);
    let initialised = false;
    if (rows.length === 0) await admin.query('CREATE DATABASE vh_pgbench');
    else {
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows: tables } = await check.query(
        `SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'pgbench_accounts'`,
      );
      if (tables[0].n === 1) {
        const { rows: branches } = await check.query('SELECT count(*)::int AS n FROM pgbench_branches');
        initialised = branches[0].n === 10;
      }
      await check.end();
    }
    if (!initialised) {
      console.error('[bench] pgbench -i -s 10 vh_pgbench …');
      execFileSync('pgbench', ['-i', '-q', '-s', '10', ...conn, 'vh_pgbench'], { env, stdio: 'ignore' });
    }
    const version = (await admin.query('SHOW server_version')).rows[0].server_version;
    console.error(`[bench] pgbench -S -c ${CONNECTIONS} -T ${PGBENCH_DURATION} …`);
    const out = await pgbenchSampled(
      [
        '-S',
        '-n',
        '-c',
        String(CONNECTIONS),
        '-j',
        String(Math.min(CONNECTIONS, os.cpus().length)),
        '-T',
        String(PGBENCH_DURATION),
        ...conn,
        'vh_pgbench',
      ],
      env,
      isLocalDatabase(adminUrl),
    );
    const tps = Number(/tps = ([\d.]+)/.exec(out.stdout)?.[1]);
    const latency = Number(/latency average = ([\d.]+) ms/.exec(out.stdout)?.[1]);
    // PostgreSQL's CPU per transaction, from the middle of the run (its clients connected, none ending).
    const postgresUsPerTx =
      out.postgresUs === null || !(tps > 0) ? null : out.postgresUs / (tps * out.seconds);
    return { tps, latency, version, postgresUsPerTx };
  } finally {
    await admin.end();
  }
}

/**
 * Runs pgbench; with `sample`, also reads the local PostgreSQL's CPU time from 1 s after the start until 1 s
 * before the end (BENCH_PGBENCH_DURATION ≥ 3), while all its clients are connected.
 */
function pgbenchSampled(args, env, sample) {
  return new Promise((resolve, reject) => {
    const child = spawn('pgbench', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const window = PGBENCH_DURATION - 2;
    let first = null;
    let last = null;
    const timers =
      sample && window >= 1
        ? [
            setTimeout(() => (first = postgresCpuUs()), 1000),
            setTimeout(() => (last = postgresCpuUs()), 1000 + window * 1000),
          ]
        : [];
    child.on('error', reject);
    child.on('close', (code) => {
      timers.forEach(clearTimeout);
      if (code !== 0) return reject(new Error(`pgbench exited with ${code}: ${stderr}`));
      const postgresUs = first === null || last === null ? null : last - first;
      resolve({ stdout, postgresUs, seconds: window });
    });
  });
}

/** "; CPU time of the burst: server … ms, PostgreSQL … ms, the 1 000 clients … ms" (bench-storm.mjs). */
const stormCpuText = ({ cpuMs }) =>
  cpuMs.server === null
    ? ''
    : `; CPU time of the burst: server ${fmt(cpuMs.server)} ms, ${cpuMs.postgres === null ? '' : `PostgreSQL ${fmt(cpuMs.postgres)} ms, `}the clients ${fmt(cpuMs.clients)} ms`;

/** "; CPU per request: server … µs, PostgreSQL … µs" for a row that has the figures. */
const cpuText = (r) =>
  r.serverUs === null || r.serverUs === undefined
    ? ''
    : `; CPU per request: server ${fmt(r.serverUs)} µs${r.postgresUs === null ? '' : `, PostgreSQL ${fmt(r.postgresUs)} µs`}`;
const cell = (us) => (us === null || us === undefined ? '' : fmt(us));

/**
 * The read endpoints' CPU per request (medians) against what the machine has: with its cores doing nothing else,
 * the server and database together could serve at most cores / (server + PostgreSQL CPU per request), and the
 * database alone (a server costing nothing) at most cores / PostgreSQL CPU per request (issue 14 §5).
 */
function whereTheTimeGoes(suites, limit) {
  const cores = os.cpus().length;
  const tps = limit?.tps ?? 0;
  const ratio = (rps) => (tps > 0 ? ` = ${(rps / tps).toFixed(3)}×` : '');
  const rows = [];
  let databaseMedian = null;
  for (const { rows: suiteRows } of suites) {
    const reads = suiteRows.filter((r) => r.read && r.serverUs !== null && r.serverUs !== undefined);
    if (reads.length === 0) continue;
    const server = median(reads.map((r) => r.serverUs));
    const pgReads = reads.filter((r) => r.postgresUs !== null && r.postgresUs !== undefined);
    const postgres = pgReads.length === reads.length ? median(pgReads.map((r) => r.postgresUs)) : null;
    // On PGlite the database runs on the server's main thread, beside the request handling: the server's CPU is
    // both, and the process gets near this bound only as far as its other threads (GC, I/O) take part.
    const serving = (cores * 1e6) / (server + (postgres ?? 0));
    rows.push(
      `| ${suiteRows[0].label} | ${fmt(server)} | ${postgres === null ? '(in the server)' : fmt(postgres)} | ${fmt(serving)} req/s${ratio(serving)} | ${postgres === null ? '' : `${fmt((cores * 1e6) / postgres)} req/s${ratio((cores * 1e6) / postgres)}`} |`,
    );
    if (postgres !== null) databaseMedian = postgres;
  }
  if (rows.length === 0) return [];
  const perTx = limit?.postgresUsPerTx;
  return [
    '',
    '## Where the time goes (CPU per request, read endpoints)',
    '',
    `Medians of the read endpoints above. The last two columns are upper bounds from CPU alone, on ${cores} cores doing nothing else (no load generator).`,
    '',
    '| Database | server CPU µs/req | PostgreSQL CPU µs/req | at most, server + database | at most, with a server costing nothing |',
    '|---|---:|---:|---:|---:|',
    ...rows,
    ...(perTx === null || perTx === undefined
      ? []
      : [
          '',
          `pgbench -S: PostgreSQL's processes used ${fmt(perTx)} µs of CPU per transaction${databaseMedian === null ? '' : `; a read endpoint's statements cost PostgreSQL ${fmt(databaseMedian / perTx, 1)}× that`}.`,
        ]),
  ];
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The PDF of the signed-in person's newest invoice (the demo account has some). */
async function firstInvoicePdf(base, auth) {
  const res = await fetch(`${base}/api/invoice?page=1&pagesize=1`, { headers: auth });
  const first = (await res.json()).items?.[0];
  if (!res.ok || !first) throw new Error(`GET /api/invoice answered ${res.status} without an invoice`);
  return `${base}/api/invoice/${first.id}/pdf`;
}

/** Downloads `url` one request after another until stopped: how many, how many failed, p50 of their latency. */
function downloadLoop(url, headers) {
  let stopped = false;
  let failed = 0;
  const latencies = [];
  const running = (async () => {
    while (!stopped) {
      const started = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.ok) latencies.push(performance.now() - started);
      else failed++;
    }
  })();
  return {
    async stop() {
      stopped = true;
      await running;
      return { count: latencies.length, failed, p50: median(latencies) };
    },
  };
}

/** Starts a server, measures the endpoints against it and stops it again. */
async function suite(label, env, fixedRate = false, afterStart = undefined) {
  console.error(`[bench] starting the server (${label}) …`);
  const server = await startServer({
    env: { LOG_LEVEL: 'warn', DB_COUNT_QUERIES: '1', RESPONSE_CHECK: 'false', ...BENCH_KEY_ENV, ...env },
    timeoutMs: 600_000,
  });
  try {
    const extra = afterStart ? await afterStart() : undefined;
    const token = await mintToken(server);
    const auth = { authorization: `Bearer ${token}` };
    const base = server.baseURL;
    const rows = [];
    const listed = endpoints(base, auth).filter(
      ([name]) => ONLY === '' || (ONLY === 'event' && name === 'GET /api/event'),
    );
    // CPU per request: the server process's and, on a PostgreSQL of this machine, the database's.
    const cpu = { pid: server.pid, postgres: Boolean(env.DATABASE_URL) && isLocalDatabase(env.DATABASE_URL) };
    for (const [name, url, headers, read] of listed) {
      console.error(`[bench] ${label}: ${name}: ${DURATION} s, ${CONNECTIONS} connections …`);
      rows.push({ ...(await measure(name, url, headers, closedLoop, cpu)), label, read });
    }
    if (fixedRate && ONLY !== 'storm') {
      // Evenly paced, open loop (scripts/bench-paced.mjs; autocannon's overallRate offers per-second bursts).
      const name = 'GET /api/event at 1 000 req/s offered';
      console.error(`[bench] ${label}: ${name} (evenly paced, open loop) …`);
      const url = `${base}/api/event?page=1&pagesize=25&top=25&orderby=StartTime&orderbytype=ascending`;
      // Twice the duration: one stall of the machine moves a short run's p99 by tens of milliseconds.
      const paced = (u, h) => pacedLoadInChild(u, h, { rate: 1000, seconds: 2 * DURATION });
      rows.push({ ...(await measure(name, url, auth, paced, cpu)), label, read: false, fixed: true });
      // §5, no heavy work on the event loop: the same read at a lower rate while one client downloads invoice
      // PDFs one after another (rendered by the document worker threads, ADR 0036).
      const pdfUrl = await firstInvoicePdf(base, auth);
      const whilePdfs = async (u, h) => {
        const downloads = downloadLoop(pdfUrl, auth);
        try {
          return await pacedLoadInChild(u, h, { rate: 200, seconds: 2 * DURATION });
        } finally {
          Object.assign(pdfRow, { pdfs: await downloads.stop() });
        }
      };
      const pdfRow = { label, read: false, fixed: true };
      const pdfName = 'GET /api/event at 200 req/s offered, while invoice PDFs download one after another';
      console.error(`[bench] ${label}: ${pdfName} …`);
      Object.assign(pdfRow, await measure(pdfName, url, auth, whilePdfs));
      rows.push(pdfRow);
    }
    // The registration storm (issue 14 §4) on PostgreSQL, after the endpoints (it adds 1 000 persons).
    if (env.DATABASE_URL && process.env.BENCH_STORM !== 'off' && ONLY !== 'event') {
      console.error(`[bench] ${label}: registration storm …`);
      const storm = await registrationStorm(env.DATABASE_URL, server);
      return { rows, browser: null, extra, storm };
    }
    // The bundle is the same on both databases: Chromium opens `/` once, on the first (PGlite) server.
    if (label !== 'PGlite') return { rows, browser: null, extra };
    const browser = await browserJs(base).catch((error) => ({
      error: String(error.message ?? error).split('\n')[0],
    }));
    return { rows, browser, extra };
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
    // BENCH_PERSONS: the same database grown by the scale generator (after the server migrated and seeded it).
    const afterStart = PERSONS > 0 ? () => seedScale(url.toString(), PERSONS) : undefined;
    const label = PERSONS > 0 ? `PostgreSQL + ${fmt(PERSONS)} persons` : 'PostgreSQL';
    return await suite(label, { DATABASE_URL: url.toString() }, true, afterStart);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** BENCH_ONLY: one part on a fresh PostgreSQL database, printed only. */
async function onlyPart(pgUrl) {
  const { rows, storm } = await postgresSuite(pgUrl);
  for (const r of rows)
    console.log(
      `${r.name}: ${fmt(r.rps)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, ${r.queries} queries, ${fmt(r.total)} requests, ${r.non2xx} non-2xx, ${r.errors} errors${cpuText(r)}${r.fixed ? `; at most ${r.maxInFlight} in flight, the generator's own longest stall ${fmt(r.generatorMaxDelay, 1)} ms` : ''}${r.pdfs ? `; ${r.pdfs.count} PDFs downloaded meanwhile (p50 ${fmt(r.pdfs.p50)} ms each, ${r.pdfs.failed} failed)` : ''}`,
    );
  if (storm)
    console.log(
      `registration storm, ${fmt(storm.persons)} persons for ${storm.places} + ${storm.waitingPlaces} waiting places: ${fmt(storm.totalMs)} ms until the last answer (p50 ${fmt(storm.p50)} ms, p99 ${fmt(storm.p99)} ms); ${storm.participating} participating + ${storm.waiting} waiting stored, ${storm.overbooked} overbooked; status codes ${JSON.stringify(storm.codes)}${stormCpuText(storm)}; load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
}

async function main() {
  if (ONLY) return onlyPart(process.env.BENCH_DATABASE_URL ?? DEFAULT_PG_URL);
  const pgUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_PG_URL;
  const steal = stealMeter();
  const before = pgUrl === 'off' ? null : await pgbench(pgUrl);
  const pglite = await suite('PGlite', {});
  const suites = [pglite];
  if (before) suites.push(await postgresSuite(pgUrl));
  // The limit again after the endpoints: a stall of the machine during one pgbench run lowers its TPS and would
  // raise every ratio (seen: 1,812 TPS in one run, 20,000–34,000 in the others of the same hour). The higher of
  // the two runs is the limit, so a disturbed run can only make the ratios stricter.
  const after = before ? await pgbench(pgUrl) : null;
  const limit = before && after && after.tps > before.tps ? after : before;
  const stolen = steal();
  const bundle = sizeScript();
  const browser = pglite.browser;
  const lighthouse = await lighthouseAudits();

  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    }).trim();
  } catch {
    // not a git checkout
  }
  const tps = limit?.tps ?? 0;
  const vsLimit = (rps) => (tps > 0 ? `${(rps / tps).toFixed(3)}×` : 'n/a');
  const lines = [
    '# Benchmarks',
    '',
    `Measured by \`npm run bench\` (scripts/bench.mjs) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}:`,
    `Node ${process.version}, ${os.cpus().length} CPU cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), shared by server, database and load generator${stolen === null ? '' : `; the hypervisor took ${fmt(stolen * 100, 1)} % of the machine's CPU time during the run (steal, /proc/stat)`}.`,
    limit
      ? `Physical limit: \`pgbench -S\` (scale 10, ${CONNECTIONS} clients, ${PGBENCH_DURATION} s) on PostgreSQL ${limit.version}, run before and after the endpoints (${fmt(before.tps)} and ${after ? fmt(after.tps) : 'n/a'} TPS), the higher: **${fmt(tps)} TPS** (latency average ${limit.latency} ms)${limit.postgresUsPerTx === null ? '' : `; PostgreSQL's processes used ${fmt(limit.postgresUsPerTx)} µs of CPU per transaction`}.`
      : 'PostgreSQL was not reachable: no pgbench figure, PGlite only.',
    `Server: embedded provider, demo data, LOG_LEVEL=warn, DB_COUNT_QUERIES=1, 127.0.0.1; PGlite${limit ? ', then PostgreSQL (fresh database)' : ''}. autocannon: ${CONNECTIONS} connections,`,
    `${DURATION} s per endpoint after a 1 s warm-up. The access token is signed by the bench with the embedded`,
    "provider's key from DATA_DIR for the demo account (Mia Hoffmann, 2 clubs); the server verifies it like any",
    'provider-issued token. "queries" is the number of statements one request sent (x-db-queries, after the warm-up;',
    'that request alone is counted, the load is not).',
    '"CPU µs/req": CPU time per request during the measured load (scripts/bench-cpu.ts, from /proc) of the server',
    "process (on PGlite the database runs in it) and of the local PostgreSQL's processes.",
    ...suites
      .filter((x) => x.extra)
      .map(
        ({ extra: f }) =>
          `Scale data (BENCH_PERSONS, scripts/seed-scale.mjs, ${fmt(f.seconds, 1)} s): ${fmt(f.persons)} persons, ${fmt(f.clubs)} clubs, ${fmt(f.events)} events, ${fmt(f.registrations)} registrations, ${fmt(f.messages)} messages, ${fmt(f.invoices)} invoices.`,
      ),
    '',
    '| Database | Endpoint | req/s | p50 ms | p99 ms | × pgbench TPS | queries | server CPU µs/req | PostgreSQL CPU µs/req | requests | non-2xx | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...suites.flatMap(({ rows }) =>
      rows.map(
        (r) =>
          `| ${r.label} | ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.fixed ? '' : vsLimit(r.rps)} | ${r.queries ?? ''} | ${cell(r.serverUs)} | ${cell(r.postgresUs)} | ${fmt(r.total)} | ${r.non2xx} | ${r.errors} |`,
      ),
    ),
    '',
    '## Targets (issue 14)',
    '',
    '| Target | Figure | Met |',
    '|---|---|---|',
  ];
  const verdict = (ok) => (ok ? 'yes' : '**no**');
  for (const { rows } of suites) {
    const label = rows[0].label;
    const reads = rows.filter((r) => r.read);
    const med = median(reads.map((r) => r.rps));
    const health = rows.find((r) => r.name === 'GET /healthz');
    const onPostgres = label.startsWith('PostgreSQL');
    const want = onPostgres ? 0.25 : 0.1;
    if (tps > 0) {
      lines.push(
        `| ${label}: median of the read endpoints ≥ ${want}× pgbench TPS | ${fmt(med)} req/s = ${(med / tps).toFixed(3)}× | ${verdict(med / tps >= want)} |`,
      );
      if (onPostgres)
        lines.push(
          `| ${label}: /healthz ≥ 0.6× pgbench TPS | ${fmt(health.rps)} req/s = ${(health.rps / tps).toFixed(3)}× | ${verdict(health.rps / tps >= 0.6)} |`,
        );
    }
    const worst = rows
      .filter((r) => r.name.includes('/api/') && !r.fixed)
      .sort((a, b) => (b.queries ?? 0) - (a.queries ?? 0))[0];
    lines.push(
      `| ${label}: every listed endpoint ≤ 3 queries per request | most: ${worst.queries} (${worst.name}) | ${verdict((worst.queries ?? 99) <= 3)} |`,
    );
    const fixed = rows.find((r) => r.fixed && !r.pdfs);
    if (fixed)
      lines.push(
        `| ${label}: p99 < 50 ms at 1 000 req/s offered (GET /api/event; evenly paced, open loop) | ${fmt(fixed.rps)} req/s served, p50 ${fmt(fixed.p50, 1)} ms, p99 ${fmt(fixed.p99, 1)} ms; at most ${fixed.maxInFlight} in flight; the generator's own longest stall ${fmt(fixed.generatorMaxDelay, 1)} ms | ${verdict(fixed.p99 < 50 && fixed.rps >= 950)} |`,
      );
  }
  for (const row of suites.flatMap((x) => x.rows).filter((r) => r.pdfs)) {
    const { count, failed, p50 } = row.pdfs;
    lines.push(
      `| ${row.label}: no heavy work on the event loop (invoice PDFs render in worker threads, ADR 0036): a read's p99 stays below one PDF's own time | GET /api/event at 200 req/s: p50 ${fmt(row.p50, 1)} ms, p99 ${fmt(row.p99, 1)} ms, while ${fmt(count)} PDFs downloaded one after another (p50 ${fmt(p50)} ms each, ${failed} failed) | ${verdict(count > 0 && failed === 0 && row.p99 < p50)} |`,
    );
  }
  for (const { storm, rows } of suites.filter((x) => x.storm)) {
    const st = storm;
    lines.push(
      `| ${rows[0].label}: registration storm, ${fmt(st.persons)} persons at once for ${st.places} + ${st.waitingPlaces} waiting places: 0 overbooked, 0 × 5xx, all answered within 2 s | ${fmt(st.totalMs)} ms until the last answer (p50 ${fmt(st.p50)} ms, p99 ${fmt(st.p99)} ms); ${st.participating} participating + ${st.waiting} waiting stored, ${st.overbooked} overbooked; status codes ${JSON.stringify(st.codes)}${stormCpuText(st)} | ${verdict(st.overbooked === 0 && st.serverErrors === 0 && st.totalMs <= 2000)} |`,
    );
  }
  const firstPaint = /first paint \(target 170 KB\): ([\d.]+) KB gzip/.exec(bundle.line);
  if (firstPaint)
    lines.push(
      `| Web: the signed-in dashboard's first paint ≤ 170 KB of JavaScript (gzip) | ${firstPaint[1]} KB | ${verdict(Number(firstPaint[1]) <= 170)} |`,
    );
  if (lighthouse?.rows) {
    for (const [page, want] of [
      ['signed out `/`', 95],
      ['signed-in dashboard `/`', 90],
    ]) {
      const scores = lighthouse.rows.filter((r) => r.page === page && r.score !== null).map((r) => r.score);
      if (scores.length === 0) {
        lines.push(
          `| Web: Lighthouse mobile ≥ ${want} on the ${page.replace(' `/`', '')} page (cold cache) | no run finished | **no** |`,
        );
        continue;
      }
      const med = median(scores);
      lines.push(
        `| Web: Lighthouse mobile ≥ ${want} on the ${page.replace(' `/`', '')} page (cold cache) | median ${med} of ${scores.join(', ')} | ${verdict(med >= want)} |`,
      );
    }
  }
  lines.push(...whereTheTimeGoes(suites, limit));
  lines.push(
    '',
    '## Web bundle (signed-out `/`)',
    '',
    `- apps/web/scripts/size.mjs: ${bundle.line}${bundle.ok ? '' : ' (failed)'}`,
  );
  if (browser && 'gzip' in browser) {
    lines.push(
      `- Chromium opening \`/\` signed out fetched ${browser.files} scripts: ${fmt(browser.gzip / 1024, 1)} KB gzip (${fmt(browser.raw / 1024, 1)} KB raw), lazy chunks included.`,
    );
  } else if (browser && 'error' in browser) {
    lines.push(`- Chromium measurement failed: ${browser.error}`);
  }
  lines.push('');
  if (lighthouse?.markdown) lines.push('## Lighthouse', '', lighthouse.markdown, '');
  else if (lighthouse?.error) lines.push('## Lighthouse', '', `Not measured: ${lighthouse.error}`, '');
  const markdown = lines.join('\n');
  console.log(markdown);
  let notes = '';
  try {
    const previous = fs.readFileSync(OUT_FILE, 'utf8');
    const at = previous.indexOf(NOTES_MARKER);
    if (at >= 0) notes = previous.slice(at);
  } catch {
    // first run
  }
  fs.mkdirSync(path.dirname(OUT_FILE), { recursive: true });
  fs.writeFileSync(OUT_FILE, `${markdown}\n${notes || `${NOTES_MARKER}\n`}`);
  console.error(`[bench] written to ${path.relative(process.cwd(), OUT_FILE)}`);
  const failed = suites.some(({ rows }) => rows.some((r) => r.non2xx > 0 || r.errors > 0));
  if (failed) {
    console.error('[bench] some requests failed (see non-2xx / errors).');
    process.exitCode = 1;
  }
}

await main();
