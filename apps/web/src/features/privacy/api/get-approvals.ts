import { ApprovalListSchema, type Approval } from '@vereinsheim/contracts/privacy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client.ts';
import { privacyKeys } from './keys.ts';

/** GET /api/me/approvals: privacy notice and terms per club. */
export function fetchApprovals(signal?: AbortSignal): Promise<Approval[]> {
  return apiGet('me/approvals', ApprovalListSchema, undefined, signal);
}

export const approvalsQueryOptions = () =>
  queryOptions({
    queryKey: privacyKeys.approvals(),
    queryFn: ({ signal }) => fetchApprovals(signal),
    staleTime: 30_000,
  });

export function useApprovals() {
  return useQuery(approvalsQueryOptions());
}
