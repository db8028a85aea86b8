import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceDetailSchema, InvoiceListSchema, OrderElementListSchema } from '@vereinsheim/contracts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { invoices, logMessages, orderElements } from '../../db/schema/index.ts';
import { addDays, todayIso } from '../../lib/today.ts';
import { formatDateDe } from './format.ts';
import { invoicesService, type NewInvoice } from './invoices.service.ts';

let ctx: TestContext;
let owner: TestPerson;
let clubmate: TestPerson;
let outsider: TestPerson;
let clubA: string;
let clubB: string;
const ids = { one: '', two: '', three: '', four: '', five: '', six: '', seven: '' };
const today = todayIso();

const payee = {
  accountOwner: 'TSV Test e.V.',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  bankName: 'Testbank',
};

function invoice(personId: string, tenantId: string, n: number, over: Partial<NewInvoice> = {}): NewInvoice {
  return {
    tenantId,
    personId,
    direction: 'incoming',
    number: `RE-T-${String(n).padStart(4, '0')}`,
    title: `Testrechnung ${n}`,
    invoiceDate: addDays(today, -n * 10),
    dueDate: addDays(today, 14 - n * 10),
    status: 'open',
    issuer: { name: 'TSV Test e.V.', street: 'Sportplatzweg 1', city: '80000 München' },
    recipient: { name: 'Test Person', street: null, city: null },
    payee,
    paymentReference: `RE-T-${String(n).padStart(4, '0')} Mitgliedsbeitrag`,
    lines: [
      { description: 'Mitgliedsbeitrag', quantity: 1, unitPriceCents: 120000, vatRateBp: 0 },
      { description: 'Vereinstrikot', quantity: 2, unitPriceCents: 4999, vatRateBp: 1900 },
    ],
    ...over,
  };
}

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
  await ctx.db.transaction(async (tx) => {
    // owner: 1 (newest) … 4 in club A, 5 in club B; 3 past due; 4 paid; clubmate: 6; outsider: 7
    ids.one = (await invoicesService.create(tx, invoice(owner.personId, clubA, 1), null))!.id;
    ids.two = (await invoicesService.create(
      tx,
      invoice(owner.personId, clubA, 2, {
        direction: 'outgoing',
        dueDate: addDays(today, 10),
        title: 'Auslagen Fahrtkosten',
        issuer: { name: 'Test Person' },
        recipient: { name: 'TSV Test e.V.' },
        lines: [{ description: 'Fahrtkosten', quantity: 1, unitPriceCents: 3450, vatRateBp: 0 }],
      }),
      owner.personId,
    ))!.id;
    ids.three = (await invoicesService.create(tx, invoice(owner.personId, clubA, 3), null))!.id;
    ids.four = (await invoicesService.create(
      tx,
      invoice(owner.personId, clubA, 4, { status: 'paid', paidOn: addDays(today, -30) }),
      null,
    ))!.id;
    ids.five = (await invoicesService.create(
      tx,
      invoice(owner.personId, clubB, 5, { status: 'cancelled' }),
      null,
    ))!.id;
    ids.six = (await invoicesService.create(tx, invoice(clubmate.personId, clubA, 6), null))!.id;
    ids.seven = (await invoicesService.create(tx, invoice(outsider.personId, clubB, 7), null))!.id;
    await tx.insert(orderElements).values([
      {
        tenantId: clubA,
        personId: owner.personId,
        invoiceId: ids.one,
        kind: 'kit',
        name: 'Vereinstrikot',
        quantity: 2,
        unitPriceCents: 4999,
        totalCents: 9998,
        createdAt: new Date(Date.now() - 3_600_000),
      },
      {
        tenantId: clubA,
        personId: owner.personId,
        invoiceId: ids.one,
        kind: 'membershipfee',
        name: 'Mitgliedsbeitrag',
        unitPriceCents: 120000,
        totalCents: 120000,
        createdAt: new Date(Date.now() - 7_200_000),
      },
      {
        tenantId: clubB,
        personId: owner.personId,
        // someone else's invoice: the link must not be shown
        invoiceId: ids.seven,
        kind: 'eventfee',
        name: 'Startgeld',
        unitPriceCents: 1500,
        totalCents: 1500,
        createdAt: new Date(Date.now() - 60_000),
      },
      {
        tenantId: clubA,
        personId: clubmate.personId,
        kind: 'kit',
        name: 'Fremde Bestellung',
        unitPriceCents: 100,
        totalCents: 100,
      },
    ]);
  });
});
afterAll(() => ctx.close());

