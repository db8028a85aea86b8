import { z } from 'zod';
import { deferred } from './deferred.ts';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';
import { OrderByTypeSchema } from './enums.ts';

const pageSize = deferred(() => z.coerce.number().int().min(1).max(MAX_PAGE_SIZE));

/**
 * `orderby` of one list: one of these values, matched case-insensitively (the spec's clients send
 * `StartTime`, `CreatedAt`, `Name`, others `starttime`); OpenAPI documents the values as an enum. Anything
 * else is a 400 naming the field.
 */
export function orderBySchema<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .preprocess(
      (v) =>
        typeof v === 'string' ? (values.find((x) => x.toLowerCase() === v.trim().toLowerCase()) ?? v) : v,
      z.enum(values),
    )
    .optional()
    .describe(`Sort field (case-insensitive): ${values.join(', ')}`);
}

/**
 * Paging of every list (spec §3: page 1, pagesize 25, keyword, searchfields). Each list adds its own
 * `orderby` (see `pagedQuerySchema`).
 */
export const PagedQuerySchema = deferred(() =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_PAGE),
    pagesize: pageSize.optional(),
    top: pageSize.optional(),
    orderbytype: z
      .string()
      .transform((v) => v.toLowerCase())
      .pipe(OrderByTypeSchema)
      .optional(),
    keyword: z.string().trim().max(200).optional(),
    searchfields: z.string().trim().max(200).optional(),
  }),
);
export type PagedQuery = z.infer<typeof PagedQuerySchema>;

/** The query of a paged list sorted by one of `orderBy` (the first is the spec's default). */
export function pagedQuerySchema<const T extends readonly [string, ...string[]]>(orderBy: T) {
  return PagedQuerySchema.extend({ orderby: orderBySchema(orderBy) });
}

/** `top` wins when given (the spec's clubs and mails calls send top=200), else `pagesize`, else 25. */
export function effectivePageSize(query: Pick<PagedQuery, 'top' | 'pagesize'>): number {
  return query.top ?? query.pagesize ?? DEFAULT_PAGE_SIZE;
}

export function pagedListSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    maximumcount: z.number().int().min(0),
    page: z.number().int().min(1),
    pagesize: z.number().int().min(1),
    top: z.number().int().min(1),
    orderbytype: OrderByTypeSchema,
  });
}

export interface PagedList<T> {
  items: T[];
  maximumcount: number;
  page: number;
  pagesize: number;
  top: number;
  orderbytype: 'ascending' | 'descending';
}

const uuid = deferred(() => z.uuid({ error: 'expected a UUID' }));

/**
 * A list of up to 50 UUIDs as a query parameter: `a,b`, a repeated parameter (`?x=a&x=b`) or nothing. Here beside
 * the paging, not with the invoices that first used it: the news' query uses it too, and the dashboard's first
 * screen, which loads the news' contract, should not build the invoices' schemas for it.
 */
export const uuidListQueryParam = deferred(() =>
  z.preprocess((value: unknown): unknown[] | undefined => {
    if (value === undefined || value === '') return undefined;
    const values: unknown[] = Array.isArray(value) ? (value as unknown[]) : [value];
    const parts = values.flatMap((v): unknown[] => (typeof v === 'string' ? v.split(',') : [v]));
    const trimmed = parts.map((p) => (typeof p === 'string' ? p.trim() : p)).filter((p) => p !== '');
    return trimmed.length ? trimmed : undefined;
  }, z.array(uuid).max(50).optional()),
);
