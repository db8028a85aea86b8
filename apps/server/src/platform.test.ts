import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { generateOpenApi } from './openapi.ts';
import {
  createTestContext,
  openTestDatabase,
  testConfig,
  testKeys,
  type TestContext,
} from '../test/harness.ts';

const METRICS_TOKEN = 'a-metrics-token-of-some-length';
const WEB_PRELOADS = '<link rel="preload" href="/bff/session" as="fetch" crossorigin>';
/** What the dashboard's page adds to the loading screen's (apps/web/vite.config.ts, withFirstScreenPreloaded). */
const FIRST_SCREEN_PRELOAD =
  '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/FirstScreen-abc123.js">';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ METRICS_TOKEN, METRICS_ALLOW: '10.1.0.0/16, 192.0.2.7' });
});
afterAll(() => ctx.close());

describe('operations endpoints', () => {
  it('answers /healthz and /readyz with the database kind', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: ctx.database.kind });
  });

  it('answers 503 problem+json on /readyz when the database is gone', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database, keys: await testKeys() });
    await database.drop();
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    await app.close();
  });

  it('exposes request counts and latency histograms by route pattern in Prometheus text', async () => {
    await ctx.app.inject('/api/tenants/notenant/person/11111111-1111-4111-8111-111111111111');
    const res = await ctx.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(
      /http_requests_total\{method="GET",route="\/api\/tenants\/notenant\/person\/:personId",status_code="401"\} 1/,
    );
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).not.toContain('11111111-1111');
  });

  it('keeps /metrics closed without the token, also to the local machine', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-of-the-same-size-x' }]) {
      const res = await ctx.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('opens /metrics to the addresses of METRICS_ALLOW without the token', async () => {
    for (const remoteAddress of ['10.1.200.3', '192.0.2.7']) {
      const res = await ctx.app.inject({ url: '/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
    for (const remoteAddress of ['10.2.0.1', '192.0.2.8', '127.0.0.1']) {
      const res = await ctx.app.inject({ url: '/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(401);
    }
  });

  it('answers /metrics with 403 when neither a token nor an allow-list is configured', async () => {
    const res = await ctx.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(401);
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database, keys: await testKeys() });
    try {
      const closed = await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(closed.statusCode).toBe(403);
      expect(closed.body).not.toContain('http_requests_total');
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('serves the OpenAPI 3.1 document at /api/docs/json and the UI at /api/docs', async () => {
    const json = await ctx.app.inject('/api/docs/json');
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toBe('3.1.0');
    expect(Object.keys(json.json().paths)).toContain('/api/me/tenant/find');
    const ui = await ctx.app.inject('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('matches the committed openapi.json (run `npm run openapi` after an intended API change)', async () => {
    const committed = await fs.readFile(path.join(import.meta.dirname, '../openapi.json'), 'utf8');
    expect(await generateOpenApi()).toBe(committed);
  });
});

describe('errors are problem+json', () => {
  it('answers an unknown /api route with 404 problem+json, never HTML', async () => {
    const res = await ctx.app.inject({ url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      instance: '/api/nothing-here',
    });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/tenant/find',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });

  it.each([
    [
      'an unknown /api route',
      { url: '/api/nothing-here' },
      404,
      'route.notFound',
      'Unter GET /api/nothing-here gibt es nichts.',
      'There is nothing at GET /api/nothing-here.',
    ],
    [
      'malformed JSON',
      {
        method: 'POST',
        url: '/api/telemetry/track',
        headers: { 'content-type': 'application/json' },
        payload: '{"x',
      },
      400,
      'request.invalidJson',
      'Der Inhalt ist kein gültiges JSON.',
      'The body is not valid JSON.',
    ],
    [
      'an empty JSON body',
      {
        method: 'POST',
        url: '/api/telemetry/track',
        headers: { 'content-type': 'application/json' },
        payload: '',
      },
      400,
      'request.emptyJson',
      'Der Inhalt ist leer, obwohl sein Typ JSON angibt.',
      'The body is empty, but its content type says JSON.',
    ],
    [
      'a content type no route reads',
      {
        method: 'POST',
        url: '/api/telemetry/track',
        headers: { 'content-type': 'application/x-unknown' },
        payload: 'x',
      },
      415,
      'request.mediaType',
      'Dieser Inhaltstyp wird hier nicht angenommen.',
      'This content type is not accepted here.',
    ],
    [
      'an over-long path segment',
      { url: `/api/event/${'a'.repeat(5000)}` },
      414,
      'request.pathTooLong',
      'Ein Teil der Adresse ist zu lang.',
      'A part of the address is too long.',
    ],
  ] as const)(
    'says what is wrong with %s in the reader’s language',
    async (_name, request, status, code, de, en) => {
      for (const [lng, detail] of [
        ['de-DE,de;q=0.9', de],
        ['en-GB,en;q=0.9', en],
      ] as const) {
        const res = await ctx.app.inject({
          ...request,
          headers: { ...('headers' in request ? request.headers : {}), 'accept-language': lng },
        });
        expect(res.statusCode).toBe(status);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json()).toMatchObject({ status, code, detail });
      }
    },
  );

  it('sets security headers with a CSP that allows no inline script', async () => {
    const res = await ctx.app.inject('/healthz');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
    // The web app talks to its own origin only (the server signs in for it).
    expect(csp).toContain("connect-src 'self';");
  });

  it('sends a Permissions-Policy that allows only clipboard writing and fullscreen, on every answer', async () => {
    for (const url of [
      '/healthz',
      '/api/nothing-here',
      `${new URL(ctx.config.oidc.issuer).pathname}/.well-known/openid-configuration`,
    ]) {
      const res = await ctx.app.inject(url);
      const policy = String(res.headers['permissions-policy']);
      expect(policy, url).toContain('camera=()');
      expect(policy).toContain('geolocation=()');
      expect(policy).toContain('microphone=()');
      expect(policy).toContain('payment=()');
      const allowed = policy
        .split(', ')
        .filter((entry) => !entry.endsWith('=()'))
        .sort();
      expect(allowed).toEqual(['clipboard-write=(self)', 'fullscreen=(self)']);
    }
  });
});

const COMPRESS_SCRIPT = path.resolve(import.meta.dirname, '../../web/scripts/compress.mjs');
const BIG_CHUNK = Array.from(
  { length: 400 },
  (_, i) => `export function component${i}(props) { return props.items.map((item) => item.name + ${i}); }\n`,
).join('');

describe('the web app', () => {
  let web: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = path.join(ctx.config.dataDir, 'fake-dist');
    await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="de"><title>Vereinsheim</title></html>',
    );
    // The build's page for the web (apps/web/vite.config.ts): index.html with the start-up's requests preloaded.
    await fs.writeFile(
      path.join(dist, 'index.web.html'),
      `<!doctype html><html lang="de"><title>Vereinsheim</title>${WEB_PRELOADS}</html>`,
    );
    // The build's pages with a screen drawn in (ADR 0052).
    for (const screen of ['signed-out', 'loading'])
      for (const language of ['de', 'en']) {
        await fs.writeFile(
          path.join(dist, `index.${screen}.${language}.html`),
          `<!doctype html><html lang="${language}"><title>Vereinsheim</title>${WEB_PRELOADS}<div id="root" data-prerendered="${screen}"></div></html>`,
        );
        // The loading screen's page that also asks for the dashboard's first screen.
        await fs.writeFile(
          path.join(dist, `index.dashboard.${language}.html`),
          `<!doctype html><html lang="${language}"><title>Vereinsheim</title>${WEB_PRELOADS}${FIRST_SCREEN_PRELOAD}<div id="root" data-prerendered="loading"></div></html>`,
        );
      }
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // A chunk large enough to be compressed by the build's post-build step (the real script runs on it).
    await fs.writeFile(path.join(dist, 'assets', 'shell-def456.js'), BIG_CHUNK);
    execFileSync(process.execPath, [COMPRESS_SCRIPT, dist]);
    web = await createTestContext({ WEB_DIST: dist });
  });
  afterAll(() => web.close());

  it.each([
    '/',
    '/events',
    '/events/42',
    '/profile/phone',
    '/profile/Phone',
    '/validation/profile/7/bank',
    '/signed-out',
  ])('serves index.html for the spec route %s', async (url) => {
    const res = await web.app.inject({ url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="de">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/events/42', '/no-such-page'])(
    'sends %s the page that preloads the session and the configuration',
    async (url) => {
      const res = await web.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.body).toContain(WEB_PRELOADS);
    },
  );

  const SESSION_COOKIE = `__Host-vh_session=${'a'.repeat(43)}; vh_session=${'a'.repeat(43)}`;
  /** Which screen the page has drawn in, and in which language. */
  const drawnIn = (body: string, screen = 'signed-out') =>
    body.includes(`data-prerendered="${screen}"`) ? /<html lang="(\w+)">/.exec(body)?.[1] : null;

  it.each(['none', 'same-origin', 'same-site'])(
    'sends a visitor without a session cookie (Sec-Fetch-Site: %s) the signed-out screen drawn in, German unless the language cookie says English',
    async (site) => {
      for (const [url, cookie, language] of [
        ['/', undefined, 'de'],
        ['/events/42', 'vh_language=en', 'en'],
        ['/', 'vh_language=de', 'de'],
        ['/profile/phone', 'vh_language=fr', 'de'],
        ['/no-such-page', 'vh_language=en', 'en'],
      ] as const) {
        const res = await web.app.inject({
          url,
          headers: { accept: 'text/html', 'sec-fetch-site': site, ...(cookie ? { cookie } : {}) },
        });
        expect(res.statusCode, url).toBe(url === '/no-such-page' ? 404 : 200);
        expect(drawnIn(res.body), `${url} ${cookie}`).toBe(language);
        // Still the page that preloads the start-up's requests: the start-up checks the session behind the screen.
        expect(res.body).toContain(WEB_PRELOADS);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(String(res.headers.vary)).toMatch(/cookie/i);
        expect(String(res.headers.vary)).toMatch(/sec-fetch-site/i);
      }
    },
  );

  it.each<[string, { 'sec-fetch-site'?: string; cookie?: string }]>([
    ['a session cookie', { 'sec-fetch-site': 'none', cookie: SESSION_COOKIE }],
    ['a link from another site (a Strict cookie is not sent)', { 'sec-fetch-site': 'cross-site' }],
    ['no Fetch Metadata', {}],
  ])(
    'sends a request with %s the loading screen drawn in, in the language cookie’s language',
    async (_, headers) => {
      for (const [language, cookie] of [
        ['de', headers.cookie],
        ['en', [headers.cookie, 'vh_language=en'].filter(Boolean).join('; ')],
      ]) {
        const res = await web.app.inject({
          url: '/',
          headers: { accept: 'text/html', ...headers, ...(cookie ? { cookie } : {}) },
        });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(WEB_PRELOADS);
        expect(drawnIn(res.body, 'loading')).toBe(language);
        expect(String(res.headers.vary)).toMatch(/cookie/i);
      }
    },
  );

  it.each([
    ['/', { 'sec-fetch-site': 'none', cookie: SESSION_COOKIE }, true],
    ['/', { 'sec-fetch-site': 'same-origin', cookie: `${SESSION_COOKIE}; vh_language=en` }, true],
    ['/', { cookie: SESSION_COOKIE }, true],
    ['/events', { 'sec-fetch-site': 'none', cookie: SESSION_COOKIE }, false],
    ['/profile/phone', { cookie: SESSION_COOKIE }, false],
    ['/', { 'sec-fetch-site': 'cross-site' }, false],
    ['/', {}, false],
  ] as [string, { 'sec-fetch-site'?: string; cookie?: string }, boolean][])(
    'asks for the first screen’s code with the loading screen only on the dashboard with a session cookie (%s, %o)',
    async (url, headers, preloaded) => {
      const res = await web.app.inject({ url, headers: { accept: 'text/html', ...headers } });
      expect(res.statusCode).toBe(200);
      expect(drawnIn(res.body, 'loading')).toBe(headers.cookie?.includes('vh_language=en') ? 'en' : 'de');
      expect(res.body).toContain(WEB_PRELOADS);
      expect(res.body.includes(FIRST_SCREEN_PRELOAD)).toBe(preloaded);
      expect(String(res.headers.vary)).toMatch(/cookie/i);
    },
  );

  it('sends /signed-out its own page also without a session cookie (it says the sign-out is done)', async () => {
    const res = await web.app.inject({
      url: '/signed-out',
      headers: { accept: 'text/html', 'sec-fetch-site': 'none' },
    });
    expect(res.body).not.toContain('data-prerendered');
  });

  it('sends /signed-out the page without them (it reads no session)', async () => {
    const res = await web.app.inject({ url: '/signed-out', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).not.toContain('rel="preload"');
  });

  it.each([
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])(
    'sends the build’s precompressed copy of a hashed asset for Accept-Encoding %s (%s), smaller and immutable',
    async (acceptEncoding, encoding) => {
      const res = await web.app.inject({
        url: '/assets/shell-def456.js',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.rawPayload.length).toBeLessThan(BIG_CHUNK.length / 4);
      const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(body.toString()).toBe(BIG_CHUNK);
    },
  );

  it('sends the file itself to a client that accepts no compression', async () => {
    const res = await web.app.inject({
      url: '/assets/shell-def456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(BIG_CHUNK);
  });

  it('caches hashed assets for a year', async () => {
    const res = await web.app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown pages with 404 and never falls back for /api or /oidc', async () => {
    expect(
      (await web.app.inject({ url: '/no-such-page', headers: { accept: 'text/html' } })).statusCode,
    ).toBe(404);
    const api = await web.app.inject({ url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(api.headers['content-type']).toMatch(/problem\+json/);
    const oidc = await web.app.inject({ url: '/oidc/unknown-thing', headers: { accept: 'text/html' } });
    expect(String(oidc.headers['content-type'])).not.toMatch(/^text\/html/);
    const bff = await web.app.inject({ url: '/bff/unknown', headers: { accept: 'text/html' } });
    expect(bff.headers['content-type']).toMatch(/problem\+json/);
  });

  it('answers /signin-oidc itself (the sign-in callback), never with the app', async () => {
    const res = await web.app.inject({ url: '/signin-oidc', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/signed-out?signin=failed');
  });
});
