/**
 * Schema-aware fuzz of every operation in the app's own OpenAPI document, against the real app on a database
 * seeded with the demo clubs, with valid tokens of seeded persons. Fixed seed, bounded count. Asserts: no request
 * answers 5xx, every refusal is problem+json, and no refused request changed a row (a fingerprint of every table
 * before and after each refusal).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoPersonId, demoTenantId, seedDemoData } from '../../src/seed/demo.ts';
import { demoId } from '../../src/seed/ids.ts';
import { changedTables, databaseFingerprint } from '../db-state.ts';
import { createTestContext, type TestContext } from '../harness.ts';
import { corpusBody } from './corpus.ts';
import {
  badParamArb,
  bodyArb,
  useIdSource,
  valueArb,
  type Body,
  type JsonSchema,
  type Operation,
  type Parameter,
} from './generate.ts';

const SEED = 20_261_117;
/** Requests per operation; about a minute for the whole document on PostgreSQL. */
const PER_OPERATION = Number(process.env.FUZZ_PER_OPERATION ?? 16);

type Who = 'admin' | 'member' | 'none' | 'garbage' | 'expired' | 'disposable';
interface RequestSpec {
  who: Who;
  params: Record<string, string>;
  query: Record<string, unknown>;
  extraQuery: string | null;
  body: Body;
}

let ctx: TestContext;
const logLines: string[] = [];
let operations: Operation[];
let tokens: Record<Exclude<Who, 'none' | 'disposable'>, string>;
let pools: Map<string, string[]>;
let png: Buffer;

beforeAll(async () => {
  ctx = await createTestContext({ LOG_LEVEL: 'error' }, { logStream: { write: (l) => logLines.push(l) } });
  await seedDemoData(ctx.db, { issuer: ctx.config.oidc.issuer, files: ctx.files });
  tokens = {
    admin: await ctx.token(demoId('account:vorstand'), { expiresIn: '1h' }),
    member: await ctx.token(demoId('account:demo'), { expiresIn: '1h' }),
    garbage: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
    expired: await ctx.token(demoId('account:demo'), { expiresIn: Math.floor(Date.now() / 1000) - 3600 }),
  };
  interface DocOperation {
    operationId: string;
    parameters?: Parameter[];
    consumes?: string[];
    requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  }
  const doc = (await ctx.app.inject('/api/docs/json')).json<{
    paths: Record<string, Record<string, DocOperation>>;
  }>();
  operations = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        parameters: op.parameters ?? [],
        jsonBody: content['application/json']?.schema,
        multipart: (op.consumes ?? []).includes('multipart/form-data') || /\/upload$/.test(path),
      });
    }
  }
  pools = await idPools();
  useIdSource((key) => (/^tenantIds?$/.test(key) ? (pools.get('tenants') ?? []) : []));
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
});
afterAll(() => ctx.close());

