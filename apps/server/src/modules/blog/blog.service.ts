import type { BlogPost, BlogPostList, BlogQuery, CreateBlogPost, MyBlogQuery } from '@vereinsheim/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { BlogAttributeRecord } from '../../db/schema/index.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { problem } from '../../lib/problem.ts';
import { authorize, authorizeClubFilter, clubsWhere, notVisible, type Actor } from '../../policy/index.ts';
import {
  blogRepository,
  type BlogAudience,
  type BlogPostView,
  type BlogSearchField,
} from './blog.repository.ts';
import { tenantExists, tenantsByIds } from '../tenants/index.ts';
import { sanitizePostHtml } from './blog.sanitize.ts';
import { writeLog } from '../activity-log/index.ts';

const SEARCH_FIELDS: Record<string, BlogSearchField> = {
  title: 'title',
  description: 'description',
  body: 'body',
};
const DEFAULT_SEARCH_FIELDS: BlogSearchField[] = ['title', 'description'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toBlogPost(row: BlogPostView): BlogPost {
  const images = row.images.map((image) => ({
    id: image.id,
    url: image.originalUrl ?? image.path,
    originalUrl: image.originalUrl,
    path: image.path,
    width: image.width,
    height: image.height,
  }));
  return {
    id: row.id,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    title: row.title,
    description: row.description,
    body: row.body,
    scopeType: row.scopeType,
    teamId: row.teamId,
    detailItemId: row.detailItemId,
    validFrom: iso(row.validFrom),
    validTo: iso(row.validTo),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedOn: iso(row.publishedOn),
    link: row.link,
    isPinned: row.isPinned,
    isForced: row.isForced,
    pinPriority: row.pinPriority,
    isRead: row.isRead,
    primaryImageUrl: images.find((image) => image.url)?.url ?? null,
    images,
    attributes: row.attributes.map((a) => ({ ...a, tenantId: row.tenantId })),
  };
}

/** The actor's scope for news queries: their clubs, those whose team posts they all read, their teams. */
async function audienceOf(actor: Actor): Promise<BlogAudience> {
  const scope = await actor.scope();
  return {
    personId: actor.personId,
    memberTenantIds: [...scope.tenantIds],
    staffTenantIds: await clubsWhere(actor, 'club.news.readTeamPosts'),
    teamIds: [...scope.teamIds],
  };
}

const postSubject = (row: BlogPostView) =>
  ({ type: 'blogPost', tenantId: row.tenantId, scopeType: row.scopeType, teamId: row.teamId }) as const;

/** One post the actor may read now (else 404). */
async function visiblePost(db: DbOrTx, actor: Actor, id: string, tenantId?: string): Promise<BlogPostView> {
  const row = await blogRepository.findVisible(db, await audienceOf(actor), id, {
    now: new Date(),
    tenantId,
  });
  if (!row) throw notVisible('blogPost');
  await authorize(actor, 'blog.post.view', postSubject(row));
  return row;
}

function parseQuery(query: BlogQuery) {
  let searchFields = DEFAULT_SEARCH_FIELDS;
  if (query.searchfields) {
    const names = query.searchfields
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    const unknown = names.filter((n) => !(n in SEARCH_FIELDS));
    if (unknown.length) {
      throw problem(400, 'blog.invalidSearchfields', {
        params: { fields: unknown.join(', ') },
        errors: [
          { field: 'searchfields', message: 'expected a comma-separated list of title, description, body' },
        ],
      });
    }
    if (names.length) searchFields = names.map((n) => SEARCH_FIELDS[n]!);
  }
  return { order: query.orderbytype ?? 'descending', searchFields };
}

async function list(
  db: Database,
  audience: BlogAudience,
  tenantIds: string[],
  query: BlogQuery,
): Promise<BlogPostList> {
  const { order, searchFields } = parseQuery(query);
  const window = pageWindow(query);
  const { rows, total } = await blogRepository.list(db, audience, {
    tenantIds,
    now: new Date(),
    keyword: query.keyword || undefined,
    searchFields,
    order,
    limit: window.limit,
    offset: window.offset,
  });
  return pagedList(rows.map(toBlogPost), total, window, order);
}

export const blogService = {
  /** Posts of all the person's clubs, or of the chosen ones (`tenantIds`; another club's id is answered 404). */
  async listMine(db: Database, actor: Actor, query: MyBlogQuery): Promise<BlogPostList> {
    const audience = await audienceOf(actor);
    const chosen = await authorizeClubFilter(actor, [...(query.tenantIds ?? []), ...(query.tenantId ?? [])]);
    return list(db, audience, chosen ?? audience.memberTenantIds, query);
  },

  /** Posts of one club: everything the person may see there (only public posts for a non-member). */
  async listForTenant(db: Database, actor: Actor, tenantId: string, query: BlogQuery): Promise<BlogPostList> {
    // Any club's public posts are readable, so its existence is no secret.
    if (!(await tenantExists(db, tenantId))) throw notVisible('club');
    return list(db, await audienceOf(actor), [tenantId], query);
  },

  async get(db: Database, actor: Actor, id: string, tenantId?: string): Promise<BlogPost> {
    return toBlogPost(await visiblePost(db, actor, id, tenantId));
  },

  async markRead(
    db: Database,
    actor: Actor,
    id: string,
    tenantId?: string,
  ): Promise<{ id: string; isRead: true }> {
    await actor.scope(); // before the transaction: PGlite has one connection
    return db.transaction(async (tx) => {
      await visiblePost(tx, actor, id, tenantId);
      await blogRepository.markRead(tx, actor, id);
      return { id, isRead: true as const };
    });
  },

  async create(db: Database, actor: Actor, tenantId: string, input: CreateBlogPost): Promise<BlogPost> {
    await authorize(actor, 'club.news.write', { type: 'club', tenantId });
    return db.transaction(async (tx) => {
      const row = await createBlogPost(tx, { ...input, tenantId, authorId: actor.personId });
      await writeLog(tx, {
        personId: actor.personId,
        actorPersonId: actor.personId,
        action: 'created',
        entityKind: 'blogPost',
        entityId: row.id,
        tenantId,
        summary: { key: 'log.blogPost.created', params: { title: row.title } },
      });
      const [club] = await tenantsByIds(tx, [tenantId]);
      return toBlogPost({ ...row, tenantName: club?.name ?? '', isRead: false });
    });
  },
};

/** Writes a post with its body sanitised; used by the API and the demo seed. */
export async function createBlogPost(
  tx: DbOrTx,
  input: CreateBlogPost & {
    tenantId: string;
    authorId?: string | null;
    id?: string;
    createdAt?: Date;
    detailItemId?: string | null;
    attributes?: BlogAttributeRecord[];
  },
) {
  const toDate = (v: string | null | undefined) => (v ? new Date(v) : null);
  return blogRepository.insert(tx, {
    id: input.id,
    tenantId: input.tenantId,
    authorId: input.authorId ?? null,
    title: input.title,
    description: input.description ?? null,
    body: sanitizePostHtml(input.body),
    scopeType: input.scopeType,
    teamId: input.scopeType === 'team' ? (input.teamId ?? null) : null,
    validFrom: toDate(input.validFrom),
    validTo: toDate(input.validTo),
    publishedOn: toDate(input.publishedOn) ?? input.createdAt ?? new Date(),
    link: input.link ?? null,
    isPinned: input.isPinned,
    isForced: input.isForced,
    pinPriority: input.pinPriority,
    images: input.images.map((image, i) => ({
      id: `${i + 1}`,
      originalUrl: image.originalUrl ?? null,
      path: image.path ?? null,
      width: image.width ?? null,
      height: image.height ?? null,
    })),
    detailItemId: input.detailItemId ?? null,
    attributes: input.attributes ?? [],
    createdAt: input.createdAt,
    updatedAt: input.createdAt,
  });
}
