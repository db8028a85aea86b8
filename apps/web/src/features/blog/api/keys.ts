import { resourceKeys } from '../../../shared/api/query-keys.ts';

/** Every query key of the blog feature. */
export const blogKeys = {
  all: resourceKeys.blog,
  posts: (tenantIds?: string[]) => [...blogKeys.all, 'posts', tenantIds ?? 'all'] as const,
  post: (id: string) => [...blogKeys.all, 'post', id] as const,
};
