/**
 * Request generation for the schema-aware fuzz: fast-check arbitraries derived from the OpenAPI document's JSON
 * Schemas (values that fit), and mutations that do not (wrong types, missing and extra fields, 1 MB strings, deep
 * JSON, NUL and odd Unicode, huge numbers, invalid dates, wrong content types, oversized and malformed bodies).
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: Parameter[];
  jsonBody?: JsonSchema;
  multipart: boolean;
}

/** What goes over the wire: a body is either absent, a JSON value, or raw bytes with their content type. */
export type Body =
  | { kind: 'none'; label: string }
  | { kind: 'json'; value: unknown; label: string }
  | { kind: 'raw'; contentType: string; payload: string | Buffer; label: string };

const ONE_MB = 1024 * 1024;

// ------------------------------------------------------------------------------------------ values that fit

/** Known ids for a property name (`tenantId`, `tenantIds`, …), so that generated bodies often name real rows. */
let idsFor: (key: string) => string[] = () => [];
export function useIdSource(source: (key: string) => string[]): void {
  idsFor = source;
}

function patternArb(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return null;
  }
}

const isoDate = (d: Date) => d.toISOString();
const dateArb = fc.date({ min: new Date('1930-01-01'), max: new Date('2040-12-31'), noInvalidDate: true });

/** Values that satisfy the schema (bounded sizes), as fast-check arbitraries. */
export function valueArb(schema: JsonSchema | undefined, depth = 0, key = ''): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 1 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valueArb(s, depth + 1, key)));
  if (schema.allOf?.length) return valueArb(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1, key);
  const types: string[] = [schema.type ?? (schema.properties ? 'object' : 'any')].flat();
  if (types.length > 1)
    return fc.oneof(...types.map((type) => valueArb({ ...schema, type }, depth + 1, key)));
  switch (types[0] ?? 'any') {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -1_000_000),
        max: Math.min(schema.maximum ?? 1000, 1_000_000),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1000,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 1000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string':
      return stringArb(schema, key);
    case 'array': {
      const min = schema.minItems ?? 0;
      return fc.array(valueArb(schema.items, depth + 1, key), {
        minLength: min,
        maxLength: Math.max(min, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, valueArb(s, depth + 1, k)]));
      return fc.record(model, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function stringArb(schema: JsonSchema, key: string): fc.Arbitrary<string> {
  const format = typeof schema.format === 'string' ? schema.format : undefined;
  const known = idsFor(key);
  if (known.length && (format === 'uuid' || /Ids?$/.test(key)))
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fc.uuid() });
  if (format === 'uuid') return fc.uuid();
  if (format === 'date-time') return dateArb.map(isoDate);
  if (format === 'date') return dateArb.map((d) => isoDate(d).slice(0, 10));
  if (format === 'email') return fc.emailAddress();
  if (format === 'uri') return fc.webUrl();
  if (schema.pattern) {
    const matching = patternArb(schema.pattern);
    // Fitted to the length bounds by repeating or cutting (a filter could reject nearly every sample).
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? Infinity;
    if (matching)
      return matching.map((s) =>
        (s.length < min && s ? s.repeat(Math.ceil(min / s.length)) : s).slice(0, max),
      );
  }
  const min = schema.minLength ?? 0;
  return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(schema.maxLength ?? 40, 40)) });
}

// ------------------------------------------------------------------------------------------ values that do not

/** Text no column can hold, and Unicode that is valid but odd. */
export const ODD_TEXTS = [
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\u202Eevil\u202C',
  'zero\u200Bwidth',
  '🚣‍♀️🏳️‍🌈',
  'e\u0301\u0301\u0301',
  'line\u2028sep',
  '\uFEFFbom',
  'ÄÖÜß€',
  '𝕏'.repeat(30),
  "'; DROP TABLE persons; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '',
  ' ',
];

export const INVALID_DATES = [
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31T25:61:61Z',
  '2026-02-29T00:00:00Z',
  '1899-12-31',
  '31.12.2026',
  'yesterday',
  '+275760-09-13T00:00:00.001Z',
  '2026-06-01T12:00:00+25:00',
];

const HUGE_NUMBERS: unknown[] = [
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  5e-324,
  -0,
  2 ** 31,
  2 ** 63,
  0.1 + 0.2,
];

/** A value of some other type than the one expected. */
const wrongValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, '', 'x', [], {}, [null], { a: 1 }, '1', 'true'),
  fc.constantFrom(...HUGE_NUMBERS),
  fc.constantFrom(...ODD_TEXTS),
  fc.constantFrom(...INVALID_DATES),
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** Nested arrays or objects as JSON text (built as text: JSON.stringify itself recurses). */
function deepJson(levels: number, asObject: boolean): string {
  return asObject
    ? '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)
    : '['.repeat(levels) + '1' + ']'.repeat(levels);
}

type Mutation = (value: unknown, required: string[]) => Body;

