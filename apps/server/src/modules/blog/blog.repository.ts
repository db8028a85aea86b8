import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  or,
  sql,
  type AnyColumn,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { preparedPerDatabase, type DbOrTx } from '../../db/client.ts';
import { blogPostReads, blogPosts, tenants } from '../../db/schema/index.ts';
import type { OwnerScope } from '../../policy/index.ts';

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type BlogPostInsert = typeof blogPosts.$inferInsert;
export type BlogPostView = BlogPostRow & { tenantName: string; isRead: boolean };

export type BlogSearchField = 'title' | 'description' | 'body';

/** What the acting person may see: posts of their clubs (members; team posts of their teams) and public posts. */
export interface BlogAudience {
  personId: string;
  /** Clubs the person belongs to. */
  memberTenantIds: string[];
  /** Clubs where the person is staff (committee, organiser, admin): they also see all team posts. */
  staffTenantIds: string[];
  /** Teams the person belongs to. */
  teamIds: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

const selection = {
  post: blogPosts,
  tenantName: tenants.name,
  isRead: sql<boolean>`(${blogPostReads.personId} is not null)`,
};

/** A list input: a placeholder (prepared statement) or the value itself (built per call). */
type Input = (
  name: 'tenantIds' | 'memberTenantIds' | 'staffTenantIds' | 'teamIds' | 'personId' | 'now',
) => SQLWrapper;

const anyOf = (column: AnyColumn, ids: SQLWrapper) => sql`${column} = any(${ids})`;

/**
 * SQL twin of the policy's `blog.post.view` rule, and only what is published and within validFrom…validTo at
 * `now`. One array parameter per id list (`= any($n)` instead of `in ($1, $2, …)`), so that the text does not
 * depend on how many clubs or teams the person has.
 */
function visibleNow(input: Input): SQL {
  const now = input('now');
  return and(
    or(
      eq(blogPosts.scopeType, 'public'),
      and(
        anyOf(blogPosts.tenantId, input('memberTenantIds')),
        or(
          inArray(blogPosts.scopeType, ['members', 'public']),
          anyOf(blogPosts.tenantId, input('staffTenantIds')),
          anyOf(blogPosts.teamId, input('teamIds')),
        ),
      ),
    ),
    or(isNull(blogPosts.validFrom), sql`${blogPosts.validFrom} <= ${now}::timestamptz`),
    or(isNull(blogPosts.validTo), sql`${blogPosts.validTo} >= ${now}::timestamptz`),
    or(isNull(blogPosts.publishedOn), sql`${blogPosts.publishedOn} <= ${now}::timestamptz`),
  )!;
}

/** The posts of the listed clubs the audience may see now. */
const listed = (input: Input): SQL => and(anyOf(blogPosts.tenantId, input('tenantIds')), visibleNow(input))!;

/** The audience's values as parameters of a statement built per call. */
const valuesOf = (audience: BlogAudience, now: Date, tenantIds: string[] = []) => {
  const values = {
    tenantIds,
    memberTenantIds: audience.memberTenantIds,
    staffTenantIds: audience.staffTenantIds,
    teamIds: audience.teamIds,
    personId: audience.personId,
    now: now.toISOString(),
  };
  return { values, bound: ((name) => sql.param(values[name])) satisfies Input };
};

/** A page of posts with the total of the matches (a window, ADR 0020), pinned posts first. */
function pageQuery(db: DbOrTx, input: Input, order: 'ascending' | 'descending', search?: SQL) {
  const created = order === 'ascending' ? asc(blogPosts.createdAt) : desc(blogPosts.createdAt);
  return db
    .select({ ...selection, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(blogPosts)
    .innerJoin(tenants, eq(tenants.id, blogPosts.tenantId))
    .leftJoin(
      blogPostReads,
      and(eq(blogPostReads.postId, blogPosts.id), sql`${blogPostReads.personId} = ${input('personId')}`),
    )
    .where(and(listed(input), search))
    .orderBy(
      desc(blogPosts.isPinned),
      desc(sql`case when ${blogPosts.isPinned} then ${blogPosts.pinPriority} else 0 end`),
      created,
      desc(blogPosts.id),
    );
}

/**
 * The list without a keyword (the news page, the dashboard) as a Drizzle prepared statement per database and
 * order: built once, not per request (issue 14 §5; Drizzle's building was a fifth of the endpoint's CPU).
 */
const preparedPage = preparedPerDatabase((db, order: 'ascending' | 'descending') =>
  pageQuery(db, (name) => sql.placeholder(name), order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`blog_page_${order}`),
);

export const blogRepository = {
  async list(
    db: DbOrTx,
    audience: BlogAudience,
    options: {
      tenantIds: string[];
      now: Date;
      keyword?: string;
      searchFields: BlogSearchField[];
      order: 'ascending' | 'descending';
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: BlogPostView[]; total: number }> {
    if (options.tenantIds.length === 0) return { rows: [], total: 0 };
    const { values, bound } = valuesOf(audience, options.now, options.tenantIds);
    const search = options.keyword
      ? or(...options.searchFields.map((f) => ilike(blogPosts[f], `%${escapeLike(options.keyword!)}%`)))
      : undefined;
    const rows = search
      ? await pageQuery(db, bound, options.order, search).limit(options.limit).offset(options.offset)
      : await preparedPage(db, options.order).execute({
          ...values,
          limit: options.limit,
          offset: options.offset,
        });
    const views = rows.map((r) => ({ ...r.post, tenantName: r.tenantName, isRead: Boolean(r.isRead) }));
    if (rows.length > 0 || options.offset === 0) return { rows: views, total: rows[0]?.total ?? 0 };
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(blogPosts)
      .where(and(listed(bound), search));
    return { rows: views, total: count?.n ?? 0 };
  },

  /** One post the audience may see now; `tenantId` narrows to a club when the path names one. */
  async findVisible(
    db: DbOrTx,
    audience: BlogAudience,
    id: string,
    options: { now: Date; tenantId?: string },
  ): Promise<BlogPostView | undefined> {
    const [row] = await db
      .select(selection)
      .from(blogPosts)
      .innerJoin(tenants, eq(tenants.id, blogPosts.tenantId))
      .leftJoin(
        blogPostReads,
        and(eq(blogPostReads.postId, blogPosts.id), eq(blogPostReads.personId, audience.personId)),
      )
      .where(
        and(
          eq(blogPosts.id, id),
          options.tenantId ? eq(blogPosts.tenantId, options.tenantId) : undefined,
          visibleNow(valuesOf(audience, options.now).bound),
        ),
      );
    return row ? { ...row.post, tenantName: row.tenantName, isRead: Boolean(row.isRead) } : undefined;
  },

  async insert(db: DbOrTx, values: BlogPostInsert): Promise<BlogPostRow> {
    const [row] = await db.insert(blogPosts).values(values).returning();
    return row!;
  },

  /**
   * Every post of one of the editor's clubs, scheduled and expired ones included (the club side's list).
   * The service asks the policy (`club.news.write`) for the role; the scope keeps other clubs out.
   */
  async listForEditors(
    db: DbOrTx,
    scope: { tenantIds: readonly string[] },
    tenantId: string,
    options: { keyword?: string; limit: number; offset: number },
  ): Promise<{ rows: BlogPostView[]; total: number }> {
    if (!scope.tenantIds.includes(tenantId)) return { rows: [], total: 0 };
    const pattern = options.keyword ? `%${escapeLike(options.keyword)}%` : undefined;
    const where = and(
      eq(blogPosts.tenantId, tenantId),
      pattern ? or(ilike(blogPosts.title, pattern), ilike(blogPosts.description, pattern)) : undefined,
    );
    const rows = await db
      .select({ post: blogPosts, tenantName: tenants.name })
      .from(blogPosts)
      .innerJoin(tenants, eq(tenants.id, blogPosts.tenantId))
      .where(where)
      .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
      .limit(options.limit)
      .offset(options.offset);
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(blogPosts)
      .where(where);
    return {
      rows: rows.map((r) => ({ ...r.post, tenantName: r.tenantName, isRead: false })),
      total: count?.n ?? 0,
    };
  },

  /** A post of one of the editor's clubs, whatever its schedule. */
  async findForEditors(db: DbOrTx, scope: { tenantIds: readonly string[] }, tenantId: string, id: string) {
    if (!scope.tenantIds.includes(tenantId) || !UUID.test(id)) return undefined;
    const [row] = await db
      .select({ post: blogPosts, tenantName: tenants.name })
      .from(blogPosts)
      .innerJoin(tenants, eq(tenants.id, blogPosts.tenantId))
      .where(and(eq(blogPosts.id, id), eq(blogPosts.tenantId, tenantId)));
    return row ? { ...row.post, tenantName: row.tenantName, isRead: false } : undefined;
  },

  async update(db: DbOrTx, id: string, values: Partial<BlogPostInsert>): Promise<BlogPostRow> {
    const [row] = await db
      .update(blogPosts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(blogPosts.id, id))
      .returning();
    return row!;
  },

  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.delete(blogPosts).where(eq(blogPosts.id, id));
  },

  /** The reader's own read mark (the caller found the post visible to them). */
  async markRead(db: DbOrTx, reader: OwnerScope, postId: string): Promise<void> {
    await db.insert(blogPostReads).values({ postId, personId: reader.personId }).onConflictDoNothing();
  },
};