/** Known ids per table (and subjects, feed tokens), so that generated paths often name real rows. */
async function idPools(): Promise<Map<string, string[]>> {
  const rows = async (query: ReturnType<typeof sql.raw>) =>
    ((await ctx.db.execute(query)) as unknown as { rows: Record<string, string>[] }).rows;
  const columns = await rows(
    sql.raw(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_name in ('id', 'person_id') order by table_name`,
    ),
  );
  const withPerson = new Set(columns.filter((c) => c.column_name === 'person_id').map((c) => c.table_name));
  const admin = demoPersonId('vorstand');
  const map = new Map<string, string[]>();
  for (const { table_name: table } of columns.filter((c) => c.column_name === 'id')) {
    // The admin's own rows first (their items can be changed), then others (whose ids must answer 404).
    const order = withPerson.has(table) ? `(person_id = '${admin}') desc, id::text` : 'id::text';
    const ids = await rows(sql.raw(`select id::text as id from "${table}" order by ${order} limit 30`));
    map.set(
      table!.replace(/_/g, ''),
      ids.map((r) => r.id!),
    );
  }
  map.set(
    '@subject',
    (await rows(sql.raw('select subject from identities order by subject'))).map((r) => r.subject!),
  );
  map.set(
    '@token',
    (await rows(sql.raw('select token from calendar_feeds order by token'))).map((r) => r.token!),
  );
  return map;
}

function poolFor(path: string, name: string): string[] {
  const table = (prefix: string) => {
    const exact = pools.get(`${prefix}s`) ?? pools.get(prefix);
    if (exact) return exact;
    return [...pools.entries()].filter(([t]) => t.startsWith(prefix)).flatMap(([, ids]) => ids);
  };
  if (name === 'subject') return pools.get('@subject') ?? [];
  if (name === 'token') return pools.get('@token') ?? [];
  if (name === 'documentId')
    return [...pools.entries()].filter(([t]) => /document|file/.test(t)).flatMap(([, ids]) => ids);
  if (name !== 'id' && name.endsWith('Id')) return table(name.slice(0, -2).toLowerCase());
  if (name === 'id') {
    const before = path.split('/{id}')[0]!.split('/').pop()!.toLowerCase();
    return table(before);
  }
  return [];
}

const WHO: { weight: number; arbitrary: fc.Arbitrary<Who> }[] = [
  { weight: 12, arbitrary: fc.constant('admin') },
  { weight: 4, arbitrary: fc.constant('member') },
  { weight: 1, arbitrary: fc.constant('none') },
  { weight: 1, arbitrary: fc.constant('garbage') },
  { weight: 1, arbitrary: fc.constant('expired') },
];

function requestArb(op: Operation): fc.Arbitrary<RequestSpec> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const params = Object.fromEntries(
    pathParams.map((p) => {
      const pool = poolFor(op.path, p.name);
      const fitting = pool.length ? fc.constantFrom(...pool) : valueArb(p.schema).map(String);
      return [
        p.name,
        fc.oneof({ weight: 5, arbitrary: fitting }, { weight: 1, arbitrary: badParamArb }),
      ] as const;
    }),
  );
  const query = Object.fromEntries(
    queryParams.map(
      (p) =>
        [
          p.name,
          fc.option(
            fc.oneof({ weight: 3, arbitrary: valueArb(p.schema) }, { weight: 1, arbitrary: badParamArb }),
            { nil: undefined, freq: 2 },
          ),
        ] as const,
    ),
  );
  return fc.record({
    who: fc.oneof(...WHO),
    params: fc.record(params),
    query: fc.record(query),
    extraQuery: fc.option(
      fc.constantFrom(
        'page=1&page=2',
        'unknown=1',
        'page[]=1',
        `keyword=${'k'.repeat(5000)}`,
        '%=%',
        'a=%E0%A4%A',
      ),
      { nil: null, freq: 6 },
    ),
    body: bodyArb(op, png, corpusBody(op.method, op.path, demoTenantId('tsv-gruenwald'))),
  });
}

function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as the bytes a client would send
  }
}

function urlOf(op: Operation, spec: RequestSpec): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => segment(spec.params[name] ?? ''));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(spec.query)) {
    if (value === undefined) continue;
    for (const v of [value].flat()) search.append(key, typeof v === 'string' ? v : JSON.stringify(v));
  }
  const qs = [search.toString(), spec.extraQuery].filter(Boolean).join('&');
  return qs ? `${path}?${qs}` : path;
}

/** Deleting the account ends the person: a disposable one deletes itself, the seeded ones stay. */
const disposable = (op: Operation, who: Who) =>
  op.method === 'DELETE' && op.path === '/api/me' && (who === 'admin' || who === 'member');

async function headersFor(op: Operation, who: Who): Promise<Record<string, string>> {
  if (disposable(op, who)) return ctx.auth(await ctx.createPerson());
  if (who === 'none') return {};
  return { authorization: `Bearer ${tokens[who as keyof typeof tokens]}` };
}

it('answers every generated request below 500, refuses with problem+json and leaves the data alone when it refuses', async () => {
  const statuses = new Map<number, number>();
  const serverErrors: string[] = [];
  const notProblem: string[] = [];
  const changedByRefusal: string[] = [];
  let refused = 0;
  let total = 0;
  let fingerprint: string | null = null;

  for (const [index, op] of operations.entries()) {
    const specs = fc.sample(requestArb(op), { seed: SEED + index, numRuns: PER_OPERATION });
    for (const spec of specs) {
      total += 1;
      const url = urlOf(op, spec);
      const headers = await headersFor(op, spec.who);
      if (disposable(op, spec.who)) fingerprint = null; // the new person is part of the state before
      const { body } = spec;
      let payload: string | Buffer | undefined;
      if (body.kind === 'json') {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body.value) ?? 'null';
      } else if (body.kind === 'raw') {
        headers['content-type'] = body.contentType;
        payload = body.payload;
      }
      fingerprint ??= await databaseFingerprint(ctx.db);
      const started = performance.now();
      const logged = logLines.length;
      const res = await ctx.app.inject({
        method: op.method as 'GET',
        url,
        headers,
        ...(payload !== undefined ? { payload } : {}),
      });
      const what = () =>
        `${op.method} ${url.slice(0, 160)} [${body.label}] as ${spec.who} → ${res.statusCode}`;
      // FUZZ_TRACE=1 prints every request with its status and milliseconds.
      if (process.env.FUZZ_TRACE) console.log(`${what()} in ${Math.round(performance.now() - started)} ms`);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);

      if (res.statusCode >= 500) {
        const err = logLines.slice(logged).join('').slice(0, 600);
        serverErrors.push(`${what()}: ${res.body.slice(0, 200)} ${err}`);
      }
      if (res.statusCode >= 400 && res.statusCode < 500) {
        refused += 1;
        if (!/^application\/problem\+json/.test(String(res.headers['content-type'])))
          notProblem.push(`${what()}: ${String(res.headers['content-type'])} ${res.body.slice(0, 120)}`);
        const after = await databaseFingerprint(ctx.db);
        const changed = changedTables(fingerprint, after);
        if (changed.length) changedByRefusal.push(`${what()}: changed ${changed.join(', ')}`);
        fingerprint = after;
      } else {
        fingerprint = null;
      }
    }
  }

  const histogram = Object.fromEntries([...statuses.entries()].sort(([a], [b]) => a - b));
  console.log(
    `fuzz: ${total} requests over ${operations.length} operations (seed ${SEED}, ${PER_OPERATION} each); ` +
      `status counts ${JSON.stringify(histogram)}; 5xx: ${serverErrors.length}; refused: ${refused}, ` +
      `refusals that changed rows: ${changedByRefusal.length}`,
  );
  expect(operations.length).toBeGreaterThan(100);
  expect(total).toBe(operations.length * PER_OPERATION);
  expect(serverErrors).toEqual([]);
  expect(notProblem).toEqual([]);
  expect(changedByRefusal).toEqual([]);
}, 600_000);
