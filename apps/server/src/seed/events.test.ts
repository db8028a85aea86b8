import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDetail, EventList, MyRegistrationList } from '@vereinsheim/contracts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { seedDemoData } from './demo.ts';
import { demoId } from './ids.ts';

let ctx: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  const options = { issuer: ctx.config.oidc.issuer, files: ctx.files };
  await seedDemoData(ctx.db, options);
  await seedDemoData(ctx.db, options); // idempotent
  headers = { authorization: `Bearer ${await ctx.token(demoId('account:demo'))}` };
});
afterAll(() => ctx.close());

const get = async <T>(url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, url).toBe(200);
  return res.json<T>();
};

describe('demo events', () => {
  it("show the demo member her clubs' events and public events in every status", async () => {
    const list = await get<EventList>('/api/event?pagesize=50');
    const names = list.items.map((e) => e.name);
    expect(names).toContain('Alster-Regatta'); // public event of a club she does not belong to
    expect(names).not.toContain('Rudern für Anfänger'); // members-only event of that club
    const statuses = new Set(list.items.map((e) => e.status));
    for (const s of ['upcoming', 'soon', 'soonstart', 'current', 'past', 'cancelled'])
      expect(statuses, s).toContain(s);
  });

  it('has a full event with a waiting list where the demo member waits in second place', async () => {
    const list = await get<EventList>('/api/event?keyword=Wendelstein');
    const event = list.items[0]!;
    expect(event).toMatchObject({ placesLeft: 0, waitingCount: 2, eventProgressType: 'waiting' });
    const detail = await get<EventDetail>(`/api/event/${event.id}`);
    expect(detail.eventRegistration?.waitingPosition).toBe(2);
  });

  it('registers the demo member in several statuses, with documents and contact persons', async () => {
    const mine = await get<MyRegistrationList>(
      '/api/me/event/registrations?includeCancelled=true&pagesize=50',
    );
    const statuses = new Set(mine.items.map((r) => r.eventProgressType));
    for (const s of ['participating', 'waiting', 'requested', 'invited', 'cancelled'])
      expect(statuses, s).toContain(s);
    expect(mine.items.some((r) => !r.freeCancellation && r.eventProgressType === 'participating')).toBe(true);

    const fest = await get<EventDetail>(`/api/event/${demoId('event:sommerfest')}`);
    const contract = await get<{ price: { prices: unknown[] } }>(`/api/event/${fest.id}/contract`);
    expect(contract.price.prices.length).toBeGreaterThanOrEqual(4);
    const docs = await get<{ items: { fileName: string; downloadUrl: string }[] }>(
      `/api/tenants/${fest.tenantId}/event/${fest.id}/documentupload`,
    );
    const pdf = docs.items.find((d) => d.fileName.endsWith('.pdf'))!;
    const file = await ctx.app.inject({ method: 'GET', url: `/api${pdf.downloadUrl}`, headers });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const contacts = await get<{ items: unknown[] }>(
      `/api/tenants/${fest.tenantId}/event/${fest.id}/contactperson`,
    );
    expect(contacts.items.length).toBe(2);
  });
});
