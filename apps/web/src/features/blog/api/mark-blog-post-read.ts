import { BlogReadResultSchema } from '@vereinsheim/contracts/blog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client.ts';
import { blogKeys } from './keys.ts';

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
    // The post, the list and every other view of the news (the dashboard's) stop showing it as prominent.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}
