import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClubSettingsSchema, InvoiceDetailSchema, IssueInvoicesResultSchema } from '@vereinsheim/contracts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { logMessages, tenants } from '../../db/schema/index.ts';
import { todayIso } from '../../lib/today.ts';

let ctx: TestContext;
let club: string;
let bare: string;
let otherClub: string;
let admin: TestPerson;
let committee: TestPerson;
let member: TestPerson;
let stranger: TestPerson;

beforeAll(async () => {
  ctx = await createTestContext();
  club = await ctx.createClub('Kanuclub Isar e.V.');
  bare = await ctx.createClub('Ohne Konto e.V.');
  otherClub = await ctx.createClub('Anderer Club');
  admin = await ctx.createPerson({ firstName: 'Ada', lastName: 'Admin' });
  committee = await ctx.createPerson({ firstName: 'Karl', lastName: 'Kasse' });
  member = await ctx.createPerson({ firstName: 'Mia', lastName: 'Mitglied' });
  stranger = await ctx.createPerson({ firstName: 'Sven', lastName: 'Fremd' });
  for (const c of [club, bare]) {
    for (const p of [admin, committee, member]) await ctx.addMembership(p.personId, c);
    await ctx.addMembership(admin.personId, c, 'admin');
    await ctx.addMembership(committee.personId, c, 'committee');
  }
  await ctx.addMembership(stranger.personId, otherClub);
  await ctx.addMembership(stranger.personId, otherClub, 'admin');
});
afterAll(() => ctx.close());

const req = async (
  person: TestPerson,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
  lng = 'de',
) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...(await ctx.auth(person)), 'accept-language': lng },
    ...(payload ? { payload } : {}),
  });

const settings = {
  street: 'Bootshausweg 4',
  city: '81547 München',
  taxNumber: '143/217/50012',
  vatId: 'de 298765431',
  bankAccountOwner: 'Kanuclub Isar e.V.',
  bankIban: 'DE34 7025 0150 0028 4193 70',
  bankBic: '',
  bankName: '',
};

describe('club settings (invoice data)', () => {
  it('starts empty: no GiroCode, invoice data incomplete', async () => {
    const res = await req(admin, 'GET', `/api/tenants/${club}/settings`);
    expect(res.statusCode).toBe(200);
    expect(ClubSettingsSchema.parse(res.json())).toMatchObject({
      name: 'Kanuclub Isar e.V.',
      bankIban: null,
      girocode: false,
      invoiceDataComplete: false,
    });
  });

  it('saves address, tax number and account; BIC and bank name come from the German IBAN; logged', async () => {
    const res = await req(committee, 'PUT', `/api/tenants/${club}/settings`, settings);
    expect(res.statusCode).toBe(200);
    expect(ClubSettingsSchema.parse(res.json())).toMatchObject({
      street: 'Bootshausweg 4',
      taxNumber: '143/217/50012',
      vatId: 'DE298765431',
      bankIban: 'DE34702501500028419370',
      bankBic: 'BYLADEM1KMS',
      bankName: 'Kreissparkasse München Starnberg Ebersberg',
      girocode: true,
      invoiceDataComplete: true,
    });
    const again = ClubSettingsSchema.parse((await req(admin, 'GET', `/api/tenants/${club}/settings`)).json());
    expect(again.bankBic).toBe('BYLADEM1KMS');
    const logs = await ctx.db.select().from(logMessages).where(eq(logMessages.entityId, club));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      actorPersonId: committee.personId,
      summaryKey: 'log.club.settingsChanged',
    });
    // The IBAN is masked in the log.
    expect(JSON.stringify(logs[0]!.changes)).not.toContain('0028419370');
  });

  it('refuses a wrong IBAN, a wrong VAT id and an IBAN without owner in the user’s language, changing nothing', async () => {
    const before = await ctx.db.select().from(tenants).where(eq(tenants.id, club));
    const bad = await req(admin, 'PUT', `/api/tenants/${club}/settings`, {
      ...settings,
      bankIban: 'DE34702501500028419371',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'bankIban', code: 'iban' })]);
    expect(bad.json().errors[0].message).toMatch(/IBAN/);

    const vat = await req(
      admin,
      'PUT',
      `/api/tenants/${club}/settings`,
      { ...settings, vatId: 'DE-12' },
      'en',
    );
    expect(vat.statusCode).toBe(400);
    expect(vat.json().errors[0]).toMatchObject({ field: 'vatId', code: 'invalidFormat' });

    const owner = await req(admin, 'PUT', `/api/tenants/${club}/settings`, {
      ...settings,
      bankAccountOwner: '',
    });
    expect(owner.statusCode).toBe(400);
    expect(owner.json().errors[0]).toMatchObject({ field: 'bankAccountOwner', code: 'required' });
    expect(await ctx.db.select().from(tenants).where(eq(tenants.id, club))).toEqual(before);
  });

  it('is for the club’s committee and admins only: a plain member 403, another club’s admin 404', async () => {
    const plain = await req(member, 'PUT', `/api/tenants/${club}/settings`, { ...settings, street: 'X' });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().detail).toContain('Vorstand');
    expect((await req(member, 'GET', `/api/tenants/${club}/settings`)).statusCode).toBe(403);
    expect((await req(stranger, 'GET', `/api/tenants/${club}/settings`)).statusCode).toBe(404);
    expect((await req(stranger, 'PUT', `/api/tenants/${club}/settings`, settings)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(tenants).where(eq(tenants.id, club));
    expect(row!.street).toBe('Bootshausweg 4');
  });
});

