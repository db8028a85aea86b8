import {
  InvitationListSchema,
  InvitationSchema,
  JoinableClubListSchema,
  JoinableClubSchema,
  MyValidationCaseListSchema,
  MyValidationCaseSchema,
  ValidationCaseListSchema,
  ValidationCaseSchema,
  type Apply,
  type SectionDecisionKind,
  type ValidationState,
} from '@vereinsheim/contracts/validation';
import type { ValidationSection } from '@vereinsheim/contracts/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, isApiError } from '../../../shared/api/client.ts';
import { resourceKeys } from '../../../shared/api/query-keys.ts';

/** Every query key of profile validation (cases, joinable clubs, invitation links). */
export const validationKeys = {
  all: resourceKeys.validation,
  queue: (state: ValidationState | null) => [...resourceKeys.validation, 'queue', state ?? 'all'] as const,
  case: (id: string) => [...resourceKeys.validation, 'case', id] as const,
  mine: () => [...resourceKeys.validation, 'mine'] as const,
  joinable: (keyword: string) => [...resourceKeys.validation, 'joinable', keyword] as const,
  invitation: (token: string) => [...resourceKeys.validation, 'invitation', token] as const,
  invitations: (tenantId: string) => [...resourceKeys.validation, 'invitations', tenantId] as const,
};

/** The problem's text for a refused request (the server writes it in the UI language). */
export function problemText(error: unknown, fallback: string): string {
  return (isApiError(error) && error.problem?.detail) || fallback;
}

export function useValidationQueue(state: ValidationState | null) {
  return useQuery({
    queryKey: validationKeys.queue(state),
    queryFn: ({ signal }) =>
      apiGet(
        'me/profilevalidation',
        ValidationCaseListSchema,
        { page: 1, pagesize: 100, ...(state ? { state } : {}) },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useValidationCase(id: string) {
  return useQuery({
    queryKey: validationKeys.case(id),
    queryFn: ({ signal }) =>
      apiGet(`me/profilevalidation/${encodeURIComponent(id)}`, ValidationCaseSchema, undefined, signal),
  });
}

export function useDecideSection(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      section: ValidationSection;
      decision: SectionDecisionKind;
      comment?: string;
      version: number;
    }) =>
      apiRequest(
        `me/profilevalidation/${encodeURIComponent(id)}/section/${input.section}`,
        ValidationCaseSchema,
        {
          method: 'POST',
          body: { decision: input.decision, comment: input.comment || undefined, version: input.version },
        },
      ),
    onSuccess: (data) => client.setQueryData(validationKeys.case(id), data),
    onSettled: () => client.invalidateQueries({ queryKey: validationKeys.all }),
  });
}

export function useCloseCase(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      apiRequest(`me/profilevalidation/${encodeURIComponent(id)}/close`, ValidationCaseSchema, {
        method: 'POST',
        body: { version },
      }),
    onSuccess: (data) => client.setQueryData(validationKeys.case(id), data),
    onSettled: () => client.invalidateQueries({ queryKey: validationKeys.all }),
  });
}

export function useMyCases() {
  return useQuery({
    queryKey: validationKeys.mine(),
    queryFn: ({ signal }) => apiGet('me/validationcase', MyValidationCaseListSchema, undefined, signal),
  });
}

export function useResubmit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; version: number }) =>
      apiRequest(`me/validationcase/${encodeURIComponent(input.id)}/resubmit`, MyValidationCaseSchema, {
        method: 'POST',
        body: { version: input.version },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: validationKeys.all }),
  });
}

export function useJoinableClubs(keyword: string) {
  return useQuery({
    queryKey: validationKeys.joinable(keyword),
    queryFn: ({ signal }) =>
      apiGet('clubs/joinable', JoinableClubListSchema, keyword ? { keyword } : undefined, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: validationKeys.invitation(token ?? ''),
    queryFn: ({ signal }) =>
      apiGet(`invitation/${encodeURIComponent(token!)}`, JoinableClubSchema, undefined, signal),
    enabled: !!token,
    retry: false,
  });
}

export function useApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Apply) =>
      apiRequest('me/validationcase', MyValidationCaseSchema, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: validationKeys.all }),
  });
}

export function useInvitations(tenantId: string | null) {
  return useQuery({
    queryKey: validationKeys.invitations(tenantId ?? ''),
    queryFn: ({ signal }) =>
      apiGet(`tenants/${encodeURIComponent(tenantId!)}/invitation`, InvitationListSchema, undefined, signal),
    enabled: !!tenantId,
  });
}

export function useCreateInvitation(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (label: string) =>
      apiRequest(`tenants/${encodeURIComponent(tenantId)}/invitation`, InvitationSchema, {
        method: 'POST',
        body: label ? { label } : {},
      }),
    onSettled: () => client.invalidateQueries({ queryKey: validationKeys.invitations(tenantId) }),
  });
}

export function useRevokeInvitation(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(
        `tenants/${encodeURIComponent(tenantId)}/invitation/${encodeURIComponent(id)}/revoke`,
        InvitationSchema,
        { method: 'POST' },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: validationKeys.invitations(tenantId) }),
  });
}