const get = async (url: string, who?: TestPerson, acceptLanguage?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(who ? await ctx.auth(who) : {}),
      ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
    },
  });

describe('GET /api/invoice', () => {
  it("lists only the person's own invoices, newest invoice date first, with the effective status", async () => {
    const res = await get('/api/invoice', owner);
    expect(res.statusCode).toBe(200);
    const body = InvoiceListSchema.parse(res.json());
    expect(body.items.map((i) => i.id)).toEqual([ids.one, ids.two, ids.three, ids.four, ids.five]);
    expect(body).toMatchObject({ maximumcount: 5, page: 1, pagesize: 25, orderbytype: 'descending' });
    expect(body.items.map((i) => i.status)).toEqual(['open', 'open', 'overdue', 'paid', 'cancelled']);
    expect(body.items[0]).toMatchObject({
      tenantId: clubA,
      tenantName: 'TSV Test',
      direction: 'incoming',
      currency: 'EUR',
      netCents: 129998,
      vatCents: 1900,
      grossCents: 131898,
    });
    expect(body.items[1]).toMatchObject({ direction: 'outgoing', grossCents: 3450 });
  });

  it('pages and can order ascending', async () => {
    const page2 = InvoiceListSchema.parse((await get('/api/invoice?page=2&pagesize=2', owner)).json());
    expect(page2.items.map((i) => i.id)).toEqual([ids.three, ids.four]);
    expect(page2).toMatchObject({ maximumcount: 5, page: 2, pagesize: 2 });
    const asc = InvoiceListSchema.parse(
      (await get('/api/invoice?orderby=InvoiceDate&orderbytype=Ascending&top=1', owner)).json(),
    );
    expect(asc.items.map((i) => i.id)).toEqual([ids.five]);
  });

  it('filters by tenantIds, time window, direction and status', async () => {
    const byTenant = InvoiceListSchema.parse((await get(`/api/invoice?tenantIds=${clubB}`, owner)).json());
    expect(byTenant.items.map((i) => i.id)).toEqual([ids.five]);
    const repeated = InvoiceListSchema.parse(
      (await get(`/api/invoice?tenantIds=${clubB}&tenantIds=${clubA}`, owner)).json(),
    );
    expect(repeated.maximumcount).toBe(5);
    const window = InvoiceListSchema.parse(
      (await get(`/api/invoice?from=${addDays(today, -30)}&till=${addDays(today, -20)}`, owner)).json(),
    );
    expect(window.items.map((i) => i.id)).toEqual([ids.two, ids.three]);
    const outgoing = InvoiceListSchema.parse((await get('/api/invoice?direction=outgoing', owner)).json());
    expect(outgoing.items.map((i) => i.id)).toEqual([ids.two]);
    const overdue = InvoiceListSchema.parse((await get('/api/invoice?status=overdue', owner)).json());
    expect(overdue.items.map((i) => i.id)).toEqual([ids.three]);
    const open = InvoiceListSchema.parse((await get('/api/invoice?status=open', owner)).json());
    expect(open.items.map((i) => i.id)).toEqual([ids.one, ids.two]);
  });

  it('accepts the own receiverId and answers 404 for anyone else', async () => {
    expect(
      InvoiceListSchema.parse((await get(`/api/invoice?receiverId=${owner.personId}`, owner)).json())
        .maximumcount,
    ).toBe(5);
    const res = await get(`/api/invoice?receiverId=${clubmate.personId}`, owner);
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).not.toContain(ids.six);
  });

  it.each([
    ['tenantIds=not-a-uuid', 'tenantIds'],
    ['from=2026-13-01', 'from'],
    ['receiverId=42', 'receiverId'],
    ['status=unpaid', 'status'],
    ['orderby=Amount', 'orderby'],
    [`from=2026-05-01&till=2026-04-01`, 'from'],
    ['pagesize=0', 'pagesize'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await get(`/api/invoice?${query}`, owner);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = res.json<{ errors: { field: string }[] }>();
    const fields = problem.errors.map((e) => e.field.split('.')[0]);
    expect(fields).toContain(field);
  });

  it("shows other persons' and clubs' members none of the owner's invoices; no token is 401", async () => {
    const mate = InvoiceListSchema.parse((await get('/api/invoice', clubmate)).json());
    expect(mate.items.map((i) => i.id)).toEqual([ids.six]);
    const other = InvoiceListSchema.parse((await get(`/api/invoice?tenantIds=${clubA}`, outsider)).json());
    expect(other.items).toEqual([]);
    expect((await get('/api/invoice')).statusCode).toBe(401);
  });
});

