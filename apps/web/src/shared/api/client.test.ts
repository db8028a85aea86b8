import { PersonClaimsSchema } from '@vereinsheim/contracts/person';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORIGIN } from '../../test/fixtures.ts';
import { initTestI18n } from '../../test/i18n.ts';
import { server } from '../../test/msw-server.ts';
import {
  apiGet,
  ApiError,
  apiRequestBlob,
  configureApiClient,
  normaliseApiBaseUrl,
  setApiCallObserver,
  type ApiCallRecord,
} from './client.ts';

const claims = PersonClaimsSchema.parse({
  person_id: 'p-1',
  person_setupcompleted: true,
  person_privacyaccepted: false,
  avatar_image_url: null,
  family_name: 'Hoffmann',
  given_name: 'Mia',
});

describe('API client', () => {
  const calls: ApiCallRecord[] = [];
  beforeEach(() => {
    calls.length = 0;
    setApiCallObserver((call) => calls.push(call));
    configureApiClient({ baseUrl: ORIGIN, getAccessToken: async () => 'tok', getPersonId: () => 'p-1' });
  });

  it.each([
    ['http://x/api', 'http://x/api'],
    ['http://x/api/', 'http://x/api'],
    ['http://x', 'http://x/api'],
    ['http://x/', 'http://x/api'],
    ['/api', '/api'],
  ])('base URL %s → %s', (input, expected) => {
    expect(normaliseApiBaseUrl(input)).toBe(expected);
  });

  it('sends the bearer token and the userId/userid/oid headers, parses with the contract schema', async () => {
    let headers: Headers | null = null;
    server.use(
      http.get(`${ORIGIN}/api/b2c/person/:sub`, ({ request }) => {
        headers = request.headers;
        return HttpResponse.json(claims);
      }),
    );
    await expect(apiGet('b2c/person/s-1', PersonClaimsSchema)).resolves.toEqual(claims);
    expect(headers!.get('authorization')).toBe('Bearer tok');
    // Header names are case-insensitive on the wire: userId and userid arrive as one header.
    expect(headers!.get('userid')).toContain('p-1');
    expect(headers!.get('oid')).toBe('p-1');
    expect(calls).toMatchObject([{ method: 'GET', status: 200, error: null }]);
  });

  it('throws an ApiError carrying the problem+json body', async () => {
    server.use(
      http.get(`${ORIGIN}/api/b2c/person/:sub`, () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No such person.' },
          { status: 404, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const error = await apiGet('b2c/person/x', PersonClaimsSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 404, message: 'No such person.' });
    expect((error as ApiError).problem?.detail).toBe('No such person.');
    expect(calls[0]).toMatchObject({ status: 404, error: { kind: 'http' } });
  });

  it('reports a response that breaks the contract', async () => {
    server.use(http.get(`${ORIGIN}/api/b2c/person/:sub`, () => HttpResponse.json({ person_id: 1 })));
    await expect(apiGet('b2c/person/x', PersonClaimsSchema)).rejects.toMatchObject({
      kind: 'contract',
      status: 200,
    });
  });

  it('turns a failed fetch into a network error without status', async () => {
    server.use(http.get(`${ORIGIN}/api/b2c/person/:sub`, () => HttpResponse.error()));
    await expect(apiGet('b2c/person/x', PersonClaimsSchema)).rejects.toMatchObject({
      kind: 'network',
      status: undefined,
    });
    expect(calls[0]).toMatchObject({ status: undefined, error: { kind: 'network' } });
  });

  describe('Accept-Language', () => {
    afterEach(() => initTestI18n('de'));

    function captureLanguage() {
      const seen: Array<string | null> = [];
      server.use(
        http.get(`${ORIGIN}/api/b2c/person/:sub`, ({ request }) => {
          seen.push(request.headers.get('accept-language'));
          return HttpResponse.json(claims);
        }),
        http.get(`${ORIGIN}/api/invoice/:id/pdf`, ({ request }) => {
          seen.push(request.headers.get('accept-language'));
          return new HttpResponse('%PDF', { headers: { 'content-type': 'application/pdf' } });
        }),
      );
      return seen;
    }

    it('carries the UI language on every call, JSON and files alike', async () => {
      const seen = captureLanguage();
      await apiGet('b2c/person/s-1', PersonClaimsSchema);
      await apiRequestBlob('invoice/i-1/pdf');
      expect(seen).toEqual(['de', 'de']);
    });

    it('follows a change of the UI language at once', async () => {
      const seen = captureLanguage();
      await initTestI18n('en');
      await apiGet('b2c/person/s-1', PersonClaimsSchema);
      await apiRequestBlob('invoice/i-1/pdf');
      expect(seen).toEqual(['en', 'en']);
    });
  });
});
