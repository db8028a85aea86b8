import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlogPostListSchema, MESSAGE_KINDS, MessageListSchema } from '@vereinsheim/contracts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { DEMO_BLOG_POST_COUNT } from './blog.ts';
import { demoTenantId, seedDemoData } from './demo.ts';
import { demoId } from './ids.ts';

let ctx: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoData(ctx.db, { issuer: ctx.config.oidc.issuer });
  await seedDemoData(ctx.db, { issuer: ctx.config.oidc.issuer }); // idempotent
  headers = { authorization: `Bearer ${await ctx.token(demoId('account:demo'))}` };
});
afterAll(() => ctx.close());

describe('demo news and messages', () => {
  it('has about 20 posts; the demo account sees its two clubs, pinned first, without the expired one', async () => {
    expect(DEMO_BLOG_POST_COUNT).toBeGreaterThanOrEqual(18);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me/cms2/blogpost?pagesize=100', headers });
    const list = BlogPostListSchema.parse(res.json());
    const clubs = new Set(list.items.map((p) => p.tenantId));
    expect(clubs).toEqual(new Set([demoTenantId('tsv-gruenwald'), demoTenantId('sc-rheinaue')]));
    expect(list.items.slice(0, 2).map((p) => p.isPinned)).toEqual([true, true]);
    expect(list.items.filter((p) => p.isForced)).toHaveLength(1);
    expect(list.items.map((p) => p.title)).not.toContain('Saisonabschlussfeier – Anmeldung geschlossen');
    const withImages = list.items.filter((p) => p.primaryImageUrl);
    expect(withImages.length).toBeGreaterThanOrEqual(4);
    for (const url of new Set(withImages.map((p) => p.primaryImageUrl!))) {
      const image = await ctx.app.inject({ method: 'GET', url });
      expect(image.statusCode, url).toBe(200);
      expect(image.headers['content-type']).toContain('image/svg+xml');
    }
  });

  it('gives the demo account messages of every kind, some unread', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me/messages', headers });
    const list = MessageListSchema.parse(res.json());
    expect(new Set(list.items.map((m) => m.kind))).toEqual(new Set(MESSAGE_KINDS));
    expect(list.unreadcount).toBeGreaterThan(0);
    expect(list.unreadcount).toBeLessThan(list.maximumcount);
  });
});
