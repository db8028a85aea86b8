import { z } from 'zod';
import { deferred } from './deferred.ts';
import { BLOG_DEFAULTS } from './constants.ts';
import { pagedListSchema, pagedQuerySchema, uuidListQueryParam } from './paging.ts';

/** Who may read a post: the club's members, one team of the club, or everyone signed in. */
export const BLOG_SCOPE_TYPES = ['members', 'team', 'public'] as const;
export const BlogScopeTypeSchema = deferred(() => z.enum(BLOG_SCOPE_TYPES));
export type BlogScopeType = z.infer<typeof BlogScopeTypeSchema>;
export const DEFAULT_BLOG_SCOPE_TYPE: BlogScopeType = 'members';

/** Scope values are coerced case-insensitively; anything unknown becomes the default (spec §3). */
export function coerceBlogScopeType(value: unknown): BlogScopeType {
  if (typeof value !== 'string') return DEFAULT_BLOG_SCOPE_TYPE;
  const lower = value.trim().toLowerCase();
  return (BLOG_SCOPE_TYPES as readonly string[]).includes(lower)
    ? (lower as BlogScopeType)
    : DEFAULT_BLOG_SCOPE_TYPE;
}

export const BlogImageSchema = deferred(() =>
  z.object({
    id: z.string(),
    url: z.string().nullable(),
    originalUrl: z.string().nullable(),
    path: z.string().nullable(),
    width: z.number().int().positive().nullable(),
    height: z.number().int().positive().nullable(),
  }),
);
export type BlogImage = z.infer<typeof BlogImageSchema>;

export const BlogAttributeSchema = deferred(() =>
  z.object({
    id: z.string(),
    title: z.string().nullable(),
    type: z.string().nullable(),
    objectId: z.string().nullable(),
    tenantId: z.string().nullable(),
    meta: z.string().nullable(),
  }),
);
export type BlogAttribute = z.infer<typeof BlogAttributeSchema>;

const isoDateTime = () => z.string().describe('ISO 8601 date-time');

/** A blog entry as the list answers it (spec §3). `body` is sanitised HTML. */
export const BlogPostSchema = deferred(() =>
  z.object({
    id: z.string(),
    tenantId: z.string(),
    tenantName: z.string().nullable(),
    title: z.string(),
    description: z.string().nullable(),
    body: z.string().describe('Sanitised HTML (allow-listed tags and attributes only)'),
    scopeType: BlogScopeTypeSchema,
    teamId: z.string().nullable(),
    detailItemId: z.string().nullable(),
    validFrom: isoDateTime().nullable(),
    validTo: isoDateTime().nullable(),
    createdAt: isoDateTime(),
    updatedAt: isoDateTime(),
    publishedOn: isoDateTime().nullable(),
    link: z.string().nullable(),
    isPinned: z.boolean(),
    isForced: z.boolean(),
    pinPriority: z.number().int(),
    /** Forced posts stay prominent until the person has read them. */
    isRead: z.boolean(),
    primaryImageUrl: z.string().nullable(),
    images: z.array(BlogImageSchema),
    attributes: z.array(BlogAttributeSchema),
  }),
);
export type BlogPost = z.infer<typeof BlogPostSchema>;

export const BlogPostListSchema = deferred(() => pagedListSchema(BlogPostSchema));
export type BlogPostList = z.infer<typeof BlogPostListSchema>;

/** Spec §7: orderby is always CreatedAt, orderbytype always descending (pinned posts come first regardless). */
export const BlogQuerySchema = deferred(() =>
  pagedQuerySchema(['CreatedAt']).extend({
    userId: z.string().max(64).optional().describe('Sent by the client; ignored (the token decides).'),
    userid: z.string().max(64).optional().describe('Sent by the client; ignored (the token decides).'),
  }),
);
export type BlogQuery = z.infer<typeof BlogQuerySchema>;

/** GET /api/me/cms2/blogpost: optionally only some of the person's clubs (`tenantIds=a,b` or `tenantId` repeated). */
export const MyBlogQuerySchema = deferred(() =>
  BlogQuerySchema.extend({
    tenantIds: uuidListQueryParam,
    tenantId: uuidListQueryParam,
  }),
);
export type MyBlogQuery = z.infer<typeof MyBlogQuerySchema>;

export const BlogTenantParamsSchema = deferred(() => z.object({ tenantId: z.uuid() }));
export const BlogPostParamsSchema = deferred(() => z.object({ id: z.uuid() }));
export const BlogTenantPostParamsSchema = deferred(() => z.object({ tenantId: z.uuid(), id: z.uuid() }));

const optionalDateTime = deferred(() => z.iso.datetime({ offset: true }).nullable().optional());

/** POST /api/tenants/{tenantId}/cms2/blogpost (club committee, organisers and admins). */
export const CreateBlogPostSchema = deferred(() =>
  z
    .object({
      title: z.string().trim().min(1).max(200),
      description: z.string().trim().max(1000).nullable().optional(),
      body: z.string().max(100_000).default(''),
      scopeType: BlogScopeTypeSchema.default('members'),
      teamId: z.uuid().nullable().optional(),
      validFrom: optionalDateTime,
      validTo: optionalDateTime,
      publishedOn: optionalDateTime,
      link: z
        .url({ protocol: /^https?$/ })
        .max(2000)
        .nullable()
        .optional(),
      isPinned: z.boolean().default(BLOG_DEFAULTS.isPinned),
      isForced: z.boolean().default(BLOG_DEFAULTS.isForced),
      pinPriority: z.number().int().min(0).max(1000).default(BLOG_DEFAULTS.pinPriority),
      images: z
        .array(
          z.object({
            originalUrl: z.string().max(2000).nullable().optional(),
            path: z.string().max(2000).nullable().optional(),
            width: z.number().int().positive().max(20_000).nullable().optional(),
            height: z.number().int().positive().max(20_000).nullable().optional(),
          }),
        )
        .max(20)
        .default([]),
    })
    .superRefine((value, ctx) => {
      if (value.scopeType === 'team' && !value.teamId) {
        ctx.addIssue({ code: 'custom', path: ['teamId'], message: 'required when scopeType is team' });
      }
      if (value.validFrom && value.validTo && value.validFrom > value.validTo) {
        ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'must not be before validFrom' });
      }
    }),
);
export type CreateBlogPost = z.infer<typeof CreateBlogPostSchema>;

