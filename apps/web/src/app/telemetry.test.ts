import { PersonClaimsSchema } from '@vereinsheim/contracts/person';
import { TelemetryBatchSchema, type TelemetryBatch } from '@vereinsheim/contracts/telemetry';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORIGIN, testAppConfig, testPersonClaims } from '../test/fixtures.ts';
import { server } from '../test/msw-server.ts';
import { apiGet, configureApiClient, setApiCallObserver } from '../shared/api/client.ts';
import { startTelemetry, trackPageView } from './telemetry.ts';

// The telemetry chunk arrives only when a test lets it: what happens before is what the start-up must not lose.
const chunk = vi.hoisted(() => {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release };
});
vi.mock('../shared/telemetry/index.ts', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

const KEY = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
const ENDPOINT = `${ORIGIN}/api/telemetry/track`;

afterEach(() => setApiCallObserver(null));

describe('telemetry at start-up', () => {
  it('sends the page views and API calls that happened while its module was still loading', async () => {
    const batches: TelemetryBatch[] = [];
    server.use(
      http.get(`${ORIGIN}/api/b2c/person/:sub`, () => HttpResponse.json(testPersonClaims)),
      http.post(ENDPOINT, async ({ request }) => {
        batches.push(TelemetryBatchSchema.parse(await request.json()));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    configureApiClient({ baseUrl: ORIGIN, getAccessToken: async () => 'tok', getPersonId: () => 'p-1' });

    const started = startTelemetry({
      ...testAppConfig,
      telemetry: { endpoint: ENDPOINT, instrumentationKey: KEY },
    });
    trackPageView('/clubs');
    await apiGet('b2c/person/s-1', PersonClaimsSchema);
    chunk.release();
    await started;
    // Leaving the page sends what is queued.
    window.dispatchEvent(new Event('pagehide'));

    await vi.waitFor(() => expect(batches).toHaveLength(1));
    expect(batches[0]!.instrumentationKey).toBe(KEY);
    expect(batches[0]!.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'pageView', path: '/clubs' }),
        expect.objectContaining({ type: 'apiCall', method: 'GET', path: '/api/b2c/person/s-1', status: 200 }),
      ]),
    );
  });
});
