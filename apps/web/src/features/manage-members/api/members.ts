import {
  ClubMemberListSchema,
  ClubMemberSchema,
  MemberImportResultSchema,
  type AddMemberRole,
} from '@vereinsheim/contracts/club-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../shared/api/client.ts';
import { downloadFile } from '../../../shared/api/download.ts';
import { resourceKeys } from '../../../shared/api/query-keys.ts';

export const PAGE_SIZE = 20;

/** Every query key of the members management (under the tenants resource: memberships are club data). */
export const memberKeys = {
  all: [...resourceKeys.tenants, 'members'] as const,
  list: (tenantId: string, keyword: string, page: number, includeEnded: boolean) =>
    [...memberKeys.all, tenantId, 'list', { keyword, page, includeEnded }] as const,
  detail: (tenantId: string, personId: string) => [...memberKeys.all, tenantId, 'detail', personId] as const,
};

const base = (tenantId: string) => `tenants/${tenantId}/members`;

export function useClubMembers(
  tenantId: string | undefined,
  keyword: string,
  page: number,
  includeEnded: boolean,
) {
  return useQuery({
    queryKey: memberKeys.list(tenantId ?? '', keyword, page, includeEnded),
    queryFn: ({ signal }) =>
      apiGet(
        base(tenantId!),
        ClubMemberListSchema,
        { page, pagesize: PAGE_SIZE, keyword: keyword || undefined, includeEnded: includeEnded || undefined },
        signal,
      ),
    enabled: Boolean(tenantId),
    placeholderData: keepPreviousData,
  });
}

export function useClubMember(tenantId: string, personId: string | null) {
  return useQuery({
    queryKey: memberKeys.detail(tenantId, personId ?? ''),
    queryFn: ({ signal }) => apiGet(`${base(tenantId)}/${personId}`, ClubMemberSchema, undefined, signal),
    enabled: Boolean(personId),
  });
}

function useMemberMutation<V, R>(call: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

export const useAddRole = (tenantId: string, personId: string) =>
  useMemberMutation((body: AddMemberRole) =>
    apiRequest(`${base(tenantId)}/${personId}/roles`, ClubMemberSchema, { method: 'POST', body }),
  );

export const useEndRole = (tenantId: string, personId: string) =>
  useMemberMutation((roleId: string) =>
    apiRequest(`${base(tenantId)}/${personId}/roles/${roleId}/end`, ClubMemberSchema, {
      method: 'POST',
      body: {},
    }),
  );

export const useEndMembership = (tenantId: string, personId: string) =>
  useMemberMutation(() =>
    apiRequest(`${base(tenantId)}/${personId}/end`, ClubMemberSchema, { method: 'POST', body: {} }),
  );

/** POST …/members/import: the preview (dryRun) or the confirmed import. */
export const useImportMembers = (tenantId: string) =>
  useMemberMutation((body: { csv: string; dryRun: boolean }) =>
    apiRequest(`${base(tenantId)}/import`, MemberImportResultSchema, { method: 'POST', body }),
  );

export function useExportMembers(tenantId: string) {
  return useMutation({
    // Named by the server in the reader's language (mitglieder.csv, members.csv).
    mutationFn: () => downloadFile(`${base(tenantId)}/export`, 'members.csv'),
  });
}
