import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';
import { OrderByTypeSchema } from './enums.ts';

const pageSize = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE);

/** Query of every paged list (spec §3: page 1, pagesize 25, orderby Name ascending, keyword, searchfields). */
export const PagedQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_PAGE),
  pagesize: pageSize.optional(),
  top: pageSize.optional(),
  orderby: z.string().trim().max(64).optional(),
  orderbytype: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(OrderByTypeSchema)
    .optional(),
  keyword: z.string().trim().max(200).optional(),
  searchfields: z.string().trim().max(200).optional(),
});
export type PagedQuery = z.infer<typeof PagedQuerySchema>;

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
