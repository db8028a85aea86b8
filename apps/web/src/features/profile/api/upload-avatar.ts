import { AvatarUploadResultSchema } from '@vereinsheim/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client.ts';
import { profileKeys } from './keys.ts';
import { tenantKeys } from '../../../shared/tenant-selection/index.ts';

/** PUT /api/me/image/{scope}/upload or /api/me/image/tenant/{tenantId}/{scope}/upload (multipart "file"). */
export function uploadAvatar(file: File, scope: 0 | 1 | 2, tenantId: string | null) {
  const form = new FormData();
  form.append('file', file);
  const path = tenantId
    ? `me/image/tenant/${encodeURIComponent(tenantId)}/${scope}/upload`
    : `me/image/${scope}/upload`;
  return apiRequest(path, AvatarUploadResultSchema, { method: 'PUT', body: form });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, scope, tenantId }: { file: File; scope: 0 | 1 | 2; tenantId: string | null }) =>
      uploadAvatar(file, scope, tenantId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.me() }),
        // The clubs list shows the person's avatar per club.
        queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
      ]),
  });
}
