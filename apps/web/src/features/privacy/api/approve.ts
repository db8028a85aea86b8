import { ApprovalListSchema, type ApprovalKind } from '@vereinsheim/contracts/privacy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client.ts';
import { approvalsQueryOptions } from './get-approvals.ts';

/** POST /api/me/approvals { tenantId, kind }. */
export function approve(tenantId: string, kind: ApprovalKind) {
  return apiRequest('me/approvals', ApprovalListSchema, { method: 'POST', body: { tenantId, kind } });
}

export function useApprove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tenantId, kind }: { tenantId: string; kind: ApprovalKind }) => approve(tenantId, kind),
    onSuccess: (list) => queryClient.setQueryData(approvalsQueryOptions().queryKey, list),
  });
}