const keysOf = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
const withKey = (value: unknown, key: string, inner: unknown) => ({
  ...(value && typeof value === 'object' && !Array.isArray(value) ? value : {}),
  [key]: inner,
});
const pick = <T>(items: T[], index: number): T | undefined =>
  items.length ? items[index % items.length] : undefined;

/** One mutation of a fitting value: the arbitrary yields a function applied to the value. */
export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.nat().map<Mutation>((i) => (v, required) => {
    const key = pick(required.length ? required : keysOf(v), i);
    if (!key) return { kind: 'json', value: v, label: 'missing field (none)' };
    const copy = { ...(v as Record<string, unknown>) };
    delete copy[key];
    return { kind: 'json', value: copy, label: `missing ${key}` };
  }),
  fc
    .tuple(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }))
    .map<Mutation>(([key, extra]) => (v) => ({
      kind: 'json',
      value: withKey(v, key || 'extra', extra),
      label: 'extra field',
    })),
  fc.tuple(fc.nat(), wrongValueArb).map<Mutation>(([i, wrong]) => (v) => {
    const key = pick(keysOf(v), i);
    return key
      ? { kind: 'json', value: withKey(v, key, wrong), label: `wrong type in ${key}` }
      : { kind: 'json', value: wrong, label: 'wrong type body' };
  }),
  fc.tuple(fc.nat(), fc.constantFrom('x', 'ü', '\u0000')).map<Mutation>(([i, unit]) => (v) => {
    const key = pick(keysOf(v), i) ?? 'text';
    // 'x': 1 MB, under the body limit once quoted? no: 1 MB + JSON overhead; 'ü': 2 MB; both also probe 413.
    const size = unit === 'x' ? ONE_MB - 200 : ONE_MB / 2;
    return { kind: 'json', value: withKey(v, key, unit.repeat(size)), label: `1 MB string in ${key}` };
  }),
  fc
    .tuple(fc.nat(), fc.constantFrom(64, 1000, 20_000), fc.boolean())
    .map<Mutation>(([i, levels, asObject]) => (v) => {
      const key = pick(keysOf(v), i);
      const nested = deepJson(levels, asObject);
      const payload = key
        ? JSON.stringify(withKey(v, key, '__DEEP__')).replace('"__DEEP__"', nested)
        : nested;
      return {
        kind: 'raw',
        contentType: 'application/json',
        payload,
        label: `deep JSON (${levels}) ${key ? `in ${key}` : 'body'}`,
      };
    }),
  fc.tuple(fc.nat(), fc.constantFrom(...ODD_TEXTS)).map<Mutation>(([i, text]) => (v) => {
    const key = pick(keysOf(v), i) ?? 'text';
    return { kind: 'json', value: withKey(v, key, text), label: `odd text in ${key}` };
  }),
  fc
    .tuple(fc.nat(), fc.constantFrom('1e400', '-1e400', '123456789012345678901234567890', '0.0000001e-400'))
    .map<Mutation>(([i, literal]) => (v) => {
      const key = pick(keysOf(v), i) ?? 'n';
      const text = JSON.stringify(withKey(v, key, '__HUGE__')).replace('"__HUGE__"', literal);
      return { kind: 'raw', contentType: 'application/json', payload: text, label: `huge number in ${key}` };
    }),
  fc.tuple(fc.nat(), fc.constantFrom(...HUGE_NUMBERS)).map<Mutation>(([i, n]) => (v) => {
    const key = pick(keysOf(v), i) ?? 'n';
    return { kind: 'json', value: withKey(v, key, n), label: `extreme number in ${key}` };
  }),
  fc.tuple(fc.nat(), fc.constantFrom(...INVALID_DATES)).map<Mutation>(([i, date]) => (v) => {
    const keys = keysOf(v);
    const dateKeys = keys.filter((k) => /date|from|till|start|end|at$|valid|birth/i.test(k));
    const key = pick(dateKeys.length ? dateKeys : keys, i) ?? 'date';
    return { kind: 'json', value: withKey(v, key, date), label: `invalid date in ${key}` };
  }),
  fc
    .constantFrom(
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=----x',
      'application/json; charset=utf-16',
      'application/octet-stream',
      'application/vnd.api+json',
    )
    .map<Mutation>((contentType) => (v) => ({
      kind: 'raw',
      contentType,
      payload: JSON.stringify(v) ?? '',
      label: `content type ${contentType}`,
    })),
  fc
    .constantFrom(
      '{"broken',
      '{"a":1,}',
      '\uFEFF{}',
      'NaN',
      'null',
      '[]',
      '"text"',
      '0',
      '',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '\u0000',
    )
    .map<Mutation>((payload) => () => ({
      kind: 'raw',
      contentType: 'application/json',
      payload,
      label: `malformed body ${JSON.stringify(payload).slice(0, 30)}`,
    })),
  fc.constant<Mutation>(() => ({
    kind: 'raw',
    contentType: 'application/json',
    payload: `{"a":"${'x'.repeat(ONE_MB + 1024)}"}`,
    label: 'oversized body',
  })),
);

