#!/usr/bin/env node
/**
 * A/B of the data-access approach (issue 14 §5, ADR 0020): the same server code started twice on the same
 * fresh PostgreSQL database, once with the hot per-request query (the actor's scope) and the hot
 * lists (news, messages, the person's clubs, my registrations) built once as Drizzle prepared statements
 * (DB_PREPARED=1, the default) and once built per call by Drizzle's builder (DB_PREPARED=0).
 * The endpoints are measured alternately, A B A B … (BENCH_AB_ROUNDS rounds, default 3), so that both see the
 * same load from other processes. Besides req/s (noisy on a shared machine) it reports the server process's
 * own CPU time per request (utime + stime from /proc/<pid>/stat), which other processes disturb much less.
 * BENCH_AB=named compares named reads (ADR 0034, the default) with every read sent unnamed (DB_NAMED_READS=0)
 * instead: over HTTP only, and with PostgreSQL's CPU time per request (all `postgres` processes) next to the server's.
 * Usage: node scripts/bench-prepared.mjs  (BENCH_DATABASE_URL, BENCH_DURATION, BENCH_CONNECTIONS as for bench.mjs)
 */
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server.ts';
import { demoId } from '../apps/server/src/seed/ids.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { loadActorScope } from '../apps/server/src/policy/scope.repository.ts';
import { BENCH_KEY_ENV, signAccessToken } from './bench-keys.mjs';
import { postgresCpuUs, processCpuUs } from './bench-cpu.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 3);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAMED = process.env.BENCH_AB === 'named';
const [A, B] = NAMED ? ['named reads', 'unnamed reads'] : ['prepared', 'builder'];

