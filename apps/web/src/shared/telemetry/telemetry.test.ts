import { afterEach, describe, expect, it, vi } from 'vitest';
import { TelemetryBatchSchema, type TelemetryBatch } from '@vereinsheim/contracts/telemetry';
import { createTelemetry, type Telemetry, type TelemetryDeps } from './telemetry.ts';

const KEY = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
const ENDPOINT = 'http://127.0.0.1:3000/api/telemetry/track';

interface Harness {
  telemetry: Telemetry;
  sent: { endpoint: string; batch: TelemetryBatch; beacon: boolean }[];
  clock: { t: number };
  runTimer(): void;
  timers: (() => void)[];
}

let current: Telemetry | null = null;
afterEach(() => {
  current?.dispose();
  current = null;
});

function setup(
  config: { instrumentationKey?: string | null; samplingPercent?: number } = {},
  deps: Partial<TelemetryDeps> = {},
): Harness {
  const sent: Harness['sent'] = [];
  const clock = { t: 1000 };
  const timers: (() => void)[] = [];
  const telemetry = createTelemetry(
    {
      endpoint: ENDPOINT,
      instrumentationKey: 'instrumentationKey' in config ? config.instrumentationKey : KEY,
      samplingPercent: config.samplingPercent,
    },
    {
      send: (endpoint, body, beacon) => {
        // What leaves the browser must be what the server accepts.
        sent.push({ endpoint, batch: TelemetryBatchSchema.parse(JSON.parse(body)), beacon });
      },
      now: () => clock.t,
      random: () => 0.5,
      viewportWidth: () => 1280,
      currentPath: () => '/events/17',
      setTimer: (fn) => {
        timers.push(fn);
        return timers.length;
      },
      clearTimer: () => {
        timers.length = 0;
      },
      ...deps,
    },
  );
  current = telemetry;
  return {
    telemetry,
    sent,
    clock,
    timers,
    runTimer: () => {
      const fn = timers.shift();
      fn?.();
    },
  };
}

const events = (h: Harness) => h.sent.flatMap((s) => s.batch.events);

