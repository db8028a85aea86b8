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
import { changedSince, keptPagesPer, STATEMENT_SNAPSHOT } from '../../db/kept-pages.ts';
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

/**
 * When the listed clubs' posts next change what a list shows by the clock alone: the earliest publication or start
 * still to come, or end not yet passed (a kept page holds until then, ADR 0051). Over every post of the clubs,
 * whoever may see it: a page is read anew too early rather than too late.
 */
function nextChangeOf(input: Input): SQL<number | null> {
  const now = sql`${input('now')}::timestamptz`;
  const clubs = anyOf(blogPosts.tenantId, input('tenantIds'));
  const first = (column: AnyColumn, after: SQL) =>
    sql`(select min(${column}) from ${blogPosts} where ${clubs} and ${after})`;
  // As epoch milliseconds (float8, which pg reads as a number).
  return sql<
    number | null
  >`(select (extract(epoch from least(${first(blogPosts.publishedOn, sql`${blogPosts.publishedOn} > ${now}`)}, ${first(blogPosts.validFrom, sql`${blogPosts.validFrom} > ${now}`)}, ${first(blogPosts.validTo, sql`${blogPosts.validTo} >= ${now}`)})) * 1000)::float8)`;
}

/** A page of posts with the total of the matches (a window, ADR 0020), pinned posts first. */
function pageQuery(db: DbOrTx, input: Input, order: 'ascending' | 'descending', search?: SQL) {
  const created = order === 'ascending' ? asc(blogPosts.createdAt) : desc(blogPosts.createdAt);
  return db
    .select({
      ...selection,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      snapshot: STATEMENT_SNAPSHOT,
      until: nextChangeOf(input),
    })
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

/**
 * What a kept page of the news list needs on every use (ADR 0051), in one statement: whether a transaction that
 * committed after the page's snapshot logged one of its clubs (list_changes, migration 0028), and which of the page's
 * posts the reader has read.
 */
const preparedLivePage = preparedPerDatabase((db, _key: 'one') =>
  db
    .select({
      changed: changedSince('news', sql.placeholder('keys'), sql.placeholder('snapshot')),
      read: sql<
        string[]
      >`array(select ${blogPostReads.postId} from ${blogPostReads} where ${blogPostReads.personId} = ${sql.placeholder('personId')} and ${blogPostReads.postId} = any(${sql.placeholder('ids')}::uuid[]))`,
    })
    .from(sql`(select 1) as one`)
    .prepare('blog_page_live'),
);

/** The news list's kept pages (ADR 0051): the posts with their club's name, without the reader's read marks. */
const keptPagesOf = keptPagesPer<{ post: BlogPostRow; tenantName: string }>();

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
    // Without a keyword, the page as every person of the same clubs, roles and teams sees it is kept while the
    // database says it holds (ADR 0051); the reader's read marks are read on every use.
    const pages = search ? undefined : keptPagesOf(db);
    const { personId: _person, now: _now, ...audienceValues } = values;
    const pageKey = JSON.stringify({
      ...audienceValues,
      memberTenantIds: [...audienceValues.memberTenantIds].sort(),
      staffTenantIds: [...audienceValues.staffTenantIds].sort(),
      teamIds: [...audienceValues.teamIds].sort(),
      order: options.order,
      limit: options.limit,
      offset: options.offset,
    });
    const kept = pages?.get(pageKey, options.now.getTime());
    if (kept) {
      const [live] = await preparedLivePage(db, 'one').execute({
        keys: kept.keys,
        snapshot: kept.snapshot,
        personId: audience.personId,
        ids: kept.rows.map((r) => r.post.id),
      });
      if (live && !live.changed) {
        const read = new Set(live.read);
        return {
          rows: kept.rows.map((r) => ({ ...r.post, tenantName: r.tenantName, isRead: read.has(r.post.id) })),
          total: kept.total,
        };
      }
      pages!.drop(pageKey);
    }
    const rows = search
      ? await pageQuery(db, bound, options.order, search).limit(options.limit).offset(options.offset)
      : await preparedPage(db, options.order).execute({
          ...values,
          limit: options.limit,
          offset: options.offset,
        });
    if (pages && rows.length > 0)
      pages.keep(pageKey, {
        rows: rows.map((r) => ({ post: r.post, tenantName: r.tenantName })),
        total: rows[0]!.total,
        snapshot: rows[0]!.snapshot,
        keys: [...options.tenantIds],
        until: rows[0]!.until === null ? null : Number(rows[0]!.until),
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
