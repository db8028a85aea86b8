import {
  ClubInvoiceListSchema,
  ClubInvoiceSchema,
  ClubSettingsSchema,
  IssueInvoicesResultSchema,
  type ClubSettingsInput,
  type IssueInvoices,
} from '@vereinsheim/contracts/club-admin';
import { MemberSearchResultSchema } from '@vereinsheim/contracts/club-admin';
import type { InvoiceStatus } from '@vereinsheim/contracts/invoice';
import { z } from 'zod';
import { deferred } from '@vereinsheim/contracts/deferred';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../shared/api/client.ts';
import { downloadFile } from '../../../shared/api/download.ts';
import { resourceKeys } from '../../../shared/api/query-keys.ts';

export const PAGE_SIZE = 20;

/** The club's invoices (under the invoices resource, so the member's own list refreshes too). */
export const clubInvoiceKeys = {
  all: [...resourceKeys.invoices, 'club'] as const,
  list: (tenantId: string, status: InvoiceStatus | 'all', keyword: string, page: number) =>
    [...clubInvoiceKeys.all, tenantId, { status, keyword, page }] as const,
  recipients: (tenantId: string, keyword: string) =>
    [...clubInvoiceKeys.all, tenantId, 'recipients', keyword] as const,
};

const base = (tenantId: string) => `tenants/${tenantId}/invoices`;

export function useClubInvoices(
  tenantId: string | undefined,
  status: InvoiceStatus | 'all',
  keyword: string,
  page: number,
) {
  return useQuery({
    queryKey: clubInvoiceKeys.list(tenantId ?? '', status, keyword, page),
    queryFn: ({ signal }) =>
      apiGet(
        base(tenantId!),
        ClubInvoiceListSchema,
        {
          page,
          pagesize: PAGE_SIZE,
          status: status === 'all' ? undefined : status,
          keyword: keyword || undefined,
        },
        signal,
      ),
    enabled: Boolean(tenantId),
    placeholderData: keepPreviousData,
  });
}

/**
 * Current members to pick as recipients, by name (the committee may search names; the full members list with
 * contact data is the admins').
 */
export function useRecipientSearch(tenantId: string, keyword: string) {
  return useQuery({
    queryKey: clubInvoiceKeys.recipients(tenantId, keyword),
    queryFn: ({ signal }) =>
      apiGet(
        `tenants/${tenantId}/members/search`,
        MemberSearchResultSchema,
        { keyword: keyword.trim() },
        signal,
      ),
    enabled: keyword.trim().length >= 2,
    retry: false,
  });
}

function useInvoiceMutation<V, R>(call: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKeys.invoices }),
  });
}

export const useIssueInvoices = (tenantId: string) =>
  useInvoiceMutation((body: IssueInvoices) =>
    apiRequest(base(tenantId), IssueInvoicesResultSchema, { method: 'POST', body }),
  );

export const useInvoiceAction = (tenantId: string) =>
  useInvoiceMutation(({ id, action }: { id: string; action: 'paid' | 'cancel' | 'reminder' }) =>
    apiRequest(`${base(tenantId)}/${id}/${action}`, ClubInvoiceSchema, {
      method: 'POST',
      ...(action === 'paid' ? { body: {} } : {}),
    }),
  );

const TeamsSchema = deferred(() =>
  z.object({
    items: z.array(z.object({ id: z.string(), name: z.string(), tenantId: z.string() })),
  }),
);
/** The teams the signed-in person sees (GET /me/team), for a fee run over a team of the club. */
export function useTeamsForFeeRun() {
  return useQuery({
    queryKey: [...resourceKeys.teams, 'fee-run'] as const,
    queryFn: ({ signal }) =>
      apiGet(
        'me/team',
        TeamsSchema,
        { page: 1, pagesize: 100, orderby: 'Name', orderbytype: 'ascending' },
        signal,
      ),
  });
}

export function useOpenItemsCsv(tenantId: string) {
  return useMutation({
    // Named by the server in the reader's language (offene-posten.csv, open-items.csv).
    mutationFn: () => downloadFile(`${base(tenantId)}/open-items`, 'open-items.csv'),
  });
}

/** The club's invoice data (address, tax number, bank account; ADR 0026). */
export const clubSettingsKey = (tenantId: string) =>
  [...resourceKeys.invoices, 'club-settings', tenantId] as const;

export function useClubSettings(tenantId: string | undefined) {
  return useQuery({
    queryKey: clubSettingsKey(tenantId ?? ''),
    queryFn: ({ signal }) => apiGet(`tenants/${tenantId}/settings`, ClubSettingsSchema, undefined, signal),
    enabled: Boolean(tenantId),
  });
}

export function useSaveClubSettings(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClubSettingsInput) =>
      apiRequest(`tenants/${tenantId}/settings`, ClubSettingsSchema, { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(clubSettingsKey(tenantId), saved),
  });
}
