import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialListSchema, HonorListSchema } from '@vereinsheim/contracts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { honors, licenses, qualifications } from '../../db/schema/index.ts';
import { addDays, todayIso } from '../../lib/today.ts';

let ctx: TestContext;
let owner: TestPerson;
let clubmate: TestPerson;
let outsider: TestPerson;
let clubA: string;
let clubB: string;
const today = todayIso();
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, clubmate, outsider] = await Promise.all([
    ctx.createPerson(),
    ctx.createPerson(),
    ctx.createPerson(),
  ]);
  clubA = await ctx.createClub('TSV Test');
  clubB = await ctx.createClub('SC Anders');
  await ctx.addMembership(owner.personId, clubA);
  await ctx.addMembership(owner.personId, clubB);
  await ctx.addMembership(clubmate.personId, clubA);
  await ctx.addMembership(outsider.personId, clubB);
  const credential = (
    personId: string,
    tenantId: string,
    name: string,
    validUntil: string | null,
    minutesAgo: number,
  ) => ({
    personId,
    tenantId,
    name,
    issuer: 'Bayerischer Landes-Sportverband',
    number: `L-${name}`,
    level: 'C',
    validFrom: addDays(today, -700),
    validUntil,
    createdAt: at(minutesAgo),
  });
  await ctx.db
    .insert(licenses)
    .values([
      credential(owner.personId, clubA, 'Trainer C', addDays(today, 400), 30),
      credential(owner.personId, clubA, 'Übungsleiter', addDays(today, 45), 20),
      credential(owner.personId, clubB, 'Schiedsrichter', addDays(today, -1), 10),
      credential(clubmate.personId, clubA, 'Fremde Lizenz', null, 5),
    ]);
  await ctx.db
    .insert(qualifications)
    .values([
      credential(owner.personId, clubA, 'Erste Hilfe', addDays(today, 90), 30),
      credential(outsider.personId, clubB, 'Rettungsschwimmer', null, 20),
    ]);
  await ctx.db.insert(honors).values([
    {
      personId: owner.personId,
      tenantId: clubA,
      name: 'Ehrennadel in Silber',
      awardedOn: '2024-03-15',
      awardingBody: 'TSV Test',
      description: '10 Jahre Mitgliedschaft',
      createdAt: at(60),
    },
    {
      personId: owner.personId,
      tenantId: clubB,
      name: 'Vereinsmeisterin',
      awardedOn: '2025-09-01',
      awardingBody: 'SC Anders',
      description: null,
      createdAt: at(10),
    },
    {
      personId: clubmate.personId,
      tenantId: clubA,
      name: 'Fremde Ehrung',
      awardedOn: '2020-01-01',
      awardingBody: 'X',
    },
  ]);
});
afterAll(() => ctx.close());

const get = async (url: string, who?: TestPerson) =>
  ctx.app.inject({ method: 'GET', url, headers: who ? await ctx.auth(who) : {} });

describe('GET /api/me/license', () => {
  it('lists own licences by CreatedAt with the status derived from the dates', async () => {
    const res = await get('/api/me/license', owner);
    expect(res.statusCode).toBe(200);
    const body = CredentialListSchema.parse(res.json());
    expect(body.items.map((l) => [l.name, l.status])).toEqual([
      ['Trainer C', 'valid'],
      ['Übungsleiter', 'expiring'],
      ['Schiedsrichter', 'expired'],
    ]);
    expect(body).toMatchObject({ maximumcount: 3, orderbytype: 'ascending' });
    expect(body.items[0]).toMatchObject({
      tenantId: clubA,
      tenantName: 'TSV Test',
      issuer: 'Bayerischer Landes-Sportverband',
      number: 'L-Trainer C',
      level: 'C',
      validFrom: addDays(today, -700),
      validUntil: addDays(today, 400),
    });
  });

  it('pages, orders descending on request and filters by tenantId', async () => {
    const page = CredentialListSchema.parse((await get('/api/me/license?page=2&pagesize=2', owner)).json());
    expect(page.items.map((l) => l.name)).toEqual(['Schiedsrichter']);
    const desc = CredentialListSchema.parse(
      (await get('/api/me/license?orderby=CreatedAt&orderbytype=descending', owner)).json(),
    );
    expect(desc.items.map((l) => l.name)).toEqual(['Schiedsrichter', 'Übungsleiter', 'Trainer C']);
    const b = CredentialListSchema.parse((await get(`/api/me/license?tenantId=${clubB}`, owner)).json());
    expect(b.items.map((l) => l.name)).toEqual(['Schiedsrichter']);
  });

  it('shows nothing of the owner to another person or another club, 401 without token, 400 on bad input', async () => {
    const mate = CredentialListSchema.parse((await get('/api/me/license', clubmate)).json());
    expect(mate.items.map((l) => l.name)).toEqual(['Fremde Lizenz']);
    const out = CredentialListSchema.parse((await get(`/api/me/license?tenantId=${clubA}`, outsider)).json());
    expect(out.items).toEqual([]);
    expect((await get('/api/me/license')).statusCode).toBe(401);
    expect((await get('/api/me/license?tenantId=abc', owner)).statusCode).toBe(400);
    expect((await get('/api/me/license?orderby=Name', owner)).statusCode).toBe(400);
  });
});

describe('GET /api/me/qualification', () => {
  it('lists own qualifications (90 days left is expiring) and keeps others apart', async () => {
    const body = CredentialListSchema.parse((await get('/api/me/qualification', owner)).json());
    expect(body.items.map((q) => [q.name, q.status])).toEqual([['Erste Hilfe', 'expiring']]);
    const out = CredentialListSchema.parse((await get('/api/me/qualification', outsider)).json());
    expect(out.items.map((q) => [q.name, q.status, q.validUntil])).toEqual([
      ['Rettungsschwimmer', 'valid', null],
    ]);
    expect(CredentialListSchema.parse((await get('/api/me/qualification', clubmate)).json()).items).toEqual(
      [],
    );
    expect((await get('/api/me/qualification')).statusCode).toBe(401);
  });
});

describe('GET /api/me/honor', () => {
  it('lists own honors by CreatedAt with date, awarding body and description', async () => {
    const body = HonorListSchema.parse((await get('/api/me/honor', owner)).json());
    expect(body.items.map((h) => h.name)).toEqual(['Ehrennadel in Silber', 'Vereinsmeisterin']);
    expect(body.items[0]).toMatchObject({
      awardedOn: '2024-03-15',
      awardingBody: 'TSV Test',
      description: '10 Jahre Mitgliedschaft',
      tenantName: 'TSV Test',
    });
    const top1 = HonorListSchema.parse((await get('/api/me/honor?top=1&page=2', owner)).json());
    expect(top1).toMatchObject({ maximumcount: 2, page: 2, top: 1 });
    expect(top1.items.map((h) => h.name)).toEqual(['Vereinsmeisterin']);
    const a = HonorListSchema.parse((await get(`/api/me/honor?tenantId=${clubA}`, owner)).json());
    expect(a.items.map((h) => h.name)).toEqual(['Ehrennadel in Silber']);
  });

  it("does not show the owner's honors to others; 401 without token", async () => {
    const mate = HonorListSchema.parse((await get('/api/me/honor', clubmate)).json());
    expect(mate.items.map((h) => h.name)).toEqual(['Fremde Ehrung']);
    expect(HonorListSchema.parse((await get('/api/me/honor', outsider)).json()).items).toEqual([]);
    expect((await get('/api/me/honor')).statusCode).toBe(401);
  });
});
