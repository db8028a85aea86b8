import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { BLOG_SCOPE_TYPES } from '@vereinsheim/contracts';
import { persons, tenants } from './core.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const blogScopeTypeEnum = pgEnum('blog_scope_type', BLOG_SCOPE_TYPES);

export interface BlogImageRecord {
  id: string;
  originalUrl: string | null;
  path: string | null;
  width: number | null;
  height: number | null;
}

export interface BlogAttributeRecord {
  id: string;
  title: string | null;
  type: string | null;
  objectId: string | null;
  meta: string | null;
}

/** Club news. `body` holds HTML that was sanitised before it was written. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => persons.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    body: text('body').notNull().default(''),
    scopeType: blogScopeTypeEnum('scope_type').notNull().default('members'),
    /** The team that may read a team-scoped post (teams belong to the teams module). */
    teamId: uuid('team_id'),
    detailItemId: text('detail_item_id'),
    validFrom: ts('valid_from'),
    validTo: ts('valid_to'),
    publishedOn: ts('published_on'),
    link: text('link'),
    isPinned: boolean('is_pinned').notNull().default(false),
    isForced: boolean('is_forced').notNull().default(false),
    pinPriority: integer('pin_priority').notNull().default(0),
    images: jsonb('images')
      .$type<BlogImageRecord[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    attributes: jsonb('attributes')
      .$type<BlogAttributeRecord[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('blog_posts_tenant_created_idx').on(t.tenantId, t.createdAt)],
);

/** Which person has read which post (forced posts stay prominent until read). */
export const blogPostReads = pgTable(
  'blog_post_reads',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.personId] }),
    index('blog_post_reads_person_idx').on(t.personId),
  ],
);
