import fs from 'node:fs/promises';
import path from 'node:path';
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

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
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
    const res = await ctx.app.inject('/metrics');
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toMatch(
      /http_requests_total\{method="GET",route="\/api\/tenants\/notenant\/person\/:personId",status_code="401"\} 1/,
    );
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).not.toContain('11111111-1111');
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

  it('sets security headers with a CSP that allows no inline script', async () => {
    const res = await ctx.app.inject('/healthz');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

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
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
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
    '/signin-oidc',
  ])('serves index.html for the spec route %s', async (url) => {
    const res = await web.app.inject({ url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="de">');
    expect(res.headers['cache-control']).toBe('no-cache');
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
  });
});
