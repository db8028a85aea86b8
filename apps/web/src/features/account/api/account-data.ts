import { ACCOUNT_DELETION_CONFIRMATION } from '@vereinsheim/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, apiRequestBlob } from '../../../shared/api/client.ts';

/** GET /api/me/export: everything stored about the person, as a JSON file. */
export function exportAccount(): Promise<Blob> {
  return apiRequestBlob('me/export');
}

/** DELETE /api/me with the typed confirmation word. */
export function deleteAccount(confirmation: string) {
  return apiRequest('me', null, { method: 'DELETE', body: { confirmation } });
}

export function useExportAccount() {
  return useMutation({ mutationFn: exportAccount });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

export { ACCOUNT_DELETION_CONFIRMATION };
