import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlogPostListSchema, type CreateBlogPost } from '@vereinsheim/contracts';
import { blogPosts, tenants } from '../../db/schema/index.ts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { createBlogPost } from './blog.service.ts';

/**
 * ADR 0051: a page of the news list is kept across requests and persons of the same clubs, roles and teams; every use
 * asks the database whether a transaction that committed after the page was read changed one of its clubs' posts
 * (list_changes, migration 0028), and reads the reader's read marks. "Kept" is seen from outside by a change written
 * with the triggers off, which the log does not hear of (as in events.kept-pages.test.ts).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const base: Omit<CreateBlogPost, 'title'> = {
  body: '<p>Text</p>',
  scopeType: 'members',
  isPinned: false,
  isForced: false,
  pinPriority: 0,
  images: [],
};

async function clubWithNews() {
  const clubId = await ctx.createClub('Turnverein Seite');
  const [anna, bernd] = await Promise.all([ctx.createPerson(), ctx.createPerson()]);
  await ctx.addMembership(anna.personId, clubId);
  await ctx.addMembership(bernd.personId, clubId);
  const older = await createBlogPost(ctx.db, {
    ...base,
    title: 'Hallenzeiten',
    tenantId: clubId,
    createdAt: new Date(Date.now() - 2 * 86_400_000),
  });
  const newer = await createBlogPost(ctx.db, {
    ...base,
    title: 'Sommerfest',
    tenantId: clubId,
    createdAt: new Date(Date.now() - 86_400_000),
  });
  return { clubId, anna, bernd, older: older.id, newer: newer.id };
}

async function newsOf(person: TestPerson, clubId: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/me/cms2/blogpost?tenantIds=${clubId}`,
    headers: await ctx.auth(person),
  });
  expect(res.statusCode).toBe(200);
  return BlogPostListSchema.parse(res.json()).items;
}

const titles = (items: { title: string }[]) => items.map((p) => p.title);

async function retitleUnlogged(postId: string, title: string) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(blogPosts).set({ title }).where(eq(blogPosts.id, postId));
  });
}

describe('the news list kept across requests (ADR 0051)', () => {
  it("serves a page it read once to another member of the club, with each one's own read marks", async () => {
    const { clubId, anna, bernd, newer } = await clubWithNews();
    expect(titles(await newsOf(anna, clubId))).toEqual(['Sommerfest', 'Hallenzeiten']);
    await retitleUnlogged(newer, 'Sommerfest (nicht geloggt)');
    expect(titles(await newsOf(bernd, clubId))).toEqual(['Sommerfest', 'Hallenzeiten']);

    const read = await ctx.app.inject({
      method: 'POST',
      url: `/api/me/cms2/blogpost/${newer}/read`,
      headers: await ctx.auth(bernd),
    });
    expect(read.statusCode).toBe(200);
    expect((await newsOf(bernd, clubId)).map((p) => p.isRead)).toEqual([true, false]);
    expect((await newsOf(anna, clubId)).map((p) => p.isRead)).toEqual([false, false]);
    expect(titles(await newsOf(anna, clubId))).toEqual(['Sommerfest', 'Hallenzeiten']);
  });

  it('reads the page anew after a post is written, added or deleted, and after the club is renamed', async () => {
    const { clubId, anna, older, newer } = await clubWithNews();
    await newsOf(anna, clubId);
    await ctx.db.update(blogPosts).set({ title: 'Neue Hallenzeiten' }).where(eq(blogPosts.id, older));
    expect(titles(await newsOf(anna, clubId))).toEqual(['Sommerfest', 'Neue Hallenzeiten']);

    await createBlogPost(ctx.db, { ...base, title: 'Ergebnisse', tenantId: clubId });
    expect(titles(await newsOf(anna, clubId))).toEqual(['Ergebnisse', 'Sommerfest', 'Neue Hallenzeiten']);

    await ctx.db.delete(blogPosts).where(eq(blogPosts.id, newer));
    expect(titles(await newsOf(anna, clubId))).toEqual(['Ergebnisse', 'Neue Hallenzeiten']);

    await ctx.db.update(tenants).set({ name: 'Turnverein am Park' }).where(eq(tenants.id, clubId));
    expect(new Set((await newsOf(anna, clubId)).map((p) => p.tenantName))).toEqual(
      new Set(['Turnverein am Park']),
    );
  });

  it('shows a scheduled post once its time has come, with no write in between', async () => {
    const { clubId, anna } = await clubWithNews();
    const publishedOn = new Date(Date.now() + 1_500);
    await createBlogPost(ctx.db, {
      ...base,
      title: 'Geplant',
      tenantId: clubId,
      publishedOn: publishedOn.toISOString(),
    });
    expect(titles(await newsOf(anna, clubId))).toEqual(['Sommerfest', 'Hallenzeiten']);
    expect(titles(await newsOf(anna, clubId))).toEqual(['Sommerfest', 'Hallenzeiten']);
    await new Promise((resolve) => setTimeout(resolve, publishedOn.getTime() - Date.now() + 50));
    expect(titles(await newsOf(anna, clubId))).toContain('Geplant');
  });
});
