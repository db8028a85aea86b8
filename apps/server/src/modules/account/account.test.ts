import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authLimits, devMails, itemSharing, oidcModels, passwordResets } from '../../db/schema/index.ts';
import { limitKeys } from '../../identity/limits.ts';
import { FRESH_SIGN_IN_REQUIRED } from '@vereinsheim/contracts/account';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';

let ctx: TestContext;
let doomed: TestPerson;
let bystander: TestPerson;
let club: string;

const SECRET_IBAN = 'DE02120300000000202051';
const ITEM_MAIL = 'zacharias.privat@example.org';

async function call(
  person: TestPerson | null,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  const headers = person ? await ctx.auth(person) : {};
  return ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
}

async function ok(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return JSON.parse(res.body || 'null') as Record<string, unknown>;
}

/** Every row of every table in the public schema as JSON text. */
async function allRowsText(): Promise<{ table: string; text: string }[]> {
  const tables = await ctx.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const out: { table: string; text: string }[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await ctx.db.execute<{ j: string }>(
      sql`select row_to_json(t)::text as j from ${sql.raw(`"${table_name}"`)} t`,
    );
    for (const row of rows.rows) out.push({ table: table_name, text: row.j });
  }
  return out;
}

beforeAll(async () => {
  ctx = await createTestContext();
  doomed = await ctx.createPerson({ firstName: 'Zacharias', lastName: 'Xylophonsen' });
  bystander = await ctx.createPerson({ firstName: 'Berta', lastName: 'Bleibt' });
  club = await ctx.createClub('Löschverein');
  await ctx.addMembership(doomed.personId, club);
  await ctx.addMembership(bystander.personId, club);

  // A full person: every kind of item, shared (one locked), an avatar, approvals, log rows.
  const address = await ok(
    await call(doomed, 'POST', '/me/address', {
      street: 'Geheimweg',
      streetNumber: '13',
      zip: '20095',
      city: 'Hamburg',
    }),
  );
  await ok(
    await call(doomed, 'POST', `/me/address/${address.id as string}/share/intern`, { tenantId: club }),
  );
  await ok(await call(doomed, 'POST', '/me/mail', { email: ITEM_MAIL }));
  await ok(await call(doomed, 'POST', '/me/phone', { number: '+49 40 9876543' }));
  const bank = await ok(
    await call(doomed, 'POST', '/me/bankaccount', {
      iban: SECRET_IBAN,
      accountOwner: 'Zacharias Xylophonsen',
    }),
  );
  await ok(await call(doomed, 'PUT', `/me/bankaccount/${bank.id as string}/share`, { tenantIds: [club] }));
  await ctx.db
    .update(itemSharing)
    .set({ locked: true, lockedReason: 'Beitragseinzug' })
    .where(sql`${itemSharing.itemId} = ${bank.id as string}`);
  await ok(
    await call(doomed, 'POST', '/me/confectioninformation', { confectionSize: 44, clothingPartType: 'shoe' }),
  );
  await ok(
    await call(doomed, 'POST', '/me/medicalinformation', { type: 'allergy', name: 'Xylophonsen-Syndrom' }),
  );
  await ok(
    await call(doomed, 'POST', '/me/additionalinformation', {
      name: 'Notiz',
      description: 'Zacharias mag Xylophone',
    }),
  );
  await ok(await call(doomed, 'POST', '/me/approvals', { tenantId: club, kind: 'privacy' }));
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const encoded = new Response(form);
  await ok(
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/me/image/tenant/${club}/0/upload`,
      headers: { ...(await ctx.auth(doomed)), 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    }),
  );
  // The embedded provider's rows for the account.
  await ctx.db.insert(oidcModels).values([
    {
      kind: 'Session',
      id: 'sess-1',
      payload: { accountId: doomed.subject, loginTs: 1 },
      accountId: doomed.subject,
    },
    {
      kind: 'Grant',
      id: 'grant-1',
      payload: { accountId: doomed.subject, clientId: 'vereinsheim-web' },
      grantId: 'grant-1',
      accountId: doomed.subject,
    },
    {
      kind: 'Session',
      id: 'sess-2',
      payload: { accountId: bystander.subject },
      accountId: bystander.subject,
    },
  ]);
  await ctx.db
    .insert(passwordResets)
    .values({ tokenHash: 'h1', accountId: doomed.subject, expiresAt: new Date(Date.now() + 3600_000) });
  await ctx.db.insert(devMails).values({ to: doomed.email, subject: 'Willkommen', text: 'Hallo Zacharias' });
  await ctx.db.insert(authLimits).values([
    { key: `mail-to:${limitKeys.account(doomed.email)}`, points: 1, expire: new Date(Date.now() + 3600_000) },
    {
      key: `login-pair-n:p:${limitKeys.account(doomed.email)}:${limitKeys.address('127.0.0.1')}`,
      points: 3,
      expire: new Date(Date.now() + 3600_000),
    },
  ]);
});
afterAll(() => ctx.close());

describe('GET /api/me/export', () => {
  it('downloads everything about the person as a JSON attachment, without secrets', async () => {
    const res = await call(doomed, 'GET', '/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="vereinsheim-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.person).toMatchObject({ id: doomed.personId, firstName: 'Zacharias' });
    for (const table of [
      'addresses',
      'mail_addresses',
      'phone_numbers',
      'bank_accounts',
      'confection_informations',
      'medical_informations',
      'additional_informations',
      'item_sharing',
      'log_messages',
      'approvals',
      'memberships',
      'identities',
      'accounts',
      'person_images',
    ]) {
      expect(data.tables[table], table).toBeDefined();
    }
    expect(res.body).toContain(SECRET_IBAN);
    expect(res.body).not.toContain('password_hash');
    expect(res.body).not.toContain(bystander.personId);
    expect((await call(null, 'GET', '/me/export')).statusCode).toBe(401);
  });
});

describe('DELETE /api/me', () => {
  it.each([[{}], [{ confirmation: 'ja' }]])('refuses without the confirmation word: %j', async (body) => {
    const res = await call(doomed, 'DELETE', '/me', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('confirmation');
    expect((await call(doomed, 'GET', '/me')).statusCode).toBe(200);
  });

  it('removes every trace of the person and nothing of others', async () => {
    const needles = [
      doomed.personId,
      doomed.subject,
      'Zacharias',
      'Xylophonsen',
      doomed.email,
      ITEM_MAIL,
      SECRET_IBAN,
      'Geheimweg',
    ];
    const before = (await allRowsText()).filter((r) => needles.some((n) => r.text.includes(n)));
    expect(before.length).toBeGreaterThan(20);
    const files = await ctx.db.execute<{ name: string }>(sql`select name from stored_files`);
    expect(files.rows.length).toBe(2);
    for (const { name } of files.rows) {
      expect((await ctx.app.inject({ method: 'GET', url: `/media/files/${name}` })).statusCode).toBe(200);
    }
    const res = await call(doomed, 'DELETE', '/me', { confirmation: 'löschen' });
    expect(res.statusCode, res.body).toBe(204);
    const leftovers = (await allRowsText()).filter((r) =>
      needles.some((n) => r.text.toLowerCase().includes(n.toLowerCase())),
    );
    expect(leftovers).toEqual([]);
    // Image files are gone from the store too.
    for (const { name } of files.rows) {
      expect((await ctx.app.inject({ method: 'GET', url: `/media/files/${name}` })).statusCode).toBe(404);
    }
    // The token no longer names a person, and the bystander is untouched.
    expect((await call(doomed, 'GET', '/me')).statusCode).toBe(401);
    const other = await call(bystander, 'GET', '/me');
    expect(other.json()).toMatchObject({
      firstName: 'Berta',
      tenants: [expect.objectContaining({ name: 'Löschverein' })],
    });
    const sessions = await ctx.db.select().from(oidcModels);
    expect(sessions.map((s) => s.id)).toEqual(['sess-2']);
    const counters = await ctx.db.select().from(authLimits);
    expect(counters.filter((c) => c.key.includes(limitKeys.account(doomed.email)))).toEqual([]);
  });
});

describe('DELETE /api/me needs a fresh sign-in', () => {
  it.each([
    ['a sign-in 6 minutes ago', { auth_time: Math.floor(Date.now() / 1000) - 6 * 60 }],
    ['no auth_time', { auth_time: undefined }],
  ])('refuses %s with 401 fresh-sign-in-required and changes nothing', async (_name, payload) => {
    const person = await ctx.createPerson();
    const token = await ctx.token(person.subject, { payload });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
      payload: { confirmation: 'LÖSCHEN' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ type: FRESH_SIGN_IN_REQUIRED, status: 401 });
    expect(res.headers['www-authenticate']).toMatch(
      /^Bearer error="insufficient_user_authentication", error_description="[^"]+", max_age="300"$/,
    );
    expect((await call(person, 'GET', '/me')).statusCode).toBe(200);
  });

  it('deletes with a sign-in 4 minutes ago', async () => {
    const person = await ctx.createPerson();
    const token = await ctx.token(person.subject, {
      payload: { auth_time: Math.floor(Date.now() / 1000) - 4 * 60 },
    });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
      payload: { confirmation: 'LÖSCHEN' },
    });
    expect(res.statusCode, res.body).toBe(204);
  });
});

describe('DELETE /api/me matches the provider’s rows exactly', () => {
  it('leaves the rows of an account whose address and payload contain the deleted one’s', async () => {
    // anna@… is a substring of johanna@…, and johanna's session mentions anna's account id.
    const suffix = `${Date.now()}@verein.example`;
    const anna = await ctx.createPerson({ firstName: 'Anna', email: `anna${suffix}` });
    const johanna = await ctx.createPerson({ firstName: 'Johanna', email: `johanna${suffix}` });
    expect(johanna.email).toContain(anna.email);
    await ctx.db.insert(oidcModels).values([
      {
        kind: 'Session',
        id: `s-${anna.subject}`,
        payload: { accountId: anna.subject },
        accountId: anna.subject,
      },
      {
        kind: 'Session',
        id: `s-${johanna.subject}`,
        payload: { accountId: johanna.subject, note: `switched from ${anna.subject}` },
        accountId: johanna.subject,
      },
      {
        kind: 'Interaction',
        id: `i-${johanna.subject}`,
        payload: { params: { login_hint: anna.email }, accountId: johanna.subject },
        accountId: johanna.subject,
      },
    ]);
    await ctx.db.insert(devMails).values([
      { to: anna.email, subject: 'Für Anna', text: '…' },
      { to: johanna.email, subject: 'Für Johanna', text: '…' },
    ]);
    const expire = new Date(Date.now() + 3600_000);
    await ctx.db.insert(authLimits).values([
      { key: `mail-to:${limitKeys.account(anna.email)}`, points: 1, expire },
      { key: `mail-to:${limitKeys.account(johanna.email)}`, points: 1, expire },
    ]);

    const res = await call(anna, 'DELETE', '/me', { confirmation: 'LÖSCHEN' });
    expect(res.statusCode, res.body).toBe(204);

    const rows = await ctx.db.select().from(oidcModels);
    expect(rows.filter((r) => r.accountId === anna.subject)).toEqual([]);
    expect(
      rows
        .filter((r) => r.accountId === johanna.subject)
        .map((r) => r.kind)
        .sort(),
    ).toEqual(['Interaction', 'Session']);
    const mails = await ctx.db.select().from(devMails);
    expect(mails.map((m) => m.subject)).toContain('Für Johanna');
    expect(mails.map((m) => m.subject)).not.toContain('Für Anna');
    const limits = await ctx.db.select().from(authLimits);
    expect(limits.map((l) => l.key)).toContain(`mail-to:${limitKeys.account(johanna.email)}`);
    expect(limits.map((l) => l.key)).not.toContain(`mail-to:${limitKeys.account(anna.email)}`);
    expect((await call(johanna, 'GET', '/me')).statusCode).toBe(200);
  });
});

describe('DELETE /api/me for the seeded demo person', () => {
  it('leaves no row naming Mia Hoffmann in any module’s table', async () => {
    const { seedDemoData } = await import('../../seed/demo.ts');
    const { demoId } = await import('../../seed/ids.ts');
    await seedDemoData(ctx.db, { issuer: ctx.config.oidc.issuer, files: ctx.files });
    const personId = demoId('person:demo');
    const needles = [
      personId,
      demoId('account:demo'),
      'Hoffmann',
      'demo@vereinsheim.example',
      'mia.hoffmann@example.org',
    ];
    const before = (await allRowsText()).filter((r) => needles.some((n) => r.text.includes(n)));
    expect(new Set(before.map((r) => r.table)).size).toBeGreaterThan(8);
    const headers = { authorization: `Bearer ${await ctx.token(demoId('account:demo'))}` };
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers,
      payload: { confirmation: 'LÖSCHEN' },
    });
    expect(res.statusCode, res.body).toBe(204);
    // Invoices are kept as the law requires (recipient name and address are part of an invoice),
    // but no longer linked to a person; nothing else may remain.
    const leftovers = (await allRowsText()).filter((r) => needles.some((n) => r.text.includes(n)));
    expect(
      leftovers.filter((r) => r.table !== 'invoices').map((r) => `${r.table}: ${r.text.slice(0, 200)}`),
    ).toEqual([]);
    const kept = leftovers.filter((r) => r.table === 'invoices');
    expect(kept.length).toBeGreaterThan(0);
    for (const row of kept) {
      const invoice = JSON.parse(row.text) as Record<string, unknown>;
      expect(invoice.person_id).toBeNull();
      expect(row.text).not.toContain(personId);
      expect(row.text).not.toContain('demo@vereinsheim.example');
    }
  });
});
