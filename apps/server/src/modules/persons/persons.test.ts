import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvals, persons } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';

let ctx: TestContext;
let mia: TestPerson;
let other: TestPerson;
let clubA: string;
let clubB: string;

beforeAll(async () => {
  ctx = await createTestContext();
  mia = await ctx.createPerson({ firstName: 'Mia', lastName: 'Hoffmann' });
  other = await ctx.createPerson({ firstName: 'Ole', lastName: 'Andersen' });
  clubA = await ctx.createClub();
  clubB = await ctx.createClub();
  await ctx.addMembership(mia.personId, clubA);
  await ctx.addMembership(mia.personId, clubB);
});
afterAll(() => ctx.close());

describe('GET /api/b2c/person/{subject}', () => {
  it('returns the person claims for the token’s own subject', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/b2c/person/${mia.subject}`,
      headers: await ctx.auth(mia),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      person_id: mia.personId,
      person_setupcompleted: false,
      person_privacyaccepted: false,
      avatar_image_url: null,
      family_name: 'Hoffmann',
      given_name: 'Mia',
    });
  });

  it('reports privacy as accepted only once every club’s privacy notice is approved', async () => {
    const claims = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/b2c/person/${mia.subject}`,
          headers: await ctx.auth(mia),
        })
      ).json();
    await ctx.db
      .insert(approvals)
      .values({ personId: mia.personId, tenantId: clubA, kind: 'privacy', version: '2026-01' });
    expect((await claims()).person_privacyaccepted).toBe(false);
    await ctx.db
      .insert(approvals)
      .values({ personId: mia.personId, tenantId: clubB, kind: 'privacy', version: '2026-01' });
    expect((await claims()).person_privacyaccepted).toBe(true);
  });

  it.each([
    ['another person’s subject', () => other.subject],
    ['an unknown subject', () => 'no-such-subject'],
  ])('answers 404 for %s', async (_name, subject) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/b2c/person/${subject()}`,
      headers: await ctx.auth(mia),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404 });
    expect(res.body).not.toContain('Andersen');
  });
});

describe('GET /api/tenants/notenant/person/{personId}', () => {
  it('returns the base person with age and b2cId', async () => {
    await ctx.db.update(persons).set({ gender: 'female', title: 'Dr.' }).where(eq(persons.id, mia.personId));
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/tenants/notenant/person/${mia.personId}`,
      headers: await ctx.auth(mia),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: mia.personId,
      title: 'Dr.',
      gender: 'female',
      firstName: 'Mia',
      lastName: 'Hoffmann',
      birthdate: '1990-05-01',
      birthplace: 'Köln',
      b2cId: mia.subject,
    });
    expect(body.age).toBeGreaterThanOrEqual(36);
  });

  it.each([
    ['another person’s id', () => other.personId],
    ['an unknown id', () => '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', () => 'not-a-uuid'],
  ])('answers 404 for %s', async (_name, id) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/tenants/notenant/person/${id()}`,
      headers: await ctx.auth(mia),
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Andersen');
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/tenants/notenant/person/${mia.personId}` });
    expect(res.statusCode).toBe(401);
  });
});