describe('invoices issued by the club (§ 14 UStG, GiroCode)', () => {
  const lines = [
    {
      description: 'Jahresbeitrag 2027',
      quantity: 1,
      unitPriceCents: 12000,
      vatRatePercent: 0,
      vatExemptionReason: 'Nicht steuerbarer Mitgliedsbeitrag',
    },
    { description: 'Vereinsshirt', quantity: 2, unitPriceCents: 1500, vatRatePercent: 19 },
  ];
  const issue = (tenantId: string, extra: object = {}) =>
    req(committee, 'POST', `/api/tenants/${tenantId}/invoices`, {
      personIds: [member.personId],
      title: 'Beitrag 2027',
      dueDate: '2099-01-31',
      serviceDateFrom: '2027-01-01',
      serviceDateTill: '2027-12-31',
      lines,
      ...extra,
    });

  it('refuses a 0 % line without the reason', async () => {
    const res = await issue(club, { lines: [{ ...lines[0], vatExemptionReason: undefined }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'lines.0.vatExemptionReason', code: 'required' });
  });

  it('carries the club’s GiroCode (EPC069-12) and a PDF with every § 14 Abs. 4 field and embedded fonts', async () => {
    const res = await issue(club);
    expect(res.statusCode).toBe(201);
    const result = IssueInvoicesResultSchema.parse(res.json());
    expect(result.girocode).toBe(true);
    const id = result.issued[0]!.id;
    const number = result.issued[0]!.number;
    const detail = InvoiceDetailSchema.parse((await req(member, 'GET', `/api/invoice/${id}`)).json());
    // 120,00 € + 2 × 15,00 € + 19 % = 155,70 €
    expect(detail.epcQrPayload).toBe(
      [
        'BCD',
        '002',
        '1',
        'SCT',
        'BYLADEM1KMS',
        'Kanuclub Isar e.V.',
        'DE34702501500028419370',
        'EUR155.70',
        '',
        '',
        number,
      ].join('\n'),
    );
    expect(detail.issuer).toMatchObject({
      street: 'Bootshausweg 4',
      taxNumber: '143/217/50012',
      vatId: 'DE298765431',
    });
    expect(detail.lines[0]!.vatExemptionReason).toBe('Nicht steuerbarer Mitgliedsbeitrag');

    const pdf = await req(member, 'GET', `/api/invoice/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const { text, fonts } = await readPdf(pdf.rawPayload);
    for (const expected of [
      'Kanuclub Isar e.V.',
      'Bootshausweg 4',
      '81547 München',
      'Steuernummer: 143/217/50012',
      'USt-IdNr.: DE298765431',
      `Rechnung ${number}`,
      'Rechnungsdatum:',
      todayIso().split('-').reverse().join('.'),
      'Leistungszeitraum:',
      '01.01.2027 – 31.12.2027',
      'Nicht steuerbarer Mitgliedsbeitrag',
      'Netto 0 %',
      'Netto 19 %',
      'USt. 19 %',
      '5,70 €',
      'Brutto 19 %',
      '35,70 €',
      '155,70 €',
      'IBAN: DE34 7025 0150 0028 4193 70',
    ]) {
      expect(text).toContain(expected);
    }
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const font of fonts) {
      expect(font.name).toMatch(/NotoSans/);
      expect(font.embedded).toBe(true);
    }
  });

  it('has no GiroCode when the club has no bank details, and says so to the committee', async () => {
    const res = await issue(bare);
    expect(res.statusCode).toBe(201);
    const result = IssueInvoicesResultSchema.parse(res.json());
    expect(result.girocode).toBe(false);
    const detail = InvoiceDetailSchema.parse(
      (await req(member, 'GET', `/api/invoice/${result.issued[0]!.id}`)).json(),
    );
    expect(detail.epcQrPayload).toBeNull();
    expect(detail.bankDetails).toBeNull();
  });
});

/** The PDF's text (pdfjs) and its fonts as the PDF declares them: each font dictionary and its font file. */
async function readPdf(
  bytes: Buffer,
): Promise<{ text: string; fonts: { name: string; embedded: boolean }[] }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isOffscreenCanvasSupported: false,
    verbosity: 0,
  });
  const doc = await task.promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
  await task.destroy();
  // Font dictionaries: every /Type /Font names a /FontDescriptor with /FontFile2 (TrueType program inside).
  const raw = bytes.toString('latin1');
  const fonts = [...raw.matchAll(/\/Type \/Font\b[\s\S]*?\/BaseFont \/([A-Z]{6}\+[\w-]+)/g)].map(
    (m) => m[1]!,
  );
  const descriptors = [...raw.matchAll(/\/Type \/FontDescriptor[\s\S]*?>>/g)].map((m) => m[0]);
  return {
    text,
    fonts: [...new Set(fonts)].map((name) => ({
      name,
      embedded: descriptors.some((d) => d.includes(`/FontName /${name}`) && /\/FontFile2 \d+ 0 R/.test(d)),
    })),
  };
}
