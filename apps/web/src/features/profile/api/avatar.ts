import { AvatarUploadResultSchema } from '@vereinsheim/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client.ts';
import { profileKeys } from './keys.ts';
import { tenantKeys } from '../../../shared/tenant-selection/index.ts';

const avatarPath = (scope: 0 | 1 | 2, tenantId: string | null) =>
  tenantId ? `me/image/tenant/${encodeURIComponent(tenantId)}/${scope}` : `me/image/${scope}`;

/** PUT /api/me/image/{scope}/upload or /api/me/image/tenant/{tenantId}/{scope}/upload (multipart "file"). */
export function uploadAvatar(file: File, scope: 0 | 1 | 2, tenantId: string | null) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest(`${avatarPath(scope, tenantId)}/upload`, AvatarUploadResultSchema, {
    method: 'PUT',
    body: form,
  });
}

/** DELETE /api/me/image/{scope} or /api/me/image/tenant/{tenantId}/{scope} (404 when there is none). */
export function removeAvatar(scope: 0 | 1 | 2, tenantId: string | null) {
  return apiRequest(avatarPath(scope, tenantId), null, { method: 'DELETE' });
}

function useRefreshAvatars() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.me() }),
      // The clubs list shows the person's avatar per club.
      queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
    ]);
}

export function useUploadAvatar() {
  const refresh = useRefreshAvatars();
  return useMutation({
    mutationFn: ({ file, scope, tenantId }: { file: File; scope: 0 | 1 | 2; tenantId: string | null }) =>
      uploadAvatar(file, scope, tenantId),
    onSuccess: refresh,
  });
}

export function useRemoveAvatar() {
  const refresh = useRefreshAvatars();
  return useMutation({
    mutationFn: ({ scope, tenantId }: { scope: 0 | 1 | 2; tenantId: string | null }) =>
      removeAvatar(scope, tenantId),
    // Also after a 404: another device may have removed it already.
    onSettled: refresh,
  });
}