/** Path and query values that do not fit. */
export const badParamArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '00000000-0000-0000-0000-000000000000',
    'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
    '..',
    'null',
    'undefined',
    'a'.repeat(101),
    '9'.repeat(40),
    '1e400',
    "' OR 1=1 --",
    '<script>',
    'ä',
    ' ',
    '%',
    'a/b',
  ),
  fc.constantFrom(...ODD_TEXTS.filter(Boolean)),
  fc.constantFrom(...INVALID_DATES),
  fc.uuid(),
  fc.string({ unit: 'binary', maxLength: 16 }),
);

/** A multipart body: a small valid image, or one broken in some way. */
export function multipartArb(png: Buffer): fc.Arbitrary<Body> {
  const part = (boundary: string, body: Buffer | string, name = 'file', type = 'image/png') =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      Buffer.isBuffer(body) ? body : Buffer.from(body),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  return fc.oneof(
    fc.constant<Body>({
      kind: 'raw',
      contentType: 'multipart/form-data; boundary=B0',
      payload: part('B0', png),
      label: 'valid image upload',
    }),
    fc.constant<Body>({
      kind: 'raw',
      contentType: 'multipart/form-data',
      payload: part('B0', png),
      label: 'multipart without boundary',
    }),
    fc.constant<Body>({
      kind: 'raw',
      contentType: 'multipart/form-data; boundary=OTHER',
      payload: part('B0', png),
      label: 'multipart with a wrong boundary',
    }),
    fc.constant<Body>({
      kind: 'raw',
      contentType: 'multipart/form-data; boundary=B0',
      payload: part('B0', png).subarray(0, 120),
      label: 'truncated multipart',
    }),
    fc.constant<Body>({
      kind: 'raw',
      contentType: 'multipart/form-data; boundary=B0',
      payload: part('B0', 'not an image at all'),
      label: 'multipart with text as image',
    }),
    fc.constant<Body>({
      kind: 'raw',
      contentType: 'multipart/form-data; boundary=B0',
      payload: part('B0', png, 'other'),
      label: 'multipart with another field name',
    }),
    fc.uint8Array({ maxLength: 300 }).map<Body>((bytes) => ({
      kind: 'raw',
      contentType: 'multipart/form-data; boundary=B0',
      payload: Buffer.from(bytes),
      label: 'random bytes as multipart',
    })),
    fc.constant<Body>({ kind: 'json', value: { file: 'x' }, label: 'JSON instead of multipart' }),
    fc.constant<Body>({ kind: 'none', label: 'no body' }),
  );
}

/** The body of one request: fitting, mutated, or (without a schema) something anyway. */
export function bodyArb(op: Operation, png: Buffer, accepted?: unknown): fc.Arbitrary<Body> {
  if (op.multipart) return multipartArb(png);
  if (!op.jsonBody) {
    if (op.method === 'GET') return fc.constant<Body>({ kind: 'none', label: 'no body' });
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant<Body>({ kind: 'none', label: 'no body' }) },
      {
        weight: 1,
        arbitrary: fc
          .jsonValue({ maxDepth: 2 })
          .map<Body>((value) => ({ kind: 'json', value, label: 'stray JSON' })),
      },
      { weight: 1, arbitrary: mutationArb.map((m) => m({}, [])) },
    );
  }
  const schema = op.jsonBody;
  const required = schema.required ?? [];
  const generated = valueArb(schema);
  const corpus = accepted === undefined ? null : fc.constant(accepted);
  const arms: fc.WeightedArbitrary<Body>[] = [
    {
      weight: 2,
      arbitrary: generated.map<Body>((value) => ({ kind: 'json', value, label: 'fitting body' })),
    },
    {
      weight: 3,
      arbitrary: fc.tuple(generated, mutationArb).map(([value, mutate]) => mutate(value, required)),
    },
  ];
  if (corpus)
    arms.push(
      {
        weight: 1,
        arbitrary: corpus.map<Body>((value) => ({ kind: 'json', value, label: 'accepted body' })),
      },
      {
        // One string of an accepted body replaced by odd text: only the text itself can be refused.
        weight: 4,
        arbitrary: fc.tuple(corpus, fc.nat(), fc.constantFrom(...ODD_TEXTS)).map<Body>(([value, i, text]) => {
          const strings = keysOf(value).filter(
            (k) => typeof (value as Record<string, unknown>)[k] === 'string',
          );
          const key = pick(strings, i) ?? 'text';
          return {
            kind: 'json',
            value: withKey(value, key, text),
            label: `accepted body, odd text in ${key}`,
          };
        }),
      },
      {
        weight: 4,
        arbitrary: fc.tuple(corpus, mutationArb).map(([value, mutate]) => {
          const body = mutate(value, required);
          return { ...body, label: `accepted body, ${body.label}` };
        }),
      },
    );
  return fc.oneof(...arms);
}
