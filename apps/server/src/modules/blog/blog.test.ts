import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlogPostListSchema, BlogPostSchema, type CreateBlogPost } from '@vereinsheim/contracts';
import { createTestContext, type TestContext, type TestPerson } from '../../../test/harness.ts';
import { teamMembers, teams } from '../../db/schema/index.ts';
import { createBlogPost } from './blog.service.ts';

let ctx: TestContext;
let clubA: string;
let clubB: string;
let member: TestPerson; // member of A
let outsider: TestPerson; // member of B only
let editor: TestPerson; // committee of A
let teamPlayer: TestPerson; // member of A and of team T
let teamId: string;
const ids: Record<string, string> = {};

const base: Omit<CreateBlogPost, 'title'> = {
  body: '<p>Text</p>',
  scopeType: 'members',
  isPinned: false,
  isForced: false,
  pinPriority: 0,
  images: [],
};
const day = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * day);

async function post(key: string, tenantId: string, input: Partial<CreateBlogPost> & { createdAt?: Date }) {
  const row = await createBlogPost(ctx.db, {
    ...base,
    title: key,
    tenantId,
    createdAt: input.createdAt ?? ago(1),
    ...input,
  });
  ids[key] = row.id;
  return row;
}

async function get(person: TestPerson | null, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: person ? await ctx.auth(person) : {} });
}

beforeAll(async () => {
  ctx = await createTestContext();
  clubA = await ctx.createClub('Club A');
  clubB = await ctx.createClub('Club B');
  member = await ctx.createPerson();
  outsider = await ctx.createPerson();
  editor = await ctx.createPerson();
  teamPlayer = await ctx.createPerson();
  await ctx.addMembership(member.personId, clubA);
  await ctx.addMembership(outsider.personId, clubB);
  await ctx.addMembership(editor.personId, clubA, 'member');
  await ctx.addMembership(editor.personId, clubA, 'committee');
  await ctx.addMembership(teamPlayer.personId, clubA);
  const [team] = await ctx.db.insert(teams).values({ tenantId: clubA, name: 'Erste Herren' }).returning();
  teamId = team!.id;
  await ctx.db.insert(teamMembers).values({ teamId, personId: teamPlayer.personId, role: 'player' });

  await post('a-old', clubA, { createdAt: ago(10) });
  await post('a-new', clubA, { createdAt: ago(2) });
  await post('a-mid', clubA, { createdAt: ago(5) });
  await post('a-pin-low', clubA, { createdAt: ago(20), isPinned: true, pinPriority: 1 });
  await post('a-pin-high', clubA, { createdAt: ago(30), isPinned: true, pinPriority: 5 });
  await post('a-expired', clubA, { validTo: ago(1).toISOString() });
  await post('a-future', clubA, { validFrom: new Date(Date.now() + day).toISOString() });
  await post('a-team', clubA, { scopeType: 'team', teamId });
  await post('a-public', clubA, { scopeType: 'public', createdAt: ago(3) });
  await post('a-forced', clubA, { isForced: true, createdAt: ago(4) });
  await post('b-members', clubB, {});
});
afterAll(() => ctx.close());

const titles = (body: unknown) => BlogPostListSchema.parse(body).items.map((p) => p.title);

