#!/usr/bin/env node
/**
 * The response serializer alone (issue 14 §5, ADR 0041): for the answers of the bench's read endpoints, the time
 * per answer of the Zod contract's encode + JSON.stringify (fastify-type-provider-zod's serializer, used before
 * ADR 0041) against the compiled serializer (plugins/response-serializer.ts, fast-json-stringify), and a plain
 * JSON.stringify of the same object as the floor. The answers are real: a server on demo data (PostgreSQL when
 * reachable, else PGlite) is asked once per endpoint; the schemas are the routes' own, collected from the app.
 * Both serializers must write the same JSON, or the script fails.
 * Usage: npm run bench:serializer  (BENCH_DATABASE_URL=off: PGlite)
 */
import { encode } from 'zod/v4/core';
import { startServer } from '../e2e/support/server.ts';
import { responseSerializerCompiler } from '../apps/server/src/plugins/response-serializer.ts';
import { withSchemaOnlyApp } from '../apps/server/src/schema-app.ts';
import { demoId } from '../apps/server/src/seed/ids.ts';
import { BENCH_KEY_ENV, signAccessToken } from './bench-keys.mjs';

const ENDPOINTS = [
  ['GET /api/me/tenant/find', '/api/me/tenant/find', '?page=1&top=200&orderby=name&orderbytype=ascending'],
  ['GET /api/event', '/api/event', '?page=1&pagesize=25&top=25&orderby=StartTime&orderbytype=ascending'],
  [
    'GET /api/me/cms2/blogpost',
    '/api/me/cms2/blogpost',
    '?page=1&pagesize=25&top=25&orderby=CreatedAt&orderbytype=descending',
  ],
  ['GET /api/me/address', '/api/me/address', ''],
  [
    'GET /api/me/event/registrations',
    '/api/me/event/registrations',
    '?page=1&pagesize=25&top=25&includeCancelled=true',
  ],
  ['GET /api/me/messages (3 unread)', '/api/me/messages', '?page=1&pagesize=3&top=3&unreadOnly=true'],
];

/** The response schema of each GET route (status 200), from the app's route table (schema-app.ts). */
async function routeSchemas() {
  const routes = await withSchemaOnlyApp(async (_app, registered) => registered);
  return new Map(
    routes
      .filter((route) => route.method === 'GET' && route.schema?.response?.[200])
      .map((route) => [route.url, route.schema.response[200]]),
  );
}

async function answers() {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let db;
  if (pgUrl !== 'off') {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: pgUrl });
    try {
      await admin.connect();
      const name = `vh_bench_serializer_${process.pid}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      db = {
        url: url.toString(),
        drop: async () => {
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await admin.end();
        },
      };
    } catch {
      await admin.end().catch(() => {});
    }
  }
  const server = await startServer({
    env: {
      LOG_LEVEL: 'warn',
      RESPONSE_CHECK: 'false',
      ...BENCH_KEY_ENV,
      ...(db ? { DATABASE_URL: db.url } : {}),
    },
    timeoutMs: 600_000,
  });
  try {
    const token = await signAccessToken(server.baseURL, demoId('account:demo'));
    const out = [];
    for (const [name, route, query] of ENDPOINTS) {
      const res = await fetch(`${server.baseURL}${route}${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`${name} answered ${res.status}`);
      out.push({ name, route, body: await res.json() });
    }
    return { answers: out, database: db ? 'PostgreSQL' : 'PGlite' };
  } finally {
    await server.stop();
    await db?.drop();
  }
}

function perCallMicros(fn, iterations) {
  for (let i = 0; i < iterations / 10; i++) fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn();
  return Number(process.hrtime.bigint() - start) / iterations / 1000;
}

const schemas = await routeSchemas();
const { answers: list, database } = await answers();
console.log(
  `Answers from demo data on ${database}; µs per answer (median of 5 runs), Node ${process.version}.\n`,
);
console.log('| Endpoint | bytes | Zod encode + JSON.stringify | compiled | × | JSON.stringify alone |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const { name, route, body } of list) {
  const schema = schemas.get(route);
  if (!schema) throw new Error(`no response schema for GET ${route}`);
  const compiled = responseSerializerCompiler({ check: false })({ schema, method: 'GET', url: route });
  const zod = () => JSON.stringify(encode(schema, body));
  if (compiled(body) !== zod())
    throw new Error(`${name}: the compiled serializer wrote other JSON than the contract`);
  const iterations = Math.max(2000, Math.round(2_000_000 / zod().length));
  const median = (fn) => {
    const runs = Array.from({ length: 5 }, () => perCallMicros(fn, iterations)).sort((a, b) => a - b);
    return runs[2];
  };
  const z = median(zod);
  const c = median(() => compiled(body));
  const plain = median(() => JSON.stringify(body));
  console.log(
    `| ${name} | ${zod().length.toLocaleString('en')} | ${z.toFixed(1)} | ${c.toFixed(1)} | ${(z / c).toFixed(2)}× | ${plain.toFixed(1)} |`,
  );
}
