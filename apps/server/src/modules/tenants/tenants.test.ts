import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/schema/index.ts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';

let ctx: TestContext;
let mia: TestPerson;
let other: TestPerson;
const clubNames = ['Zebra SV', 'Alpha TV', 'Mitte FC'];
let clubIds: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  mia = await ctx.createPerson({ firstName: 'Mia' });
  other = await ctx.createPerson();
  clubIds = [];
  for (const name of clubNames) {
    const id = await ctx.createClub(name);
    clubIds.push(id);
    await ctx.addMembership(mia.personId, id, 'member');
  }
  await ctx.addMembership(mia.personId, clubIds[1]!, 'reviewer');
  const foreign = await ctx.createClub('Fremdverein');
  await ctx.addMembership(other.personId, foreign, 'member');
  // An ended membership no longer counts.
  const ended = await ctx.createClub('Ehemaliger Verein');
  await ctx.db.insert(memberships).values({
    personId: mia.personId,
    tenantId: ended,
    role: 'member',
    startsOn: '2010-01-01',
    endsOn: '2011-01-01',
  });
});
afterAll(() => ctx.close());

const find = async (person: TestPerson, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/me/tenant/find${query}`, headers: await ctx.auth(person) });

describe('GET /api/me/tenant/find', () => {
  it('lists only the person’s current clubs, by name ascending, with the spec’s paging defaults', async () => {
    const res = await find(mia);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ maximumcount: 3, page: 1, pagesize: 25, top: 25, orderbytype: 'ascending' });
    expect(body.items.map((c: { name: string }) => c.name)).toEqual(['Alpha TV', 'Mitte FC', 'Zebra SV']);
    const alpha = body.items[0];
    expect(alpha).toMatchObject({
      id: clubIds[1],
      tenantId: clubIds[1],
      roles: ['member', 'reviewer'],
      themeInfos: [],
    });
  });

  it('pages with top (as the app sends top=200) and pagesize', async () => {
    const first = (await find(mia, '?page=1&top=2')).json();
    expect(first).toMatchObject({ maximumcount: 3, page: 1, top: 2, pagesize: 2 });
    expect(first.items).toHaveLength(2);
    const second = (await find(mia, '?page=2&pagesize=2')).json();
    expect(second.items.map((c: { name: string }) => c.name)).toEqual(['Zebra SV']);
    const all = (await find(mia, '?page=1&top=200&orderby=name&orderbytype=ascending')).json();
    expect(all.items).toHaveLength(3);
  });

  it('orders descending on request and filters by keyword', async () => {
    const desc = (await find(mia, '?orderbytype=descending')).json();
    expect(desc.items.map((c: { name: string }) => c.name)).toEqual(['Zebra SV', 'Mitte FC', 'Alpha TV']);
    expect(desc.orderbytype).toBe('descending');
    const kw = (await find(mia, '?keyword=mitte')).json();
    expect(kw.items.map((c: { name: string }) => c.name)).toEqual(['Mitte FC']);
  });

  it('never shows another person’s clubs', async () => {
    const body = (await find(other)).json();
    expect(body.items.map((c: { name: string }) => c.name)).toEqual(['Fremdverein']);
  });

  it('says “no clubs” with an empty list', async () => {
    const lonely = await ctx.createPerson();
    expect((await find(lonely)).json()).toMatchObject({ items: [], maximumcount: 0 });
  });

  it.each([
    ['?page=0', 'page'],
    ['?top=0', 'top'],
    ['?pagesize=500', 'pagesize'],
    ['?orderbytype=sideways', 'orderbytype'],
    ['?orderby=secret_column', 'orderby'],
  ])('answers 400 problem+json naming the field for %s', async (query, field) => {
    const res = await find(mia, query);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('needs a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/tenant/find' })).statusCode).toBe(401);
  });

  it('stops listing a club once the membership ends', async () => {
    await ctx.db
      .update(memberships)
      .set({ endsOn: '2020-12-31' })
      .where(eq(memberships.tenantId, clubIds[2]!));
    const body = (await find(mia)).json();
    expect(body.items.map((c: { name: string }) => c.name)).toEqual(['Alpha TV', 'Zebra SV']);
  });
});