describe('GET /api/tenants/{tenantId}/cms2/blogpost', () => {
  it('lists pinned posts first by priority, then newest first, only within the validity window', async () => {
    const res = await get(member, `/api/tenants/${clubA}/cms2/blogpost`);
    expect(res.statusCode).toBe(200);
    expect(titles(res.json())).toEqual([
      'a-pin-high',
      'a-pin-low',
      'a-new',
      'a-public',
      'a-forced',
      'a-mid',
      'a-old',
    ]);
    expect(res.json()).toMatchObject({
      maximumcount: 7,
      page: 1,
      pagesize: 25,
      top: 25,
      orderbytype: 'descending',
    });
  });

  it('pages with page and pagesize', async () => {
    const page2 = await get(
      member,
      `/api/tenants/${clubA}/cms2/blogpost?page=2&pagesize=3&orderby=CreatedAt&orderbytype=descending`,
    );
    expect(titles(page2.json())).toEqual(['a-public', 'a-forced', 'a-mid']);
    expect(page2.json()).toMatchObject({ maximumcount: 7, page: 2, pagesize: 3 });
    const page3 = await get(member, `/api/tenants/${clubA}/cms2/blogpost?page=3&top=3`);
    expect(titles(page3.json())).toEqual(['a-old']);
    expect(page3.json()).toMatchObject({ maximumcount: 7 });
    const pastTheEnd = await get(member, `/api/tenants/${clubA}/cms2/blogpost?page=5&pagesize=3`);
    expect(pastTheEnd.json()).toMatchObject({ items: [], maximumcount: 7, page: 5 });
  });

  it('shows team posts to the team and to the club staff only', async () => {
    expect(titles((await get(teamPlayer, `/api/tenants/${clubA}/cms2/blogpost`)).json())).toContain('a-team');
    expect(titles((await get(editor, `/api/tenants/${clubA}/cms2/blogpost`)).json())).toContain('a-team');
    expect(titles((await get(member, `/api/tenants/${clubA}/cms2/blogpost`)).json())).not.toContain('a-team');
  });

  it("shows a member of another club only the club's public posts", async () => {
    const res = await get(outsider, `/api/tenants/${clubA}/cms2/blogpost`);
    expect(res.statusCode).toBe(200);
    expect(titles(res.json())).toEqual(['a-public']);
  });

  it('searches the keyword in the chosen fields', async () => {
    expect(titles((await get(member, `/api/tenants/${clubA}/cms2/blogpost?keyword=a-mi`)).json())).toEqual([
      'a-mid',
    ]);
    const res = await get(member, `/api/tenants/${clubA}/cms2/blogpost?keyword=a-mi&searchfields=body`);
    expect(titles(res.json())).toEqual([]);
  });

  it.each([
    ['orderby=Name', 'orderby'],
    ['searchfields=secret', 'searchfields'],
    ['page=0', 'page'],
    ['pagesize=abc', 'pagesize'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await get(member, `/api/tenants/${clubA}/cms2/blogpost?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(JSON.stringify(res.json())).toContain(field);
  });

  it('answers 404 for an unknown club and 401 without a token', async () => {
    expect((await get(member, `/api/tenants/${crypto.randomUUID()}/cms2/blogpost`)).statusCode).toBe(404);
    expect((await get(null, `/api/tenants/${clubA}/cms2/blogpost`)).statusCode).toBe(401);
  });
});

describe('GET /api/me/cms2/blogpost', () => {
  it("lists the posts of all the person's clubs and nothing of other clubs", async () => {
    await ctx.addMembership(outsider.personId, clubA, 'participant').catch(() => undefined);
    const both = titles((await get(outsider, '/api/me/cms2/blogpost')).json());
    expect(both).toContain('b-members');
    expect(both).toContain('a-new');
    const onlyA = titles((await get(member, '/api/me/cms2/blogpost?userId=ignored')).json());
    expect(onlyA).not.toContain('b-members');
    expect(onlyA.slice(0, 2)).toEqual(['a-pin-high', 'a-pin-low']);
  });

  it('lists only the chosen clubs with tenantIds, and refuses a club the person is not in with 404', async () => {
    const both = await ctx.createPerson();
    await ctx.addMembership(both.personId, clubA);
    await ctx.addMembership(both.personId, clubB);
    const onlyB = titles((await get(both, `/api/me/cms2/blogpost?tenantIds=${clubB}`)).json());
    expect(onlyB).toEqual(['b-members']);
    const onlyA = titles((await get(both, `/api/me/cms2/blogpost?tenantId=${clubA}`)).json());
    expect(onlyA).toContain('a-new');
    expect(onlyA).not.toContain('b-members');
    const again = titles((await get(both, `/api/me/cms2/blogpost?tenantIds=${clubA},${clubB}`)).json());
    expect(again).toEqual(expect.arrayContaining(['a-new', 'b-members']));

    // member is in club A only: club B's id (or an unknown one) is answered like any invisible club.
    for (const id of [clubB, crypto.randomUUID()]) {
      const res = await get(member, `/api/me/cms2/blogpost?tenantIds=${clubA},${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'club.notFound' });
    }
    expect((await get(member, '/api/me/cms2/blogpost?tenantIds=nope')).statusCode).toBe(400);
  });
});

