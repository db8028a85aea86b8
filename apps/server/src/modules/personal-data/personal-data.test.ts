import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IBAN_MESSAGES } from '@vereinsheim/contracts';
import { itemSharing } from '../../db/schema/index.ts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { personalDataRepository } from './personal-data.repository.ts';

let ctx: TestContext;
let owner: TestPerson;
let other: TestPerson;
let clubA: string;
let clubB: string;
let foreignClub: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.createPerson({ firstName: 'Olga', lastName: 'Owner' });
  other = await ctx.createPerson();
  clubA = await ctx.createClub('Alpha SV');
  clubB = await ctx.createClub('Beta TV');
  foreignClub = await ctx.createClub('Fremdverein');
  await ctx.addMembership(owner.personId, clubA);
  await ctx.addMembership(owner.personId, clubB);
  await ctx.addMembership(other.personId, foreignClub);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(person: TestPerson | null, method: Method, url: string, payload?: unknown) {
  const headers = person ? await ctx.auth(person) : {};
  return ctx.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** The person's activity log as the API shows it (German, the default language). */
const logsOf = async (
  person: TestPerson,
): Promise<{ entityId: string | null; tenantId: string | null; action: string; summary: string }[]> =>
  (await call(person, 'GET', '/me/logmessages?pagesize=200')).json().items;

interface KindCase {
  path: string;
  valid: Record<string, unknown>;
  changed: Record<string, unknown>;
  invalid: Record<string, unknown>;
  invalidField: string;
  scoped: boolean;
  listShape: 'paged' | 'array';
}

const CASES: KindCase[] = [
  {
    path: 'address',
    valid: { street: ' Hauptstraße ', streetNumber: '5a', zip: '50667', city: 'Köln' },
    changed: { street: 'Ringstraße', streetNumber: '7', zip: '50667', city: 'Köln', countryCode: 'de' },
    invalid: { street: 'Weg', zip: '50667', city: '  ' },
    invalidField: 'city',
    scoped: true,
    listShape: 'paged',
  },
  {
    path: 'mail',
    valid: { email: 'Olga@Example.org' },
    changed: { mail: 'olga.neu@example.org', description: 'privat' },
    invalid: { email: 'not-a-mail' },
    invalidField: 'email',
    scoped: true,
    listShape: 'paged',
  },
  {
    path: 'phone',
    valid: { number: '0171 1234567' },
    changed: { phoneNumber: '+49 221 1234567', type: 'Landline' },
    invalid: { number: '12' },
    invalidField: 'number',
    scoped: true,
    listShape: 'array',
  },
  {
    path: 'bankaccount',
    valid: { IBAN: 'DE89 3704 0044 0532 0130 00', accountHolder: ' Olga Owner ', bankName: '' },
    changed: { iban: 'DE02120300000000202051', owner: 'Olga Owner' },
    invalid: { iban: 'DE89370400440532013001' },
    invalidField: 'iban',
    scoped: false,
    listShape: 'paged',
  },
  {
    path: 'confectioninformation',
    valid: { confectionSize: 42, clothingPartType: 'shoe', name: 'Laufschuh' },
    changed: { confectionSize: '43', clothingPartType: 'SHOE' },
    invalid: { confectionSize: 42, clothingPartType: 'tail' },
    invalidField: 'clothingPartType',
    scoped: false,
    listShape: 'paged',
  },
  {
    path: 'medicalinformation',
    valid: { type: 'allergy', name: 'Wespengift', description: 'Notfallset im Rucksack' },
    changed: { type: 'physicallimitation', name: 'Knie' },
    invalid: { type: 'allergy', name: '' },
    invalidField: 'name',
    scoped: false,
    listShape: 'paged',
  },
  {
    path: 'additionalinformation',
    valid: { name: 'Schwimmabzeichen', description: 'Gold' },
    changed: { name: 'Schwimmabzeichen', description: 'Silber' },
    invalid: { name: 'x' },
    invalidField: 'description',
    scoped: false,
    listShape: 'paged',
  },
];

const itemsOf = (c: KindCase, body: unknown) =>
  (c.listShape === 'array' ? body : (body as { items: unknown[] }).items) as { id: string }[];

describe.each(CASES)('me/$path', (c) => {
  let id: string;

  it('creates an item for the owner with creator, sharing tenants and a log row', async () => {
    const res = await call(owner, 'POST', `/me/${c.path}`, c.valid);
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json();
    id = item.id;
    expect(item.creator).toEqual({ id: owner.personId, firstName: 'Olga', lastName: 'Owner' });
    expect(item.scopedSharingTenants.map((t: { name: string }) => t.name)).toEqual(['Alpha SV', 'Beta TV']);
    expect(item.scopedSharingTenants[0]).toMatchObject({
      isDefault: false,
      isIntern: false,
      isExtern: false,
      isLocked: false,
    });
    const logs = await logsOf(owner);
    expect(logs.some((l) => l.entityId === id && l.action === 'created')).toBe(true);
  });

  it('lists the owner’s items and nothing to another person', async () => {
    const mine = await call(owner, 'GET', `/me/${c.path}`);
    expect(mine.statusCode).toBe(200);
    expect(itemsOf(c, mine.json()).map((i) => i.id)).toContain(id);
    const theirs = await call(other, 'GET', `/me/${c.path}`);
    expect(itemsOf(c, theirs.json())).toEqual([]);
  });

  it.each([
    ['GET list', 'GET', ''],
    ['POST', 'POST', ''],
    ['PUT', 'PUT', '/ID'],
    ['DELETE', 'DELETE', '/ID'],
    ['share', 'PUT', '/ID/share'],
  ] as const)('answers 401 without a token: %s', async (_n, method, suffix) => {
    // Even an invalid body answers 401: authentication runs before validation.
    const body = method === 'GET' || method === 'DELETE' ? undefined : c.invalid;
    const res = await call(null, method, `/me/${c.path}${suffix.replace('ID', id)}`, body);
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['update', 'PUT', '', (): unknown => c.changed],
    ['delete', 'DELETE', '', (): unknown => undefined],
    ['share', 'PUT', '/share', (): unknown => ({ tenantIds: [] })],
    ...(c.scoped
      ? ([
          ['share intern', 'POST', '/share/intern', (): unknown => ({ tenantId: foreignClub })],
          ['share extern remove', 'POST', '/share/extern/remove', (): unknown => ({ tenantId: foreignClub })],
        ] as const)
      : []),
  ] as const)('answers 404 to another person: %s', async (_n, method, suffix, body) => {
    const res = await call(other, method, `/me/${c.path}/${id}${suffix}`, body());
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });

  it('rejects invalid input naming the field and stores nothing', async () => {
    const before = (await logsOf(owner)).length;
    const res = await call(owner, 'POST', `/me/${c.path}`, c.invalid);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(c.invalidField);
    const update = await call(owner, 'PUT', `/me/${c.path}/${id}`, c.invalid);
    expect(update.statusCode).toBe(400);
    expect((await logsOf(owner)).length).toBe(before);
    const list = await call(owner, 'GET', `/me/${c.path}`);
    expect(itemsOf(c, list.json())).toHaveLength(1);
  });

  it('updates the item and logs old → new', async () => {
    const res = await call(owner, 'PUT', `/me/${c.path}/${id}`, c.changed);
    expect(res.statusCode, res.body).toBe(200);
    const [log] = (await logsOf(owner)).filter((l) => l.entityId === id && l.action === 'updated');
    expect(log?.summary).toMatch(/geändert: .* → /);
  });

  it('shares with own clubs, filters by club, refuses a foreign club', async () => {
    const shared = await call(owner, 'PUT', `/me/${c.path}/${id}/share`, { tenantIds: [clubA] });
    expect(shared.statusCode).toBe(200);
    const a = shared.json().scopedSharingTenants.find((t: { id: string }) => t.id === clubA);
    expect(a).toMatchObject({ isDefault: true, name: 'Alpha SV' });
    const byA = await call(owner, 'GET', `/me/${c.path}?tenantId=${clubA}`);
    expect(itemsOf(c, byA.json()).map((i) => i.id)).toEqual([id]);
    const byB = await call(owner, 'GET', `/me/${c.path}?tenantId=${clubB}`);
    expect(itemsOf(c, byB.json())).toEqual([]);
    const foreign = await call(owner, 'PUT', `/me/${c.path}/${id}/share`, {
      tenantIds: [clubA, foreignClub],
    });
    expect(foreign.statusCode).toBe(404);
    const rows = await ctx.db.select().from(itemSharing).where(eq(itemSharing.itemId, id));
    expect(rows.map((r) => r.tenantId)).toEqual([clubA]);
  });

  it('still shows a sharing with a club the person no longer belongs to, so it can be withdrawn', async () => {
    const [row] = await ctx.db
      .select()
      .from(itemSharing)
      .where(and(eq(itemSharing.itemId, id), eq(itemSharing.tenantId, clubA)));
    const { id: _id, ...copy } = row!;
    await ctx.db.insert(itemSharing).values({ ...copy, tenantId: foreignClub, extern: true });
    const listed = itemsOf(c, (await call(owner, 'GET', `/me/${c.path}`)).json()).find((i) => i.id === id) as
      { scopedSharingTenants: { id: string; name: string; isExtern: boolean }[] } | undefined;
    expect(listed?.scopedSharingTenants.map((t) => t.name)).toEqual(['Alpha SV', 'Beta TV', 'Fremdverein']);
    expect(listed?.scopedSharingTenants[2]).toMatchObject({ id: foreignClub, isExtern: true });
    await ctx.db
      .delete(itemSharing)
      .where(and(eq(itemSharing.itemId, id), eq(itemSharing.tenantId, foreignClub)));
  });

  it.runIf(c.scoped)('shares and unshares per view, with a log row each', async () => {
    const intern = await call(owner, 'POST', `/me/${c.path}/${id}/share/intern`, {
      tenantId: clubB,
      userId: other.personId,
      entityId: id,
    });
    expect(intern.statusCode, intern.body).toBe(200);
    expect(intern.json().scopedSharingTenants.find((t: { id: string }) => t.id === clubB)).toMatchObject({
      isIntern: true,
      isExtern: false,
    });
    const extern = await call(owner, 'POST', `/me/${c.path}/${id}/share/extern`, { tenantId: clubB });
    expect(extern.json().scopedSharingTenants.find((t: { id: string }) => t.id === clubB)).toMatchObject({
      isIntern: true,
      isExtern: true,
    });
    const removed = await call(owner, 'POST', `/me/${c.path}/${id}/share/intern/remove`, { tenantId: clubB });
    expect(removed.json().scopedSharingTenants.find((t: { id: string }) => t.id === clubB)).toMatchObject({
      isIntern: false,
      isExtern: true,
    });
    const foreign = await call(owner, 'POST', `/me/${c.path}/${id}/share/extern`, { tenantId: foreignClub });
    expect(foreign.statusCode).toBe(404);
    const mismatch = await call(owner, 'POST', `/me/${c.path}/${id}/share/extern`, {
      tenantId: clubB,
      entityId: clubA,
    });
    expect(mismatch.statusCode).toBe(400);
    const logs = (await logsOf(owner)).filter((l) => l.entityId === id && l.tenantId === clubB);
    expect(logs.map((l) => l.action).sort()).toEqual(['shared', 'shared', 'unshared']);
    expect(logs.find((l) => l.action === 'unshared')?.summary).toMatch(/interne Ansicht \(Kontakt\)/);
  });

  it('keeps a locked sharing and says why (409), then deletes once unlocked', async () => {
    await ctx.db
      .update(itemSharing)
      .set({ locked: true, lockedReason: 'Wird für die Beitragsabrechnung benötigt.' })
      .where(and(eq(itemSharing.itemId, id), eq(itemSharing.tenantId, clubA)));
    const unshare = await call(owner, 'PUT', `/me/${c.path}/${id}/share`, { tenantIds: [] });
    expect(unshare.statusCode).toBe(409);
    expect(unshare.json().detail).toMatch(/gesperrt.*Beitragsabrechnung/);
    const del = await call(owner, 'DELETE', `/me/${c.path}/${id}`);
    expect(del.statusCode).toBe(409);
    const list = await call(owner, 'GET', `/me/${c.path}`);
    const item = itemsOf(c, list.json())[0] as unknown as {
      scopedSharingTenants: { id: string; isLocked: boolean; lockedReason: string }[];
    };
    expect(item.scopedSharingTenants.find((t) => t.id === clubA)).toMatchObject({
      isLocked: true,
      lockedReason: 'Wird für die Beitragsabrechnung benötigt.',
    });
    await ctx.db.update(itemSharing).set({ locked: false }).where(eq(itemSharing.itemId, id));
    const ok = await call(owner, 'DELETE', `/me/${c.path}/${id}`);
    expect(ok.statusCode).toBe(204);
    expect(await ctx.db.select().from(itemSharing).where(eq(itemSharing.itemId, id))).toEqual([]);
    const logs = await logsOf(owner);
    expect(logs.some((l) => l.entityId === id && l.action === 'deleted')).toBe(true);
  });
});

describe('normalisation', () => {
  it('stores phones in E.164, mails lower-case, bank accounts with BIC and masked log', async () => {
    const phone = await call(owner, 'POST', '/me/phone', { number: '0221 1234567' });
    expect(phone.json()).toMatchObject({ number: '+492211234567', displayNumber: '+49 221 1234567' });
    const mail = await call(owner, 'POST', '/me/mail', { Mail: ' Olga@Example.ORG ' });
    expect(mail.json()).toMatchObject({ email: 'olga@example.org', isDefault: true });
    const bank = await call(owner, 'POST', '/me/bankaccount', {
      Iban: 'de89 3704 0044 0532 0130 00',
      AccountHolder: '  Olga Owner ',
      description: '   ',
    });
    expect(bank.statusCode, bank.body).toBe(201);
    expect(bank.json()).toMatchObject({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bankcode: '37040044',
      accountOwner: 'Olga Owner',
      description: null,
      isDefault: true,
      isLocked: false,
    });
    const [log] = (await logsOf(owner)).filter((l) => l.entityId === bank.json().id);
    expect(log?.summary).toContain('DE89 **** **** **** **** 00');
    expect(log?.summary).not.toContain('0532013000');
  });

  it('pages a list in either order and tells the total on a page past the end', async () => {
    const person = await ctx.createPerson();
    const created: string[] = [];
    for (const email of ['eins@example.org', 'zwei@example.org', 'drei@example.org']) {
      const res = await call(person, 'POST', '/me/mail', { email });
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json().id);
    }
    const all = (await call(person, 'GET', '/me/mail?page=1&top=200')).json();
    const ids = all.items.map((m: { id: string }) => m.id);
    expect(ids).toEqual(expect.arrayContaining(created));
    const newest = await call(person, 'GET', '/me/mail?page=1&pagesize=2&orderbytype=descending');
    expect(newest.json()).toMatchObject({ maximumcount: ids.length, page: 1, pagesize: 2 });
    expect(newest.json().items.map((m: { id: string }) => m.id)).toEqual([...ids].reverse().slice(0, 2));
    const past = await call(person, 'GET', '/me/mail?page=9&pagesize=2');
    expect(past.statusCode).toBe(200);
    expect(past.json()).toMatchObject({ items: [], maximumcount: ids.length, page: 9 });
  });

  it('makes a new default mail the only default', async () => {
    const second = await call(owner, 'POST', '/me/mail', { email: 'zweite@example.org', isDefault: true });
    const list = await call(owner, 'GET', '/me/mail?page=1&top=200');
    const defaults = list.json().items.filter((m: { isDefault: boolean }) => m.isDefault);
    expect(defaults.map((m: { id: string }) => m.id)).toEqual([second.json().id]);
  });

  it.each([
    ['DE89370400440532013000', 'valid', IBAN_MESSAGES.valid],
    ['DE89370400440532013001', 'invalid', IBAN_MESSAGES.invalid],
    ['XX12', 'unverifiable', IBAN_MESSAGES.unverifiable],
    ['', 'unverifiable', IBAN_MESSAGES.unverifiable],
  ])('checks IBAN %s as %s', async (iban, status, message) => {
    const res = await call(owner, 'POST', '/me/bankaccount/validate-iban', { iban });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status, message });
  });

  it("answers the spec message when a bank account has a bad IBAN, in the reader's language", async () => {
    const res = await call(owner, 'POST', '/me/bankaccount', { iban: 'DE89370400440532013001' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'iban.invalid',
      detail: 'Die angegebene IBAN ist ungültig.',
      errors: [{ field: 'iban', code: 'iban.invalid', message: 'Die angegebene IBAN ist ungültig.' }],
    });
    const english = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/bankaccount',
      headers: { ...(await ctx.auth(owner)), 'accept-language': 'en' },
      payload: { iban: 'DE89370400440532013001' },
    });
    expect(english.json().errors).toEqual([
      { field: 'iban', code: 'iban.invalid', message: IBAN_MESSAGES.invalid },
    ]);
    const missing = await call(owner, 'POST', '/me/bankaccount', { bic: 'COBADEFFXXX' });
    expect(missing.json().errors).toEqual([{ field: 'iban', code: 'required', message: 'Bitte ausfüllen.' }]);
  });

  it("names every invalid field with a code and a text in the reader's language", async () => {
    const res = await call(owner, 'POST', '/me/phone', { number: 'abc', type: 'pager' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'type', code: 'invalidOption', message: 'Bitte wähle einen der angebotenen Werte.' },
    ]);
    const phone = await call(owner, 'POST', '/me/phone', { number: 'abc', type: '' });
    expect(phone.json()).toMatchObject({
      errors: [
        {
          field: 'number',
          code: 'phoneNumber',
          message: expect.stringMatching(/^Bitte gib eine gültige Telefonnummer/),
        },
      ],
    });
    const address = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/address',
      headers: { ...(await ctx.auth(owner)), 'accept-language': 'en' },
      payload: { street: 'x'.repeat(201), zip: '1', city: '' },
    });
    expect(address.statusCode).toBe(400);
    expect(address.json().detail).toBe('Street: At most 200 characters.');
    expect(address.json().errors).toEqual([
      { field: 'street', code: 'tooLong', message: 'At most 200 characters.' },
      { field: 'zip', code: 'postalCode', message: 'Please enter a valid postcode.' },
      { field: 'city', code: 'required', message: 'Please fill this in.' },
    ]);
  });
});

describe('transactions', () => {
  it('leaves neither item nor log row when the write fails after logging', async () => {
    const before = (await logsOf(owner)).length;
    const spy = vi.spyOn(personalDataRepository, 'creatorNames').mockRejectedValueOnce(new Error('boom'));
    const res = await call(owner, 'POST', '/me/additionalinformation', {
      name: 'Fehlschlag',
      description: 'x',
    });
    spy.mockRestore();
    expect(res.statusCode).toBe(500);
    expect((await logsOf(owner)).length).toBe(before);
    const list = await call(owner, 'GET', '/me/additionalinformation');
    expect(list.json().items.map((i: { name: string }) => i.name)).not.toContain('Fehlschlag');
  });
});