describe('createTelemetry', () => {
  it.each([null, undefined, '', 'not-a-uuid', 'abc-123'])('stays off for the key %j', async (key) => {
    const h = setup({ instrumentationKey: key });
    expect(h.telemetry.enabled).toBe(false);
    h.telemetry.trackPageView('/events');
    await expect(h.telemetry.trackApiCall({ method: 'GET', url: '/api/x' }, async () => 7)).resolves.toBe(7);
    const boom = new Error('boom');
    await expect(
      h.telemetry.trackApiCall({ method: 'GET', url: '/api/x' }, () => Promise.reject(boom)),
    ).rejects.toBe(boom);
    h.telemetry.flush();
    expect(h.sent).toEqual([]);
  });

  it('records a successful call with its status, bucket and redacted URL', async () => {
    const h = setup();
    const response = new Response('{}', { status: 200 });
    const result = await h.telemetry.trackApiCall(
      { method: 'get', url: 'http://127.0.0.1:3000/api/events/42?access_token=abc&page=1' },
      async () => {
        h.clock.t += 250;
        return response;
      },
    );
    expect(result).toBe(response);
    h.telemetry.flush();
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]!.endpoint).toBe(ENDPOINT);
    expect(h.sent[0]!.batch.instrumentationKey).toBe(KEY);
    expect(events(h)).toEqual([
      expect.objectContaining({
        type: 'apiCall',
        method: 'GET',
        path: '/api/events/{id}',
        url: '/api/events/{id}?access_token=REDACTED&page=1',
        status: 200,
        durationMs: 250,
        bucket: 'medium',
      }),
    ]);
    expect(events(h)[0]).not.toHaveProperty('category');
    expect(JSON.stringify(h.sent)).not.toContain('abc');
  });

  it.each([
    ['a 503', Object.assign(new Error('down'), { status: 503 }), 503, 'server_error'],
    ['a 404', Object.assign(new Error('missing'), { status: 404 }), 404, 'client_error'],
    ['no response', new TypeError('Failed to fetch'), null, 'network_error'],
  ])('reports %s with its category and re-raises the same error', async (_name, error, status, category) => {
    const h = setup();
    await expect(
      h.telemetry.trackApiCall({ method: 'POST', url: '/api/events/7/registrations' }, async () => {
        h.clock.t += 1200;
        throw error;
      }),
    ).rejects.toBe(error);
    h.telemetry.flush();
    expect(events(h)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/events/{id}/registrations',
        status,
        category,
        bucket: 'very_slow',
      }),
    ]);
  });

  it('reportApiFailure reports and throws the error it was given', () => {
    const h = setup();
    const error = Object.assign(new Error('teapot'), { status: 418 });
    expect(() =>
      h.telemetry.reportApiFailure(error, { method: 'DELETE', url: '/api/me/phone/3', durationMs: 30 }),
    ).toThrow(error);
    h.telemetry.flush();
    expect(events(h)).toEqual([
      expect.objectContaining({ status: 418, category: 'client_error', bucket: 'fast' }),
    ]);
  });

  it('observes calls the API client has finished (no status: network error)', () => {
    const h = setup();
    h.telemetry.observeApiCall({
      method: 'GET',
      url: '/api/me/mail?page=1&top=200',
      status: 200,
      durationMs: 80,
    });
    h.telemetry.observeApiCall({ method: 'GET', url: '/api/me/phone', status: undefined, durationMs: 5000 });
    h.telemetry.flush();
    expect(events(h)).toEqual([
      expect.objectContaining({ path: '/api/me/mail', status: 200, bucket: 'fast' }),
      expect.objectContaining({
        path: '/api/me/phone',
        status: null,
        category: 'network_error',
        bucket: 'very_slow',
      }),
    ]);
  });

  it('tracks page views with the 768 px mobile rule and without the query string', () => {
    const h = setup();
    h.telemetry.trackPageView('/signin-oidc?code=abc&state=xyz', 768);
    h.telemetry.trackPageView('/blog', 769);
    h.telemetry.trackPageView();
    h.telemetry.flush();
    expect(events(h)).toEqual([
      expect.objectContaining({ type: 'pageView', path: '/signin-oidc', device: 'mobile' }),
      expect.objectContaining({ type: 'pageView', path: '/blog', device: 'desktop' }),
      expect.objectContaining({ type: 'pageView', path: '/events/{id}', device: 'desktop' }),
    ]);
    expect(JSON.stringify(h.sent)).not.toContain('code=');
  });

  it('batches: one send after the interval, at once when 50 events are queued', () => {
    const h = setup();
    h.telemetry.trackPageView('/a');
    h.telemetry.trackPageView('/b');
    expect(h.sent).toHaveLength(0);
    h.runTimer();
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]!.batch.events).toHaveLength(2);
    for (let i = 0; i < 50; i++) h.telemetry.trackPageView('/c');
    expect(h.sent).toHaveLength(2);
    expect(h.sent[1]!.batch.events).toHaveLength(50);
  });

  it('sends what is queued by beacon when the page is hidden', () => {
    const h = setup();
    h.telemetry.trackPageView('/clubs');
    window.dispatchEvent(new Event('pagehide'));
    expect(h.sent).toEqual([expect.objectContaining({ beacon: true })]);
  });

  it('samples at 100 % by default and drops everything at 0 %', () => {
    const all = setup({}, { random: () => 0.999 });
    all.telemetry.trackPageView('/x');
    all.telemetry.flush();
    expect(events(all)).toHaveLength(1);
    const none = setup({ samplingPercent: 0 });
    none.telemetry.trackPageView('/x');
    none.telemetry.flush();
    expect(none.sent).toEqual([]);
  });

  it('never lets a failing transport break the app', async () => {
    const send = vi.fn(() => {
      throw new Error('offline');
    });
    const h = setup({}, { send });
    h.telemetry.trackPageView('/x');
    expect(() => h.telemetry.flush()).not.toThrow();
    await expect(h.telemetry.trackApiCall({ method: 'GET', url: '/api/y' }, async () => 'ok')).resolves.toBe(
      'ok',
    );
  });
});