describe('GET /api/…/cms2/blogpost/{id}', () => {
  it.each([
    ['a member', () => member, () => `/api/tenants/${clubA}/cms2/blogpost/${ids['a-new']}`, 200],
    ['a member (me path)', () => member, () => `/api/me/cms2/blogpost/${ids['a-new']}`, 200],
    ['a member of another club', () => outsider2, () => `/api/me/cms2/blogpost/${ids['a-new']}`, 404],
    [
      'a member of another club (tenant path)',
      () => outsider2,
      () => `/api/tenants/${clubA}/cms2/blogpost/${ids['a-new']}`,
      404,
    ],
    [
      'anyone signed in, for a public post',
      () => outsider2,
      () => `/api/me/cms2/blogpost/${ids['a-public']}`,
      200,
    ],
    [
      'a member, through the wrong club',
      () => member,
      () => `/api/tenants/${clubB}/cms2/blogpost/${ids['a-new']}`,
      404,
    ],
    ['a member, after validTo', () => member, () => `/api/me/cms2/blogpost/${ids['a-expired']}`, 404],
    ['a member, before validFrom', () => member, () => `/api/me/cms2/blogpost/${ids['a-future']}`, 404],
    ['a club member outside the team', () => member, () => `/api/me/cms2/blogpost/${ids['a-team']}`, 404],
    ['the team member', () => teamPlayer, () => `/api/me/cms2/blogpost/${ids['a-team']}`, 200],
    ['no token', () => null, () => `/api/me/cms2/blogpost/${ids['a-new']}`, 401],
  ])('%s → %i', async (_name, who, url, status) => {
    const res = await get(who(), url());
    expect(res.statusCode).toBe(status);
    if (status === 200) BlogPostSchema.parse(res.json());
    if (status === 404) expect(JSON.stringify(res.json())).not.toContain('<p>');
  });
});

let outsider2: TestPerson;
beforeAll(async () => {
  outsider2 = await ctx.createPerson();
  await ctx.addMembership(outsider2.personId, clubB);
});

describe('forced posts', () => {
  it('stay unread until the person reads them', async () => {
    const url = `/api/me/cms2/blogpost/${ids['a-forced']}`;
    expect((await get(member, url)).json()).toMatchObject({ isForced: true, isRead: false });
    const read = await ctx.app.inject({
      method: 'POST',
      url: `${url}/read`,
      headers: await ctx.auth(member),
    });
    expect(read.statusCode).toBe(200);
    expect((await get(member, url)).json()).toMatchObject({ isRead: true });
    expect((await get(teamPlayer, url)).json()).toMatchObject({ isRead: false });
  });

  it('cannot be marked read by a member of another club', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/tenants/${clubA}/cms2/blogpost/${ids['a-forced']}/read`,
      headers: await ctx.auth(outsider2),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/tenants/{tenantId}/cms2/blogpost', () => {
  const body = {
    title: 'Sommerfest',
    body: '<p onclick="steal()">Kommt alle!<script>alert(1)</script><img src="javascript:alert(2)"><a href="javascript:x()">x</a><a href="https://tsv.example/fest">Infos</a><iframe src="https://evil.example"></iframe></p>',
    images: [{ originalUrl: '/media/demo/x.svg', width: 800, height: 450 }],
  };

  it('stores and serves the body without scripts, handlers or javascript: URLs', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/tenants/${clubA}/cms2/blogpost`,
      headers: await ctx.auth(editor),
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    const created = BlogPostSchema.parse(res.json());
    for (const html of [
      created.body,
      BlogPostSchema.parse((await get(member, `/api/me/cms2/blogpost/${created.id}`)).json()).body,
    ]) {
      expect(html).not.toMatch(/script|onclick|javascript:|iframe/i);
      expect(html).toContain('Kommt alle!');
      expect(html).toContain(
        '<a href="https://tsv.example/fest" target="_blank" rel="noopener noreferrer nofollow">Infos</a>',
      );
    }
    expect(created).toMatchObject({
      primaryImageUrl: '/media/demo/x.svg',
      isPinned: false,
      pinPriority: 0,
      scopeType: 'members',
    });
    expect(created.images[0]).toMatchObject({ url: '/media/demo/x.svg', width: 800, height: 450 });
  });

  it.each([
    ['a plain member', () => member, 403],
    ['a member of another club', () => outsider2, 404],
  ])('refuses %s', async (_n, who, status) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/tenants/${clubA}/cms2/blogpost`,
      headers: await ctx.auth(who()),
      payload: body,
    });
    expect(res.statusCode).toBe(status);
  });

  it.each([
    [{ ...body, title: '' }, 'title'],
    [{ ...body, scopeType: 'team' }, 'teamId'],
    [{ ...body, link: 'javascript:alert(1)' }, 'link'],
    [{ ...body, validFrom: '2026-05-01T00:00:00Z', validTo: '2026-04-01T00:00:00Z' }, 'validTo'],
  ])('answers 400 naming the field (%#)', async (payload, field) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/tenants/${clubA}/cms2/blogpost`,
      headers: await ctx.auth(editor),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
  });
});
