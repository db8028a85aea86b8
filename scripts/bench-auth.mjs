#!/usr/bin/env node
/**
 * npm run bench:auth — what a burst of sign-ups does to everyone else, and whether forgot-password
 * answers known and unknown addresses in the same time.
 *
 * 1. Starts the real server (`node <root>/apps/server/src/main.ts`: PGlite, embedded provider, demo data)
 *    on a free port with a fresh DATA_DIR and a small static web build (one 256 KB script), trusting
 *    X-Forwarded-For from 127.0.0.1 so that each simulated client has its own address.
 *    BENCH_SERVER_ROOT runs another checkout (e.g. the code before a change) with BENCH_TRUST_PROXY.
 * 2. Static file latency: BENCH_STATIC_REQUESTS sequential GETs of the script while idle, then the same
 *    loop while BENCH_SIGNUPS sign-ups (each its own client address and interaction) are posted at once.
 * 3. Forgot-password: BENCH_RESETS requests for a demo account or an unknown address of the same length,
 *    in a shuffled order, each from its own client address; the answer times per group.
 *
 * Prints a markdown report. Load generator and server share the machine's cores: compare the rows of one
 * run with each other, not with other machines.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT } from '../e2e/support/server.ts';

const ROOT = path.resolve(process.env.BENCH_SERVER_ROOT ?? REPO_ROOT);
const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 50);
const STATIC_REQUESTS = Number(process.env.BENCH_STATIC_REQUESTS ?? 200);
const RESETS = Number(process.env.BENCH_RESETS ?? 100);
const TRUST_PROXY = process.env.BENCH_TRUST_PROXY ?? '127.0.0.1';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function start() {
  const port = await freePort();
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'vereinsheim-bench-auth-'));
  const web = path.join(dataDir, 'web');
  await fsp.mkdir(path.join(web, 'assets'), { recursive: true });
  await fsp.writeFile(path.join(web, 'index.html'), '<!doctype html><title>bench</title>');
  await fsp.writeFile(path.join(web, 'assets', 'app.js'), `// ${'x'.repeat(256 * 1024)}\n`);
  const baseURL = `http://127.0.0.1:${port}`;
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'w');
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST: web,
      TRUST_PROXY,
    },
    stdio: ['ignore', log, log],
  });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null)
      throw new Error(`server exited: ${fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8')}`);
    try {
      if ((await fetch(`${baseURL}/readyz`)).ok) break;
    } catch {
      // not yet
    }
    if (i > 600) throw new Error('server not ready');
    await sleep(200);
  }
  return {
    baseURL,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await fsp.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser's interaction: the authorization request's login page, its cookies and form actions. */
async function interaction(baseURL, ip) {
  const headers = { 'x-forwarded-for': ip };
  const params = new URLSearchParams({
    client_id: 'vereinsheim-web',
    response_type: 'code',
    scope: 'openid profile email offline_access',
    redirect_uri: `${baseURL}/signin-oidc`,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 's',
  });
  const res = await fetch(`${baseURL}/oidc/auth?${params}`, { headers, redirect: 'manual' });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const login = new URL(res.headers.get('location'), baseURL).pathname;
  return { cookie, headers: { ...headers, cookie }, signup: `${login}/signup`, forgot: `${login}/forgot` };
}

const form = (values) => ({
  method: 'POST',
  body: new URLSearchParams(values).toString(),
  redirect: 'manual',
});

function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = sorted.reduce((s, t) => s + t, 0) / sorted.length;
  return { n: sorted.length, mean, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) };
}

async function staticLoop(baseURL, until) {
  const times = [];
  for (let i = 0; until ? !until.done : i < STATIC_REQUESTS; i++) {
    const t = performance.now();
    const res = await fetch(`${baseURL}/assets/app.js`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`static file answered ${res.status}`);
    times.push(performance.now() - t);
  }
  return times;
}

async function main() {
  const server = await start();
  const { baseURL } = server;
  try {
    await staticLoop(baseURL); // warm-up
    const idle = stats(await staticLoop(baseURL));

    const flows = [];
    for (let i = 0; i < SIGNUPS; i++) flows.push(await interaction(baseURL, `10.77.${i >> 8}.${i & 255}`));
    const burst = { done: false };
    const started = performance.now();
    const signups = Promise.all(
      flows.map(async (flow, i) => {
        const res = await fetch(`${baseURL}${flow.signup}`, {
          ...form({
            firstName: 'Viele',
            lastName: `Anmeldungen${i}`,
            email: `burst-${Date.now()}-${i}@bench.example`,
            password: 'Kanu-Halle-Ostwind-7',
          }),
          headers: { ...flow.headers, 'content-type': 'application/x-www-form-urlencoded' },
        });
        await res.arrayBuffer();
        return res.status;
      }),
    ).finally(() => {
      burst.done = true;
    });
    const during = stats(await staticLoop(baseURL, burst));
    const statuses = await signups;
    const burstMs = performance.now() - started;
    const byStatus = statuses.reduce((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {});

    const known = [];
    const unknown = [];
    // Known or unknown in a shuffled order (fixed seed); a short pause lets each request's after-answer
    // work end before the next one is timed.
    let seed = 42;
    const coin = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) & 1024) === 0;
    for (let i = 0; i < RESETS; i++) {
      const flow = await interaction(baseURL, `10.88.${i >> 8}.${i & 255}`);
      const isKnown = coin();
      const email = isKnown
        ? 'vorstand@vereinsheim.example'
        : `niemand${String(i).padStart(4, '0')}@vereinsheim.example`;
      await sleep(20);
      const t = performance.now();
      const res = await fetch(`${baseURL}${flow.forgot}`, {
        ...form({ email }),
        headers: { ...flow.headers, 'content-type': 'application/x-www-form-urlencoded' },
      });
      await res.arrayBuffer();
      (isKnown ? known : unknown).push(performance.now() - t);
    }
    const k = stats(known);
    const u = stats(unknown);
    const ms = (n) => n.toFixed(1);
    console.log(
      [
        `# Auth bench (${ROOT === REPO_ROOT ? 'this checkout' : ROOT}), ${new Date().toISOString().slice(0, 16)} UTC`,
        `Node ${process.version}, ${os.cpus().length} cores; PGlite; ${SIGNUPS} sign-ups at once; static file 256 KB.`,
        '',
        '| measurement | n | mean ms | p50 ms | p99 ms | max ms |',
        '|---|---:|---:|---:|---:|---:|',
        `| static file, idle | ${idle.n} | ${ms(idle.mean)} | ${ms(idle.p50)} | ${ms(idle.p99)} | ${ms(idle.max)} |`,
        `| static file, during the sign-up burst | ${during.n} | ${ms(during.mean)} | ${ms(during.p50)} | ${ms(during.p99)} | ${ms(during.max)} |`,
        `| forgot-password, known address | ${k.n} | ${ms(k.mean)} | ${ms(k.p50)} | ${ms(k.p99)} | ${ms(k.max)} |`,
        `| forgot-password, unknown address | ${u.n} | ${ms(u.mean)} | ${ms(u.p50)} | ${ms(u.p99)} | ${ms(u.max)} |`,
        '',
        `Sign-up burst: ${ms(burstMs)} ms for ${SIGNUPS} sign-ups; answers by status: ${JSON.stringify(byStatus)}.`,
        `Forgot-password: median known − unknown = ${ms(k.p50 - u.p50)} ms, mean ${ms(k.mean - u.mean)} ms.`,
      ].join('\n'),
    );
  } finally {
    await server.stop();
  }
}

await main();
