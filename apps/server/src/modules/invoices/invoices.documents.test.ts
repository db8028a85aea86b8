import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import type { XlsxSheet } from '../../documents/index.ts';
import { addDays, todayIso } from '../../lib/today.ts';
import { invoicesService } from './invoices.service.ts';

/** An export big enough to keep the only document thread busy while the test asks for a PDF (20 000 rows). */
const bigSheet: XlsxSheet = {
  name: 'Gross',
  header: ['Nr', 'Name'],
  rows: Array.from({ length: 20_000 }, (_, i) => [i, `Person ${i}`]),
};

describe('GET /api/invoice/{id}/pdf with every document thread busy', () => {
  let ctx: TestContext;
  let owner: TestPerson;
  let invoiceId: string;

  beforeAll(async () => {
    ctx = await createTestContext({ DOCUMENT_THREADS: '1', DOCUMENT_QUEUE: '0' });
    owner = await ctx.createPerson();
    const club = await ctx.createClub('TSV Dokumente');
    await ctx.addMembership(owner.personId, club);
    const today = todayIso();
    invoiceId = await ctx.db.transaction(
      async (tx) =>
        (await invoicesService.create(
          tx,
          {
            tenantId: club,
            personId: owner.personId,
            direction: 'incoming',
            number: 'RE-D-0001',
            title: 'Mitgliedsbeitrag',
            invoiceDate: today,
            dueDate: addDays(today, 14),
            status: 'open',
            issuer: { name: 'TSV Dokumente e.V.' },
            recipient: { name: 'Test Person' },
            payee: null,
            paymentReference: 'RE-D-0001',
            lines: [{ description: 'Mitgliedsbeitrag', quantity: 1, unitPriceCents: 12000, vatRateBp: 0 }],
          },
          null,
        ))!.id,
    );
  });
  afterAll(() => ctx?.close());

  it("answers 503 with Retry-After in the reader's language, then the PDF once the thread is free", async () => {
    const busy = ctx.app.documents.xlsx(bigSheet);
    const pdf = (language: string) =>
      ctx.auth(owner).then((headers) =>
        ctx.app.inject({
          method: 'GET',
          url: `/api/invoice/${invoiceId}/pdf`,
          headers: { ...headers, 'accept-language': language },
        }),
      );
    for (const [language, text] of [
      [
        'de',
        'Gerade werden sehr viele Dokumente erstellt. Bitte versuche es in ein paar Sekunden noch einmal.',
      ],
      ['en', 'Many documents are being created right now. Please try again in a few seconds.'],
    ] as const) {
      const res = await pdf(language);
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ status: 503, code: 'documents.busy', detail: text });
    }
    await busy;
    const res = await pdf('de');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