const { default: pg } = await import('pg');
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const name = `vh_ab_${process.pid}`;
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const servers = {};
try {
  // BENCH_AB_FIRST=builder starts the builder's server first (it then migrates and seeds), to check that a
  // difference belongs to the variant and not to which instance came first.
  const order = process.env.BENCH_AB_FIRST === 'builder' ? [B, A] : [A, B];
  for (const variant of order) {
    console.error(`[ab] starting the server (${variant}) …`);
    servers[variant] = await startServer({
      env: {
        LOG_LEVEL: 'warn',
        RESPONSE_CHECK: 'false',
        DATABASE_URL: url.toString(),
        ...(NAMED
          ? { DB_NAMED_READS: variant === A ? '1' : '0' }
          : { DB_PREPARED: variant === A ? '1' : '0' }),
        ...BENCH_KEY_ENV,
      },
      timeoutMs: 600_000,
    });
  }
  // 1. In process, the scope statement alone: CALLS sequential calls per block, blocks alternating, client CPU
  //    (this process: building + pg protocol) and wall time per call.
  const CALLS = Number(process.env.BENCH_AB_CALLS ?? 500);
  const handle = openPostgres(url.toString());
  const micro = [];
  try {
    const person = demoId('person:demo');
    const statements = {
      'actor scope (UNION ALL)': (prepared) => loadActorScope(handle.db, person, prepared),
    };
    for (const [label, call] of NAMED ? [] : Object.entries(statements)) {
      const acc = { prepared: { cpu: 0, wall: 0, n: 0 }, builder: { cpu: 0, wall: 0, n: 0 } };
      for (let i = 0; i < 50; i += 1) await call(i % 2 === 0); // warm-up: JIT, pool, statement prepared
      for (let round = 0; round < ROUNDS * 2; round += 1) {
        for (const variant of round % 2 ? ['builder', 'prepared'] : ['prepared', 'builder']) {
          const cpu0 = process.cpuUsage();
          const t0 = performance.now();
          for (let i = 0; i < CALLS; i += 1) await call(variant === 'prepared');
          const wall = performance.now() - t0;
          const cpu = process.cpuUsage(cpu0);
          acc[variant].cpu += (cpu.user + cpu.system) / 1000;
          acc[variant].wall += wall;
          acc[variant].n += CALLS;
        }
      }
      micro.push({ label, ...acc });
      console.error(`[ab] ${label}: done`);
    }
  } finally {
    await handle.close();
  }

  // 2. Over HTTP: the endpoints, alternating between the two servers.
  //    BENCH_AB_PATHS (comma-separated) measures only those.
  const paths =
    process.env.BENCH_AB_HTTP === 'off'
      ? []
      : process.env.BENCH_AB_PATHS
        ? process.env.BENCH_AB_PATHS.split(',')
        : [
            '/api/me/address',
            '/api/event?page=1&pagesize=25&top=25&orderby=StartTime&orderbytype=ascending',
            '/api/me/tenant/find?page=1&top=200&orderby=name&orderbytype=ascending',
            '/api/me/cms2/blogpost?page=1&pagesize=25&top=25&orderby=CreatedAt&orderbytype=descending',
            '/api/me/event/registrations?page=1&pagesize=25&top=25&orderby=StartTime&orderbytype=ascending',
            '/api/me/messages?page=1&pagesize=3&top=3&unreadOnly=true',
            `/api/tenants/notenant/person/${demoId('person:demo')}`,
          ];
  const results = [];
  for (const p of paths) {
    const acc = { [A]: { req: 0, cpu: 0, pg: 0, secs: 0 }, [B]: { req: 0, cpu: 0, pg: 0, secs: 0 } };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const variant of round % 2 ? [B, A] : [A, B]) {
        const server = servers[variant];
        const headers = {
          authorization: `Bearer ${await signAccessToken(server.baseURL, demoId('account:demo'))}`,
        };
        const probe = await fetch(server.baseURL + p, { headers });
        if (probe.status !== 200) throw new Error(`${variant} ${p}: ${probe.status}`);
        await autocannon({ url: server.baseURL + p, headers, connections: CONNECTIONS, duration: 1 });
        const before = processCpuUs(server.pid) / 1000;
        const pgBefore = postgresCpuUs() / 1000;
        const r = await autocannon({
          url: server.baseURL + p,
          headers,
          connections: CONNECTIONS,
          duration: DURATION,
        });
        acc[variant].cpu += processCpuUs(server.pid) / 1000 - before;
        acc[variant].pg += postgresCpuUs() / 1000 - pgBefore;
        acc[variant].req += r.requests.total;
        acc[variant].secs += DURATION;
        console.error(`[ab] ${p.split('?')[0]} ${variant} round ${round + 1}: ${r.requests.average} req/s`);
      }
    }
    results.push({ path: p.split('?')[0], ...acc });
  }
  const lines = [
    `A/B ${A} vs ${B} (scripts/bench-prepared.mjs): ${ROUNDS} alternating rounds of ${DURATION} s per endpoint and variant, ${CONNECTIONS} connections, PostgreSQL.`,
    '',
    `| Endpoint | ${A} req/s | ${B} req/s | ${A}: server CPU µs/request | ${B}: server CPU µs/request | server CPU saved | ${A}: PostgreSQL CPU µs/request | ${B}: PostgreSQL CPU µs/request |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map((r) => {
      const per = (v, key = 'cpu') => (v[key] * 1000) / Math.max(1, v.req);
      return `| GET ${r.path} | ${Math.round(r[A].req / r[A].secs)} | ${Math.round(r[B].req / r[B].secs)} | ${Math.round(per(r[A]))} | ${Math.round(per(r[B]))} | ${(100 * (1 - per(r[A]) / per(r[B]))).toFixed(1)} % | ${Math.round(per(r[A], 'pg'))} | ${Math.round(per(r[B], 'pg'))} |`;
    }),
  ];
  const us = (v, key) => ((v[key] * 1000) / v.n).toFixed(0);
  if (!NAMED)
    lines.push(
      '',
      `In process (${ROUNDS * 2} alternating blocks of ${CALLS} sequential calls per variant, one pooled connection at a time):`,
      '',
      '| Statement | prepared µs/call (wall) | builder µs/call (wall) | prepared client CPU µs/call | builder client CPU µs/call | client CPU saved |',
      '|---|---:|---:|---:|---:|---:|',
      ...micro.map(
        (m) =>
          `| ${m.label} | ${us(m.prepared, 'wall')} | ${us(m.builder, 'wall')} | ${us(m.prepared, 'cpu')} | ${us(m.builder, 'cpu')} | ${(100 * (1 - m.prepared.cpu / m.builder.cpu)).toFixed(1)} % |`,
      ),
    );
  console.log(lines.join('\n'));
} finally {
  for (const server of Object.values(servers)) await server.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