describe('GET /api/invoice/{id}', () => {
  it('returns lines, VAT groups, bank details and the exact GiroCode payload', async () => {
    const res = await get(`/api/invoice/${ids.one}`, owner);
    expect(res.statusCode).toBe(200);
    const body = InvoiceDetailSchema.parse(res.json());
    expect(body.lines).toEqual([
      {
        position: 1,
        description: 'Mitgliedsbeitrag',
        quantity: 1,
        unitPriceCents: 120000,
        vatRatePercent: 0,
        netCents: 120000,
        vatCents: 0,
        grossCents: 120000,
        vatExemptionReason: null,
      },
      {
        position: 2,
        description: 'Vereinstrikot',
        quantity: 2,
        unitPriceCents: 4999,
        vatRatePercent: 19,
        netCents: 9998,
        vatCents: 1900,
        grossCents: 11898,
        vatExemptionReason: null,
      },
    ]);
    expect(body.vatGroups).toEqual([
      { vatRatePercent: 0, netCents: 120000, vatCents: 0 },
      { vatRatePercent: 19, netCents: 9998, vatCents: 1900 },
    ]);
    expect(body.bankDetails).toEqual(payee);
    expect(body.epcQrPayload).toBe(
      'BCD\n002\n1\nSCT\nBYLADEM1001\nTSV Test e.V.\nDE02120300000000202051\nEUR1318.98\n\n\nRE-T-0001 Mitgliedsbeitrag',
    );
    expect(body.pdfUrl).toBe(`/invoice/${ids.one}/pdf`);
  });

  it('carries no GiroCode once nothing is to be paid', async () => {
    const paid = InvoiceDetailSchema.parse((await get(`/api/invoice/${ids.four}`, owner)).json());
    expect(paid).toMatchObject({ status: 'paid', paidOn: addDays(today, -30), epcQrPayload: null });
    const cancelled = InvoiceDetailSchema.parse((await get(`/api/invoice/${ids.five}`, owner)).json());
    expect(cancelled.epcQrPayload).toBeNull();
    const overdue = InvoiceDetailSchema.parse((await get(`/api/invoice/${ids.three}`, owner)).json());
    expect(overdue.status).toBe('overdue');
    expect(overdue.epcQrPayload).toContain('EUR1318.98');
  });

  it.each([
    ['the owner', () => owner, 200],
    ['another person of the same club', () => clubmate, 404],
    ['a member of another club', () => outsider, 404],
    ['no token', () => undefined, 401],
  ])('answers %s', async (_name, who, status) => {
    const res = await get(`/api/invoice/${ids.one}`, who());
    expect(res.statusCode).toBe(status);
    if (status !== 200) expect(res.body).not.toContain('RE-T-0001');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await get(`/api/invoice/00000000-0000-4000-8000-000000000000`, owner)).statusCode).toBe(404);
    expect((await get(`/api/invoice/123`, owner)).statusCode).toBe(400);
  });
});

async function pdfText(bytes: Buffer): Promise<{
  text: string;
  images: { width: number; height: number; data: Uint8ClampedArray | Uint8Array; kind: number }[];
}> {
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
  const ops = await page.getOperatorList();
  const images: { width: number; height: number; data: Uint8ClampedArray | Uint8Array; kind: number }[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    if (ops.fnArray[i] === pdfjs.OPS.paintImageXObject) {
      const name = (ops.argsArray[i] as [string])[0];
      const img = await new Promise<{ width: number; height: number; data: Uint8ClampedArray; kind: number }>(
        (resolve) => {
          page.objs.get(name, resolve);
        },
      );
      images.push(img);
    }
  }
  await task.destroy();
  return { text, images };
}

/** Reads the QR modules back from the rendered image (1 px = one sample per module centre). */
function modulesOf(
  img: { width: number; data: Uint8ClampedArray | Uint8Array; kind: number },
  size: number,
): boolean[] {
  const margin = 1;
  const scale = img.width / (size + margin * 2);
  const channels = img.kind === 3 ? 4 : img.kind === 2 ? 3 : 1;
  const out: boolean[] = [];
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const x = Math.floor((c + margin + 0.5) * scale);
      const y = Math.floor((r + margin + 0.5) * scale);
      out.push(img.data[(y * img.width + x) * channels]! < 128);
    }
  }
  return out;
}

