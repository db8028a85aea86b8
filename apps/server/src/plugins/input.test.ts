import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestPerson } from '../../test/harness.ts';
import { changedTables, databaseFingerprint } from '../../test/db-state.ts';

let ctx: TestContext;
let member: TestPerson;
let committee: TestPerson;
let club: string;
let phoneId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  member = await ctx.createPerson();
  committee = await ctx.createPerson();
  club = await ctx.createClub();
  await ctx.addMembership(member.personId, club);
  await ctx.addMembership(committee.personId, club, 'committee');
  const phone = await ctx.app.inject({
    method: 'POST',
    url: '/api/me/phone',
    headers: await ctx.auth(member),
    payload: { number: '0171 1234567' },
  });
  expect(phone.statusCode).toBe(201);
  phoneId = phone.json().id;
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Case {
  label: string;
  who: () => TestPerson | null;
  method: Method;
  url: () => string;
  /** The request body with `BAD` where the bad text goes. */
  body?: (bad: string) => unknown;
  /** For path and query cases: the bad text, percent-encoded, in the URL. */
  urlWith?: (bad: string) => string;
  field: string;
  /** Path parameters: invalid UTF-8 (a percent-encoded lone surrogate) cannot even be decoded. */
  inPath?: boolean;
}

const BAD_TEXTS: [string, string, string][] = [
  // label, the text in a JSON body, the text percent-encoded in a URL
  ['a NUL byte', 'vor\u0000nach', 'vor%00nach'],
  ['a lone high surrogate', 'vor\uD800nach', 'vor%ED%A0%80nach'],
  ['a lone low surrogate', 'vor\uDC00', 'vor%ED%B0%80'],
];

const CASES: Case[] = [
  {
    label: 'person (PUT /api/me)',
    who: () => member,
    method: 'PUT',
    url: () => '/api/me',
    body: (bad) => ({ firstName: bad, lastName: 'Muster', birthdate: '1990-05-01', birthplace: 'Köln' }),
    field: 'firstName',
  },
  {
    label: 'address',
    who: () => member,
    method: 'POST',
    url: () => '/api/me/address',
    body: (bad) => ({ street: 'Hauptstraße', streetNumber: '5', zip: '50667', city: bad }),
    field: 'city',
  },
  {
    label: 'phone update',
    who: () => member,
    method: 'PUT',
    url: () => `/api/me/phone/${phoneId}`,
    body: (bad) => ({ number: '0171 1234567', description: bad }),
    field: 'description',
  },
  {
    label: 'confection',
    who: () => member,
    method: 'POST',
    url: () => '/api/me/confectioninformation',
    body: (bad) => ({ confectionSize: 42, clothingPartType: 'shoe', name: bad }),
    field: 'name',
  },
  {
    label: 'medical',
    who: () => member,
    method: 'POST',
    url: () => '/api/me/medicalinformation',
    body: (bad) => ({ type: 'allergy', name: 'Pollen', description: bad }),
    field: 'description',
  },
  {
    label: 'additional information',
    who: () => member,
    method: 'POST',
    url: () => '/api/me/additionalinformation',
    body: (bad) => ({ name: bad, description: 'x' }),
    field: 'name',
  },
  {
    label: 'blog post',
    who: () => committee,
    method: 'POST',
    url: () => `/api/tenants/${club}/cms2/blogpost`,
    body: (bad) => ({ title: bad, body: '<p>Text</p>' }),
    field: 'title',
  },
  {
    label: 'blog post image (nested)',
    who: () => committee,
    method: 'POST',
    url: () => `/api/tenants/${club}/cms2/blogpost`,
    body: (bad) => ({ title: 'T', body: '<p>Text</p>', images: [{ originalUrl: `/media/${bad}` }] }),
    field: 'images.0.originalUrl',
  },
  {
    label: 'club message',
    who: () => committee,
    method: 'POST',
    url: () => `/api/tenants/${club}/messages`,
    body: (bad) => ({ title: 'Hallo', body: bad }),
    field: 'body',
  },
  {
    label: 'push unsubscribe',
    who: () => member,
    method: 'DELETE',
    url: () => '/api/me/push/subscriptions',
    body: (bad) => ({ endpoint: `https://push.example/${bad}` }),
    field: 'endpoint',
  },
  {
    label: 'a key of the body',
    who: () => member,
    method: 'POST',
    url: () => '/api/me/additionalinformation',
    body: (bad) => ({ name: 'n', description: 'd', [bad]: 'x' }),
    field: 'vor?nach',
  },
  {
    label: 'calendar feed token (path)',
    who: () => null,
    method: 'GET',
    url: () => '/api/calendar/x.ics',
    urlWith: (bad) => `/api/calendar/${bad}.ics`,
    field: 'token',
    inPath: true,
  },
  {
    label: 'item id (path)',
    who: () => member,
    method: 'DELETE',
    url: () => '/api/me/phone/x',
    urlWith: (bad) => `/api/me/phone/${bad}`,
    field: 'id',
    inPath: true,
  },
  {
    // userId is accepted and ignored by the schema: only the text check refuses it.
    label: 'query string',
    who: () => member,
    method: 'GET',
    url: () => '/api/me/cms2/blogpost',
    urlWith: (bad) => `/api/me/cms2/blogpost?userId=${bad}`,
    field: 'userId',
  },
];

