import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostList } from '@vereinsheim/contracts';
import { logMessages, messages, teamMembers, teams } from '../../db/schema/index.ts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';

let ctx: TestContext;
let club: string;
let otherClub: string;
let member: TestPerson;
let committee: TestPerson;
let stranger: TestPerson;

const DAY = 24 * 60 * 60 * 1000;

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: TestPerson,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(await ctx.auth(who)), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

async function write(over: Record<string, unknown> = {}) {
  const res = await call('POST', `/api/tenants/${club}/cms2/blogpost`, committee, {
    title: 'Saisonstart',
    body: '<p>Los geht’s</p><script>alert(1)</script>',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<BlogPost>();
}

beforeAll(async () => {
  ctx = await createTestContext();
  club = await ctx.createClub('Newsverein');
  otherClub = await ctx.createClub('Anderer');
  member = await ctx.createPerson();
  committee = await ctx.createPerson();
  stranger = await ctx.createPerson();
  await ctx.addMembership(member.personId, club);
  await ctx.addMembership(committee.personId, club);
  await ctx.addMembership(committee.personId, club, 'committee');
  await ctx.addMembership(stranger.personId, otherClub);
  await ctx.addMembership(stranger.personId, otherClub, 'committee');
});
afterAll(() => ctx.close());

describe('news on the club side', () => {
  it('lists scheduled posts for the committee, while members only see them from validFrom', async () => {
    const later = await write({ title: 'Geplant', validFrom: new Date(Date.now() + 3 * DAY).toISOString() });
    const list = await call('GET', `/api/tenants/${club}/manage/news?keyword=Geplant`, committee);
    expect(list.statusCode).toBe(200);
    expect(list.json<BlogPostList>().items.map((p) => p.id)).toEqual([later.id]);
    expect((await call('GET', `/api/me/cms2/blogpost/${later.id}`, member)).statusCode).toBe(404);
    expect((await call('GET', `/api/tenants/${club}/manage/news`, member)).statusCode).toBe(403);
    expect((await call('GET', `/api/tenants/${club}/manage/news`, stranger)).statusCode).toBe(404);
  });

  it('edits a post: pins it, sanitises the body, logs the change with the editor', async () => {
    const post = await write();
    const res = await call('PUT', `/api/tenants/${club}/manage/news/${post.id}`, committee, {
      title: 'Saisonstart (neu)',
      body: '<p>Neu</p><img src=x onerror=alert(1)>',
      isPinned: true,
      pinPriority: 7,
      isForced: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<BlogPost>();
    expect(updated).toMatchObject({
      title: 'Saisonstart (neu)',
      isPinned: true,
      pinPriority: 7,
      isForced: true,
    });
    expect(updated.body).not.toContain('onerror');
    const seen = await call('GET', `/api/me/cms2/blogpost/${post.id}`, member);
    expect(seen.json()).toMatchObject({ title: 'Saisonstart (neu)', isPinned: true });
    const log = await ctx.db.select().from(logMessages).where(eq(logMessages.entityId, post.id));
    expect(log.map((l) => [l.summaryKey, l.actorPersonId])).toEqual([
      ['log.blogPost.created', committee.personId],
      ['log.blogPost.updated', committee.personId],
    ]);
    expect(
      (await call('PUT', `/api/tenants/${club}/manage/news/${post.id}`, member, { title: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/tenants/${otherClub}/manage/news/${post.id}`, stranger, { title: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('deletes a post', async () => {
    const post = await write();
    expect((await call('DELETE', `/api/tenants/${club}/manage/news/${post.id}`, member)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/tenants/${club}/manage/news/${post.id}`, committee)).statusCode).toBe(
      204,
    );
    expect((await call('GET', `/api/me/cms2/blogpost/${post.id}`, member)).statusCode).toBe(404);
  });

  it('re-encodes an uploaded image to WebP without metadata, at most 1600 px wide', async () => {
    const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3366cc' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'Geheim' } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'foto.jpg');
    const encoded = new Response(form);
    const res = await call(
      'POST',
      `/api/tenants/${club}/manage/news/image`,
      committee,
      Buffer.from(await encoded.arrayBuffer()),
      { 'content-type': encoded.headers.get('content-type')! },
    );
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<{ path: string; width: number; height: number }>();
    expect(image).toMatchObject({ width: 1600, height: 800 });
    const file = await ctx.app.inject({ method: 'GET', url: image.path });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    const post = await write({ images: [image] });
    expect(post.primaryImageUrl).toBe(image.path);
  });
});

describe('messages to a team', () => {
  it('reaches the team members only; a member is refused (403), another club (404)', async () => {
    const [team] = await ctx.db.insert(teams).values({ tenantId: club, name: 'Achter' }).returning();
    await ctx.db.insert(teamMembers).values({ teamId: team!.id, personId: member.personId, role: 'player' });
    const url = `/api/tenants/${club}/team/${team!.id}/messages`;
    const body = { title: 'Training fällt aus', body: 'Heute kein Training' };
    expect((await call('POST', url, member, body)).statusCode).toBe(403);
    expect((await call('POST', url, stranger, body)).statusCode).toBe(404);
    const res = await call('POST', url, committee, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ recipients: 1 });
    const inbox = await ctx.db.select().from(messages).where(eq(messages.personId, member.personId));
    expect(inbox.map((m) => m.title)).toContain('Training fällt aus');
    const committeeInbox = await ctx.db
      .select()
      .from(messages)
      .where(eq(messages.personId, committee.personId));
    expect(committeeInbox).toEqual([]);
  });
});
