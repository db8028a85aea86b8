import type {
  BlogPost,
  BlogPostList,
  BlogQuery,
  CreateBlogPost,
  MembershipRole,
} from '@vereinsheim/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { BlogAttributeRecord } from '../../db/schema/index.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { badRequest, forbidden, notFound } from '../../lib/problem.ts';
import type { Actor } from '../../plugins/auth.ts';
import { tenantsRepository } from '../tenants/tenants.repository.ts';
import {
  blogRepository,
  type BlogAudience,
  type BlogPostView,
  type BlogSearchField,
} from './blog.repository.ts';
import { sanitizePostHtml } from './blog.sanitize.ts';
import { teamIdsOfPerson } from './blog.teams.ts';

/** Roles that write club news and see every team's posts. */
export const BLOG_EDITOR_ROLES: readonly MembershipRole[] = ['committee', 'organiser', 'admin'];

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

async function audienceOf(db: DbOrTx, personId: string): Promise<BlogAudience> {
  const [memberTenantIds, teamIds] = await Promise.all([
    tenantsRepository.memberTenantIds(db, personId),
    teamIdsOfPerson(db, personId),
  ]);
  const roles = await Promise.all(memberTenantIds.map((t) => tenantsRepository.rolesIn(db, personId, t)));
  const staffTenantIds = memberTenantIds.filter((_t, i) =>
    roles[i]!.some((role) => BLOG_EDITOR_ROLES.includes(role)),
  );
  return { personId, memberTenantIds, staffTenantIds, teamIds };
}

function parseQuery(query: BlogQuery) {
  const orderby = (query.orderby ?? 'createdat').toLowerCase();
  if (orderby !== 'createdat') {
    throw badRequest('Invalid orderby: blog posts are ordered by CreatedAt.', [
      { field: 'orderby', message: 'expected CreatedAt' },
    ]);
  }
  let searchFields = DEFAULT_SEARCH_FIELDS;
  if (query.searchfields) {
    const names = query.searchfields
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    const unknown = names.filter((n) => !(n in SEARCH_FIELDS));
    if (unknown.length) {
      throw badRequest(`Invalid searchfields: ${unknown.join(', ')}.`, [
        { field: 'searchfields', message: 'expected a comma-separated list of title, description, body' },
      ]);
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
  /** Posts of all the person's clubs. */
  async listMine(db: Database, actor: Actor, query: BlogQuery): Promise<BlogPostList> {
    const audience = await audienceOf(db, actor.personId);
    return list(db, audience, audience.memberTenantIds, query);
  },

  /** Posts of one club: everything the person may see there (only public posts for a non-member). */
  async listForTenant(db: Database, actor: Actor, tenantId: string, query: BlogQuery): Promise<BlogPostList> {
    if (!(await blogRepository.tenantExists(db, tenantId))) throw notFound('No such club.');
    const audience = await audienceOf(db, actor.personId);
    return list(db, audience, [tenantId], query);
  },

  async get(db: Database, actor: Actor, id: string, tenantId?: string): Promise<BlogPost> {
    const audience = await audienceOf(db, actor.personId);
    const row = await blogRepository.findVisible(db, audience, id, { now: new Date(), tenantId });
    if (!row) throw notFound('No such blog post.');
    return toBlogPost(row);
  },

  async markRead(
    db: Database,
    actor: Actor,
    id: string,
    tenantId?: string,
  ): Promise<{ id: string; isRead: true }> {
    const audience = await audienceOf(db, actor.personId);
    return db.transaction(async (tx) => {
      const row = await blogRepository.findVisible(tx, audience, id, { now: new Date(), tenantId });
      if (!row) throw notFound('No such blog post.');
      await blogRepository.markRead(tx, id, actor.personId);
      return { id, isRead: true as const };
    });
  },

  async create(db: Database, actor: Actor, tenantId: string, input: CreateBlogPost): Promise<BlogPost> {
    return db.transaction(async (tx) => {
      const roles = await tenantsRepository.rolesIn(tx, actor.personId, tenantId);
      if (roles.length === 0) throw notFound('No such club.');
      if (!roles.some((role) => BLOG_EDITOR_ROLES.includes(role)))
        throw forbidden('Only the committee, organisers and admins of the club write news.');
      const row = await createBlogPost(tx, { ...input, tenantId, authorId: actor.personId });
      const tenantName = await blogRepository.tenantName(tx, tenantId);
      return toBlogPost({ ...row, tenantName: tenantName ?? '', isRead: false });
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
