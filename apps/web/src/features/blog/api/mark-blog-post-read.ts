import { BlogReadResultSchema } from '@vereinsheim/contracts/blog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client.ts';
import { blogPostQueryOptions } from './get-blog-post.ts';
import { blogPostsQueryOptions } from './get-blog-posts.ts';

/** POST /api/me/cms2/blogpost/{id}/read: a forced post stops being prominent. */
export function markBlogPostRead(id: string) {
  return apiRequest(`me/cms2/blogpost/${encodeURIComponent(id)}/read`, BlogReadResultSchema, {
    method: 'POST',
  });
}

export function useMarkBlogPostRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markBlogPostRead,
    onSuccess: (_result, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blogPostQueryOptions(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: blogPostsQueryOptions().queryKey }),
      ]),
  });
}
