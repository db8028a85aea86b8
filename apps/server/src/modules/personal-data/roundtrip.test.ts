import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';

/**
 * The contract between reads and writes: what a GET answers, sent back unchanged with PUT, is accepted and changes
 * nothing — including the `null`s a read uses for absent optional fields.
 */
let ctx: TestContext;
let person: TestPerson;
let headers: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  person = await ctx.createPerson();
  await ctx.addMembership(person.personId, await ctx.createClub());
  headers = await ctx.auth(person);
});
afterAll(() => ctx.close());

const withoutTimestamps = (item: Record<string, unknown>) => {
  const { updatedAt: _u, ...rest } = item;
  return rest;
};

// Each created with only its required fields, so that the read holds nulls for the optional ones.
const KINDS: [string, Record<string, unknown>][] = [
  ['address', { street: 'Hauptstraße', zip: '50667', city: 'Köln' }],
  ['mail', { email: 'rund@example.org' }],
  ['phone', { number: '0171 1234567' }],
  ['bankaccount', { iban: 'DE89 3704 0044 0532 0130 00' }],
  ['confectioninformation', { confectionSize: 42, clothingPartType: 'shoe' }],
  ['medicalinformation', { type: 'allergy', name: 'Pollen' }],
  ['additionalinformation', { name: 'Verein', description: 'seit 2010' }],
];
/** Additional information has no optional field. */
const ALL_REQUIRED = new Set(['additionalinformation']);

describe('GET → PUT round trip of every personal-data resource', () => {
  it.each(KINDS)('%s', async (kind, minimal) => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/me/${kind}`,
      headers,
      payload: minimal,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;

    const list = await ctx.app.inject({ url: `/api/me/${kind}`, headers });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    const items = (Array.isArray(body) ? body : body.items) as Record<string, unknown>[];
    const read = items.find((item) => item.id === id)!;
    if (!ALL_REQUIRED.has(kind)) expect(Object.values(read)).toContain(null);

    const put = await ctx.app.inject({ method: 'PUT', url: `/api/me/${kind}/${id}`, headers, payload: read });
    expect(put.statusCode, put.body).toBe(200);
    expect(withoutTimestamps(put.json())).toEqual(withoutTimestamps(read));
  });
});

describe('GET /api/me → PUT /api/me', () => {
  it('accepts the profile as read and changes nothing', async () => {
    const setup = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me',
      headers,
      payload: { firstName: 'Rita', lastName: 'Rund', birthdate: '1988-02-29', birthplace: 'Bonn' },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const read = await ctx.app.inject({ url: '/api/me', headers });
    expect(read.statusCode).toBe(200);
    const profile = read.json();
    expect(profile.title).toBeNull();

    const put = await ctx.app.inject({ method: 'PUT', url: '/api/me', headers, payload: profile });
    expect(put.statusCode, put.body).toBe(200);
    const again = (await ctx.app.inject({ url: '/api/me', headers })).json();
    expect(again).toEqual(profile);
  });
});