describe('text no column can hold answers 400 problem+json naming the field and changes nothing', () => {
  for (const [badLabel, badText, badUrl] of BAD_TEXTS) {
    const nul = badText === BAD_TEXTS[0]![1];
    // Percent-decoding never yields a lone surrogate: the query parser keeps undecodable text as it is.
    const cases = CASES.filter((c) => nul || !c.urlWith || c.inPath);
    it.each(cases)(`$label: ${badLabel}`, async (c) => {
      const who = c.who();
      const before = await databaseFingerprint(ctx.db);
      const res = await ctx.app.inject({
        method: c.method,
        url: c.urlWith ? c.urlWith(badUrl) : c.url(),
        headers: who ? await ctx.auth(who) : {},
        ...(c.body ? { payload: c.body(badText) as object } : {}),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const problem = res.json();
      // A lone surrogate in a key cannot be named verbatim; it shows as "?".
      const field =
        c.inPath && !nul ? 'path' : c.field.replace('vor?nach', badText.replace(/[^\x20-\x7e]/g, '?'));
      expect(problem.errors[0].field).toBe(field);
      // Named in the reader's language (German by default) from the field-error catalogue.
      expect(problem.errors[0]).toMatchObject(
        field === 'path'
          ? { code: 'path', message: 'Diese Adresse ist ungültig.' }
          : { code: 'badText', message: 'Dieser Text enthält unzulässige Zeichen.' },
      );
      if (field !== 'path') expect(problem.detail).toContain(problem.errors[0].message);
      expect(changedTables(before, await databaseFingerprint(ctx.db))).toEqual([]);
    });
  }

  it('still accepts umlauts, emoji (surrogate pairs) and other well-formed text', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/additionalinformation',
      headers: await ctx.auth(member),
      payload: { name: 'Grüße 🚣‍♀️', description: '𝄞 ∑ 日本語' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Grüße 🚣‍♀️', description: '𝄞 ∑ 日本語' });
  });
});

describe('broken multipart uploads answer 400 problem+json naming the file field', () => {
  const upload = async (contentType: string, payload: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/me/image/0/upload',
      headers: { ...(await ctx.auth(member)), 'content-type': contentType },
      payload,
    });

  it.each([
    ['a missing boundary', 'multipart/form-data', '--X\r\n\r\nabc\r\n--X--\r\n'],
    ['a boundary the body does not use', 'multipart/form-data; boundary=XYZ', 'garbage'],
    [
      'a truncated part',
      'multipart/form-data; boundary=XYZ',
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
    ],
    ['an empty body', 'multipart/form-data; boundary=XYZ', ''],
  ])('%s', async (_label, contentType, payload) => {
    const before = await databaseFingerprint(ctx.db);
    const res = await upload(contentType, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().errors[0].field).toBe('file');
    expect(changedTables(before, await databaseFingerprint(ctx.db))).toEqual([]);
  });
});

describe('path oddities answer 4xx problem+json', () => {
  it.each([
    ['broken percent-encoding', '/api/me/phone/%E0%A4%A', 400],
    ['an over-long path segment', `/api/me/phone/${'a'.repeat(5000)}/share`, 414],
    ['an encoded traversal', '/media/files/..%2F..%2Fetc%2Fpasswd', 404],
    ['an encoded traversal in an id', '/api/event/..%2F..%2Fetc%2Fpasswd', 404],
    ['double slashes', '//api//me', 404],
  ])('%s', async (_label, url, status) => {
    const res = await ctx.app.inject({ method: 'PUT', url, headers: await ctx.auth(member), payload: {} });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    if (status !== 404) expect(res.json().errors[0].field).toBe('path');
  });
});