describe('GET /api/invoice/{id}/pdf', () => {
  it('renders a PDF with number, dates, line items, German totals, bank details and the GiroCode', async () => {
    const rendered = ctx.app.documents.completed;
    const res = await get(`/api/invoice/${ids.one}/pdf`, owner);
    expect(res.statusCode).toBe(200);
    // Rendered by a document worker thread, not on the event loop (ADR 0036).
    expect(ctx.app.documents.completed).toBe(rendered + 1);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Rechnung-RE-T-0001.pdf"');
    const { text, images } = await pdfText(res.rawPayload);
    for (const expected of [
      'Rechnung RE-T-0001',
      'TSV Test e.V.',
      'Rechnungsdatum:',
      formatDateDe(addDays(today, -10)),
      'Fällig am:',
      formatDateDe(addDays(today, 4)),
      'Mitgliedsbeitrag',
      'Vereinstrikot',
      '1.200,00 €',
      '49,99 €',
      '19 %',
      '1.299,98 €',
      '19,00 €',
      '1.318,98 €',
      'IBAN: DE02 1203 0000 0000 2020 51',
      'BIC: BYLADEM1001',
      'Verwendungszweck: RE-T-0001 Mitgliedsbeitrag',
      'offen',
    ]) {
      expect(text).toContain(expected);
    }
    expect(images).toHaveLength(1);
    const detail = InvoiceDetailSchema.parse((await get(`/api/invoice/${ids.one}`, owner)).json());
    const qr = QRCode.create(detail.epcQrPayload!, { errorCorrectionLevel: 'M' });
    const expected = Array.from(qr.modules.data, (bit) => bit === 1);
    expect(modulesOf(images[0]!, qr.modules.size)).toEqual(expected);
  });

  it('says everything but what the club entered in the reader’s language (English)', async () => {
    const res = await get(`/api/invoice/${ids.one}/pdf`, owner, 'en-GB,en;q=0.9');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Invoice-RE-T-0001.pdf"');
    const { text } = await pdfText(res.rawPayload);
    const british = (iso: string) =>
      new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
    for (const expected of [
      'Invoice RE-T-0001',
      'Recipient:',
      'Invoice date:',
      british(addDays(today, -10)),
      'Due on:',
      british(addDays(today, 4)),
      'Status:',
      'open',
      'Description',
      'Unit price',
      // The club's own texts stay as entered.
      'Mitgliedsbeitrag',
      '€1,200.00',
      '19%',
      'Total amount',
      '€1,318.98',
      'Bank details',
      'IBAN: DE02 1203 0000 0000 2020 51',
      'Payment reference: RE-T-0001 Mitgliedsbeitrag',
      'GiroCode: scan it with your banking app',
    ]) {
      expect(text).toContain(expected);
    }
    for (const german of ['Rechnung', 'Fällig', 'Gesamtbetrag', 'Verwendungszweck', '1.200,00']) {
      expect(text).not.toContain(german);
    }
  });

  it('draws names in every Latin script, Greek and Cyrillic', async () => {
    const member = await ctx.createPerson();
    await ctx.addMembership(member.personId, clubA);
    const names = ['Łukasz Wójcik', 'Şule Yılmaz', 'Antonín Dvořák', 'Дмитрий Орлов', 'Ξανθή Παππά'];
    const id = await ctx.db.transaction(
      async (tx) =>
        (await invoicesService.create(
          tx,
          invoice(member.personId, clubA, 8, {
            recipient: { name: names[0]!, street: 'ul. Świętokrzyska 12', city: '00-916 Warszawa' },
            lines: names
              .slice(1)
              .map((name) => ({ description: name, quantity: 1, unitPriceCents: 1500, vatRateBp: 0 })),
          }),
          null,
        ))!.id,
    );
    const res = await get(`/api/invoice/${id}/pdf`, member);
    expect(res.statusCode).toBe(200);
    const { text } = await pdfText(res.rawPayload);
    // A character the embedded font cannot draw comes back as U+0000 (an empty box on paper).
    expect(text).not.toContain('\u0000');
    for (const expected of [...names, 'ul. Świętokrzyska 12']) expect(text).toContain(expected);
  });

  it('has no GiroCode on a paid invoice', async () => {
    const res = await get(`/api/invoice/${ids.four}/pdf`, owner);
    const { text, images } = await pdfText(res.rawPayload);
    expect(text).toContain('Diese Rechnung ist bezahlt.');
    expect(images).toHaveLength(0);
  });

  it.each([
    ['another person of the same club', () => clubmate, 404],
    ['a member of another club', () => outsider, 404],
    ['no token', () => undefined, 401],
  ])('answers %s', async (_name, who, status) => {
    const res = await get(`/api/invoice/${ids.one}/pdf`, who());
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('GET /api/me/orderelements', () => {
  it('lists what the person was charged, newest first, linked to their own invoices only', async () => {
    const res = await get('/api/me/orderelements', owner);
    expect(res.statusCode).toBe(200);
    const body = OrderElementListSchema.parse(res.json());
    expect(body.items.map((i) => i.name)).toEqual(['Startgeld', 'Vereinstrikot', 'Mitgliedsbeitrag']);
    expect(body.orderbytype).toBe('descending');
    expect(body.items[0]).toMatchObject({ kind: 'eventfee', invoiceId: null, invoiceNumber: null });
    expect(body.items[1]).toMatchObject({
      invoiceId: ids.one,
      invoiceNumber: 'RE-T-0001',
      quantity: 2,
      totalCents: 9998,
      tenantName: 'TSV Test',
    });
  });

  it('pages, filters by tenant and keeps other persons apart', async () => {
    const page = OrderElementListSchema.parse(
      (await get('/api/me/orderelements?page=2&top=2', owner)).json(),
    );
    expect(page.items.map((i) => i.name)).toEqual(['Mitgliedsbeitrag']);
    expect(page.maximumcount).toBe(3);
    const b = OrderElementListSchema.parse(
      (await get(`/api/me/orderelements?tenantId=${clubB}`, owner)).json(),
    );
    expect(b.items.map((i) => i.name)).toEqual(['Startgeld']);
    const mate = OrderElementListSchema.parse((await get('/api/me/orderelements', clubmate)).json());
    expect(mate.items.map((i) => i.name)).toEqual(['Fremde Bestellung']);
    const out = OrderElementListSchema.parse((await get('/api/me/orderelements', outsider)).json());
    expect(out.items).toEqual([]);
    expect((await get('/api/me/orderelements')).statusCode).toBe(401);
    expect((await get('/api/me/orderelements?orderby=Name', owner)).statusCode).toBe(400);
  });
});

describe('invoice changes', () => {
  it('writes creation and status changes to the activity log in the same transaction', async () => {
    const created = await ctx.db.select().from(logMessages).where(eq(logMessages.entityId, ids.one));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ personId: owner.personId, action: 'created', entityKind: 'invoice' });

    await invoicesService.changeStatus(ctx.db, {
      tenantId: clubA,
      invoiceId: ids.three,
      status: 'paid',
      paidOn: today,
      actorPersonId: clubmate.personId,
    });
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, ids.three));
    expect(row).toMatchObject({ status: 'paid', paidOn: today });
    const logs = await ctx.db.select().from(logMessages).where(eq(logMessages.entityId, ids.three));
    expect(logs.map((l) => l.action).sort()).toEqual(['created', 'updated']);
    expect(logs.find((l) => l.action === 'updated')).toMatchObject({
      personId: owner.personId,
      actorPersonId: clubmate.personId,
      tenantId: clubA,
      // Stored as a key with parameters and raw values, never as German words.
      summaryKey: 'log.invoice.statusChanged',
      changes: [{ field: 'status', old: 'open', new: 'paid' }],
    });
    // The person reads it in their language: German by default, English when the client asks for it.
    const entry = async (headers: Record<string, string>) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/me/logmessages',
        headers: { ...(await ctx.auth(owner)), ...headers },
      });
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .items.find(
          (l: { entityId: string; action: string }) => l.entityId === ids.three && l.action === 'updated',
        );
    };
    expect(await entry({})).toMatchObject({
      summary: 'Status der Rechnung RE-T-0003 geändert: offen → bezahlt',
      changes: [{ field: 'Status', old: 'offen', new: 'bezahlt' }],
    });
    expect(await entry({ 'accept-language': 'en-GB,en;q=0.9,de;q=0.5' })).toMatchObject({
      summary: 'Status of invoice RE-T-0003 changed: open → paid',
      changes: [{ field: 'Status', old: 'open', new: 'paid' }],
    });
  });

  it('refuses to change a cancelled invoice, and another club cannot touch it', async () => {
    await expect(
      invoicesService.changeStatus(ctx.db, {
        tenantId: clubB,
        invoiceId: ids.five,
        status: 'paid',
        actorPersonId: null,
      }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      invoicesService.changeStatus(ctx.db, {
        tenantId: clubB,
        invoiceId: ids.one,
        status: 'paid',
        actorPersonId: null,
      }),
    ).rejects.toMatchObject({ status: 404 });
    const logs = await ctx.db.select().from(logMessages).where(eq(logMessages.entityId, ids.five));
    expect(logs).toHaveLength(1);
  });
});