export const BlogReadResultSchema = deferred(() => z.object({ id: z.string(), isRead: z.literal(true) }));

// ---------------------------------------------------------------------------------------------
// Client-side normalisation (spec §3): one place that turns whatever the API sends into BlogPost.

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first present value among the given keys (exact spellings first, then any case variant). */
function pick(raw: Raw, ...keys: string[]): unknown {
  for (const key of keys) if (raw[key] !== undefined && raw[key] !== null) return raw[key];
  const lowerKeys = new Set(keys.map((k) => k.toLowerCase()));
  for (const [key, value] of Object.entries(raw)) {
    if (lowerKeys.has(key.toLowerCase()) && value !== undefined && value !== null) return value;
  }
  return undefined;
}

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null;

const bool = (value: unknown, fallback: boolean): boolean =>
  typeof value === 'boolean'
    ? value
    : typeof value === 'string' && ['true', 'false'].includes(value.trim().toLowerCase())
      ? value.trim().toLowerCase() === 'true'
      : fallback;

const int = (value: unknown, fallback: number): number => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : fallback;
};

const positiveInt = (value: unknown): number | null => {
  const n = int(value, 0);
  return n > 0 ? n : null;
};

/** Image url: the original url, else the first rendered url, else the path (spec §3). */
export function normalizeBlogImage(raw: unknown, index = 0): BlogImage {
  const r = isRecord(raw) ? raw : {};
  const originalUrl = str(pick(r, 'originalUrl'));
  const path = str(pick(r, 'path'));
  const rendered = pick(r, 'renderedUrls', 'renderedImages', 'renderings');
  let firstRendered: string | null = null;
  if (Array.isArray(rendered)) {
    for (const entry of rendered) {
      const url = isRecord(entry) ? str(pick(entry, 'url')) : str(entry);
      if (url) {
        firstRendered = url;
        break;
      }
    }
  }
  const explicit = str(pick(r, 'url'));
  return {
    id: str(pick(r, 'id', 'imageId')) ?? `image-${index}`,
    url: originalUrl ?? firstRendered ?? path ?? explicit,
    originalUrl,
    path,
    width: positiveInt(pick(r, 'width')),
    height: positiveInt(pick(r, 'height')),
  };
}

/** Attribute fields: id from blogAttributeId, title from attributeTitle, type from attributeType, meta from attributeMeta. */
export function normalizeBlogAttribute(raw: unknown, index = 0): BlogAttribute {
  const r = isRecord(raw) ? raw : {};
  const meta = pick(r, 'attributeMeta', 'meta');
  return {
    id: str(pick(r, 'blogAttributeId', 'id')) ?? `attribute-${index}`,
    title: str(pick(r, 'attributeTitle', 'title')),
    type: str(pick(r, 'attributeType', 'type')),
    objectId: str(pick(r, 'objectId')),
    tenantId: str(pick(r, 'tenantId')),
    meta: meta === undefined ? null : typeof meta === 'string' ? meta : JSON.stringify(meta),
  };
}

/**
 * Turns one blog entry as received into a BlogPost: scopeType coerced case-insensitively, date fields
 * accepted under upper-case variants (ValidFrom, CREATEDAT, …), defaults isPinned false, isForced false,
 * pinPriority 0, and the primary image = the post's imageUrl, else the first image with a url.
 */
export function normalizeBlogPost(raw: unknown): BlogPost {
  const r = isRecord(raw) ? raw : {};
  const images = (Array.isArray(r.images) ? r.images : []).map(normalizeBlogImage);
  const attributes = (Array.isArray(r.attributes) ? r.attributes : []).map(normalizeBlogAttribute);
  const date = (key: string) => str(pick(r, key));
  const createdAt = date('createdAt') ?? new Date(0).toISOString();
  return {
    id: str(pick(r, 'id')) ?? '',
    tenantId: str(pick(r, 'tenantId')) ?? '',
    tenantName: str(pick(r, 'tenantName')),
    title: str(pick(r, 'title')) ?? '',
    description: str(pick(r, 'description')),
    body: typeof r.body === 'string' ? r.body : (str(pick(r, 'body', 'content')) ?? ''),
    scopeType: coerceBlogScopeType(pick(r, 'scopeType')),
    teamId: str(pick(r, 'teamId')),
    detailItemId: str(pick(r, 'detailItemId')),
    validFrom: date('validFrom'),
    validTo: date('validTo'),
    createdAt,
    updatedAt: date('updatedAt') ?? createdAt,
    publishedOn: date('publishedOn'),
    link: str(pick(r, 'link')),
    isPinned: bool(pick(r, 'isPinned'), BLOG_DEFAULTS.isPinned),
    isForced: bool(pick(r, 'isForced'), BLOG_DEFAULTS.isForced),
    pinPriority: int(pick(r, 'pinPriority'), BLOG_DEFAULTS.pinPriority),
    isRead: bool(pick(r, 'isRead'), false),
    primaryImageUrl:
      str(pick(r, 'imageUrl')) ??
      str(pick(r, 'primaryImageUrl')) ??
      images.find((image) => image.url)?.url ??
      null,
    images,
    attributes,
  };
}
