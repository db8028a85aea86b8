import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CredentialListSchema,
  HonorListSchema,
  InvoiceDetailSchema,
  InvoiceListSchema,
  OrderElementListSchema,
  TeamContactPersonListSchema,
  TeamDetailSchema,
  TeamDocumentListSchema,
  TeamListSchema,
} from '@vereinsheim/contracts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { logMessages } from '../db/schema/index.ts';
import { demoPersonId, seedDemoData } from './demo.ts';
import { demoId } from './ids.ts';
import { demoFestStart, festName } from './time.ts';

let ctx: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoData(ctx.db, { issuer: ctx.config.oidc.issuer, files: ctx.files });
  await seedDemoData(ctx.db, { issuer: ctx.config.oidc.issuer, files: ctx.files }); // idempotent
  headers = { authorization: `Bearer ${await ctx.token(demoId('account:demo'))}` };
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers });

describe('demo invoices, awards and teams', () => {
  it('gives the demo account invoices in every status, incoming and outgoing, each logged once', async () => {
    const list = InvoiceListSchema.parse((await get('/api/invoice')).json());
    expect(new Set(list.items.map((i) => i.status))).toEqual(
      new Set(['open', 'paid', 'overdue', 'cancelled']),
    );
    expect(new Set(list.items.map((i) => i.direction))).toEqual(new Set(['incoming', 'outgoing']));
    const dates = list.items.map((i) => i.invoiceDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const logs = await ctx.db
      .select()
      .from(logMessages)
      .where(and(eq(logMessages.personId, demoPersonId('demo')), eq(logMessages.entityKind, 'invoice')));
    expect(logs).toHaveLength(list.maximumcount);

    const open = list.items.find((i) => i.status === 'open' && i.direction === 'incoming')!;
    const detail = InvoiceDetailSchema.parse((await get(`/api/invoice/${open.id}`)).json());
    expect(detail.epcQrPayload).toMatch(/^BCD\n002\n1\nSCT\n/);
    expect((await get(`/api/invoice/${open.id}/pdf`)).statusCode).toBe(200);
  });

  it('links order elements to the invoices', async () => {
    const list = OrderElementListSchema.parse((await get('/api/me/orderelements')).json());
    expect(list.items.length).toBeGreaterThanOrEqual(5);
    expect(new Set(list.items.map((o) => o.kind))).toEqual(new Set(['membershipfee', 'kit', 'eventfee']));
    expect(list.items.filter((o) => o.invoiceNumber !== null).length).toBeGreaterThanOrEqual(4);
  });

  it('has two licences (one expiring soon), qualifications and honors', async () => {
    const licences = CredentialListSchema.parse((await get('/api/me/license')).json());
    expect(licences.items.map((l) => l.status)).toEqual(['expiring', 'valid']);
    const quals = CredentialListSchema.parse((await get('/api/me/qualification')).json());
    expect(quals.items.length).toBeGreaterThanOrEqual(2);
    const honors = HonorListSchema.parse((await get('/api/me/honor')).json());
    expect(honors.items.length).toBeGreaterThanOrEqual(2);
  });

  it('has two teams with members, shared contact data, documents and contact persons', async () => {
    const list = TeamListSchema.parse((await get('/api/me/team')).json());
    expect(list.items).toHaveLength(2);
    for (const team of list.items) {
      const detail = TeamDetailSchema.parse((await get(`/api/team/${team.id}`)).json());
      expect(detail.members.length).toBeGreaterThanOrEqual(5);
      const docs = TeamDocumentListSchema.parse(
        (await get(`/api/tenant/${team.tenantId}/team/${team.id}/documentupload`)).json(),
      );
      expect(docs.items.length).toBeGreaterThanOrEqual(1);
      const file = await get(`/api${docs.items[0]!.downloadUrl}`);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const contacts = TeamContactPersonListSchema.parse(
        (await get(`/api/tenant/${team.tenantId}/team/${team.id}/contactperson`)).json(),
      );
      expect(contacts.items.length).toBeGreaterThanOrEqual(2);
    }
    const volleyball = TeamDetailSchema.parse(
      (await get(`/api/team/${demoId('team:tsv-volleyball-mixed')}`)).json(),
    );
    const withContact = volleyball.members.filter((m) => m.mails.length || m.phones.length);
    const names = withContact.map((m) => m.firstName);
    expect(names).toEqual(expect.arrayContaining(['Lukas', 'Sophie']));
    for (const unshared of ['Paul', 'Clara', 'Lea']) expect(names).not.toContain(unshared);
    expect(volleyball.upcomingEvents.map((e) => e.name)).toEqual([
      'Bergwanderung Wendelstein',
      festName(demoFestStart(new Date())), // 'Winterfest 2026' when seeded in late November
    ]);
  });
});
