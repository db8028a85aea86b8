import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { MAX_API_PATH_LABELS, normalisePath } from './telemetry.service.ts';

const KEY = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
const METRICS_TOKEN = 'metrics-token-for-the-telemetry-test';
let ctx: TestContext;
let ip = 0;

beforeAll(async () => {
  ctx = await createTestContext({ TELEMETRY_INSTRUMENTATION_KEY: KEY, METRICS_TOKEN });
});
afterAll(() => ctx.close());

/** Each call comes from its own address unless told otherwise, so the rate limit stays out of the way. */
const track = (payload: unknown, options: { remoteAddress?: string; contentType?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/telemetry/track',
    remoteAddress: options.remoteAddress ?? `10.0.${Math.floor(++ip / 250)}.${ip % 250}`,
    headers: { 'content-type': options.contentType ?? 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const metricsText = async () =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
  ).body;

const apiCall = (over: Record<string, unknown> = {}) => ({
  type: 'apiCall',
  method: 'GET',
  path: '/api/me/tenant/find',
  status: 200,
  durationMs: 42,
  bucket: 'fast',
  ...over,
});

describe('POST /api/telemetry/track', () => {
  it('accepts a batch without a token and counts it into /metrics', async () => {
    const res = await track({
      instrumentationKey: KEY,
      events: [
        apiCall(),
        apiCall({
          path: '/api/events/12345',
          status: 503,
          durationMs: 750,
          bucket: 'slow',
          category: 'server_error',
        }),
        apiCall({
          method: 'POST',
          path: `/api/events/${randomUUID()}/registrations`,
          status: null,
          durationMs: 1500,
        }),
        apiCall({ path: '/api/me/mail', status: 404, durationMs: 120 }),
        { type: 'pageView', path: '/events', device: 'mobile', time: new Date().toISOString() },
        { type: 'pageView', path: '/events/99', device: 'desktop' },
      ],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 6 });

    const text = await metricsText();
    expect(text).toContain(
      'web_api_calls_total{category="success",bucket="fast",method="GET",path="/api/me/tenant/find"} 1',
    );
    expect(text).toContain(
      'web_api_calls_total{category="server_error",bucket="slow",method="GET",path="/api/events/{id}"} 1',
    );
    expect(text).toContain(
      'web_api_calls_total{category="network_error",bucket="very_slow",method="POST",path="/api/events/{id}/registrations"} 1',
    );
    expect(text).toContain(
      'web_api_calls_total{category="client_error",bucket="medium",method="GET",path="/api/me/mail"} 1',
    );
    expect(text).toContain('web_page_views_total{path="/events",device="mobile"} 1');
    expect(text).toContain('web_page_views_total{path="/events/{id}",device="desktop"} 1');
  });

  it('derives bucket and category itself instead of trusting the client', async () => {
    const res = await track({
      instrumentationKey: KEY,
      events: [apiCall({ path: '/api/blog', status: 500, durationMs: 5, bucket: 'very_slow' })],
    });
    expect(res.statusCode).toBe(202);
    expect(await metricsText()).toContain(
      'web_api_calls_total{category="server_error",bucket="fast",method="GET",path="/api/blog"} 1',
    );
  });

  it('keeps ids, query strings and foreign page paths out of the labels', async () => {
    const res = await track({
      instrumentationKey: KEY,
      events: [
        apiCall({ path: '/api/invoices/0f1e2d3c4b5a69788796a5b4c3d2e1f0?token=secret-value' }),
        { type: 'pageView', path: '/not-an-app-route/anything', device: 'desktop' },
        { type: 'pageView', path: '/blog?access_token=abc', device: 'desktop' },
      ],
    });
    expect(res.statusCode).toBe(202);
    const text = await metricsText();
    expect(text).toContain('path="/api/invoices/{id}"');
    expect(text).toContain('web_page_views_total{path="other",device="desktop"} 1');
    expect(text).toContain('web_page_views_total{path="/blog",device="desktop"} 1');
    expect(text).not.toContain('secret-value');
    expect(text).not.toContain('not-an-app-route');
    expect(text).not.toContain('access_token');
  });

  it('accepts the text/plain body navigator.sendBeacon sends', async () => {
    const res = await track(
      { instrumentationKey: KEY, events: [{ type: 'pageView', path: '/calendar', device: 'mobile' }] },
      { contentType: 'text/plain;charset=UTF-8' },
    );
    expect(res.statusCode).toBe(202);
    expect(await metricsText()).toContain('web_page_views_total{path="/calendar",device="mobile"} 1');
  });

  it.each([
    ['a missing instrumentation key', { events: [apiCall()] }, 'instrumentationKey'],
    [
      'a key that is no UUID',
      { instrumentationKey: 'not-a-uuid', events: [apiCall()] },
      'instrumentationKey',
    ],
    ['no events', { instrumentationKey: KEY, events: [] }, 'events'],
    [
      'too many events',
      { instrumentationKey: KEY, events: Array.from({ length: 51 }, () => apiCall()) },
      'events',
    ],
    [
      'an unknown event type',
      { instrumentationKey: KEY, events: [{ type: 'click', path: '/' }] },
      'events.0.type',
    ],
    [
      'an unknown method',
      { instrumentationKey: KEY, events: [apiCall({ method: 'BREW' })] },
      'events.0.method',
    ],
    [
      'a negative duration',
      { instrumentationKey: KEY, events: [apiCall({ durationMs: -1 })] },
      'events.0.durationMs',
    ],
    [
      'an impossible status',
      { instrumentationKey: KEY, events: [apiCall({ status: 999 })] },
      'events.0.status',
    ],
    [
      'an overlong path',
      { instrumentationKey: KEY, events: [apiCall({ path: `/api/${'x'.repeat(600)}` })] },
      'events.0.path',
    ],
    [
      'an unknown device',
      { instrumentationKey: KEY, events: [{ type: 'pageView', path: '/', device: 'fridge' }] },
      'events.0.device',
    ],
  ])('answers 400 problem+json for %s', async (_name, body, field) => {
    const res = await track(body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = res.json<{ status: number; errors?: { field: string }[] }>();
    expect(problem.status).toBe(400);
    expect(problem.errors?.map((e) => e.field)).toContain(field);
  });

  it('answers 400 problem+json for a body that is not JSON', async () => {
    for (const contentType of ['application/json', 'text/plain']) {
      const res = await track('{"instrumentationKey":', { contentType });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('answers 403 for a key other than the configured one', async () => {
    const res = await track({ instrumentationKey: randomUUID(), events: [apiCall()] });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers 413 problem+json for a body above 64 KB', async () => {
    const res = await track({
      instrumentationKey: KEY,
      events: [apiCall()],
      padding: 'x'.repeat(70 * 1024),
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 413 });
  });

  it('caps the number of distinct API path labels', async () => {
    const events = Array.from({ length: 50 }, (_, i) =>
      apiCall({ path: `/api/capped-${i}`, method: 'DELETE' }),
    );
    for (let round = 0; round < Math.ceil((MAX_API_PATH_LABELS + 50) / 50); round++) {
      const res = await track({
        instrumentationKey: KEY,
        events: events.map((e) => ({ ...e, path: `${e.path}-${round}` })),
      });
      expect(res.statusCode).toBe(202);
    }
    const text = await metricsText();
    const distinct = new Set(
      text
        .split('\n')
        .filter((line) => line.startsWith('web_api_calls_total{'))
        .map((line) => /path="([^"]*)"/.exec(line)?.[1]),
    );
    expect(distinct.size).toBeLessThanOrEqual(MAX_API_PATH_LABELS + 1);
    expect(distinct).toContain('other');
  });

  it('rate-limits per address with 429 problem+json, other addresses unaffected', async () => {
    const body = { instrumentationKey: KEY, events: [{ type: 'pageView', path: '/', device: 'desktop' }] };
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++)
      statuses.push((await track(body, { remoteAddress: '192.0.2.77' })).statusCode);
    expect(statuses.slice(0, 120).every((s) => s === 202)).toBe(true);
    const limited = await track(body, { remoteAddress: '192.0.2.77' });
    expect(statuses[120]).toBe(429);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(limited.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await track(body, { remoteAddress: '192.0.2.78' })).statusCode).toBe(202);
  });

  it('limits only its own route', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '192.0.2.77' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('normalisePath', () => {
  it.each([
    ['/api/events/123', '/api/events/{id}'],
    ['/api/events/6f1c2e9a-1b2c-4d3e-8f90-a1b2c3d4e5f6/contract', '/api/events/{id}/contract'],
    ['/api/events/{id}', '/api/events/{id}'],
    ['/api/me/mail?page=1&top=200', '/api/me/mail'],
    ['http://127.0.0.1:3000/api/me/phone#x', '/api/me/phone'],
    ['/', '/'],
    ['/events/', '/events'],
    ['/api/b2c/person/abcdefabcdefabcdefab', '/api/b2c/person/{id}'],
  ])('%s → %s', (input, expected) => {
    expect(normalisePath(input)).toBe(expected);
  });

  it.each(['events', '/api//me', '/api/<script>', '/a/b/c/d/e/f/g/h/i/j/k/l/m/n', '/api/über'])(
    'refuses %s',
    (input) => {
      expect(normalisePath(input)).toBeNull();
    },
  );
});
