import { BlogPostListSchema, BlogPostSchema, type CreateBlogPost } from '@vereinsheim/contracts/blog';
import { EventCatalogueListSchema, EventListSchema } from '@vereinsheim/contracts/events';
import {
  ManagedEventSchema,
  ParticipantListSchema,
  RecipientCountSchema,
  type AddParticipantInput,
  type ManageEventInput,
  type MessageParticipantsInput,
  type MoveParticipantInput,
} from '@vereinsheim/contracts/events-manage';
import { MemberSearchResultSchema } from '@vereinsheim/contracts/club-admin';
import { SendClubMessageResultSchema } from '@vereinsheim/contracts/messages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { deferred } from '@vereinsheim/contracts/deferred';
import { apiGet, apiRequest } from '../../../shared/api/client.ts';
import { downloadFile } from '../../../shared/api/download.ts';
import { resourceKeys } from '../../../shared/api/query-keys.ts';

export const MANAGE_PAGE_SIZE = 20;
const enc = encodeURIComponent;
const eventsBase = (tenantId: string) => `tenants/${enc(tenantId)}/manage/event`;

/** The club side's query keys: under `events` and `blog`, so that the members' views refresh too. */
export const manageKeys = {
  events: (tenantId: string, keyword: string, page: number) =>
    [...resourceKeys.events, 'manage', tenantId, { keyword, page }] as const,
  event: (tenantId: string, id: string) => [...resourceKeys.events, 'manage', tenantId, 'event', id] as const,
  participants: (tenantId: string, id: string) =>
    [...resourceKeys.events, 'manage', tenantId, 'participants', id] as const,
  news: (tenantId: string, keyword: string, page: number) =>
    [...resourceKeys.blog, 'manage', tenantId, { keyword, page }] as const,
};

export function useManagedEvents(tenantId: string, keyword: string, page: number) {
  return useQuery({
    queryKey: manageKeys.events(tenantId, keyword, page),
    queryFn: ({ signal }) =>
      apiGet(
        eventsBase(tenantId),
        EventListSchema,
        { keyword: keyword || undefined, page, pagesize: MANAGE_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
    enabled: !!tenantId,
  });
}

export function useManagedEvent(tenantId: string, id: string | undefined) {
  return useQuery({
    queryKey: manageKeys.event(tenantId, id ?? ''),
    queryFn: ({ signal }) =>
      apiGet(`${eventsBase(tenantId)}/${enc(id!)}`, ManagedEventSchema, undefined, signal),
    enabled: !!tenantId && !!id,
  });
}

/** Every club-side event change refreshes all event views (lists, details, counts). */
function useEventMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: resourceKeys.events }),
  });
}

export const useSaveEvent = (tenantId: string, id?: string) =>
  useEventMutation((body: ManageEventInput) =>
    apiRequest(id ? `${eventsBase(tenantId)}/${enc(id)}` : eventsBase(tenantId), ManagedEventSchema, {
      method: id ? 'PUT' : 'POST',
      body,
    }),
  );

export const useCopyEvent = (tenantId: string) =>
  useEventMutation((id: string) =>
    apiRequest(`${eventsBase(tenantId)}/${enc(id)}/copy`, ManagedEventSchema, { method: 'POST', body: {} }),
  );

export const useCancelEvent = (tenantId: string) =>
  useEventMutation((id: string) =>
    apiRequest(`${eventsBase(tenantId)}/${enc(id)}/cancel`, ManagedEventSchema, { method: 'POST' }),
  );

export const useUploadDocument = (tenantId: string, id: string) =>
  useEventMutation((file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return apiRequest(`${eventsBase(tenantId)}/${enc(id)}/document`, ManagedEventSchema, {
      method: 'POST',
      body,
    });
  });

export const useDeleteDocument = (tenantId: string, id: string) =>
  useEventMutation((documentId: string) =>
    apiRequest(`${eventsBase(tenantId)}/${enc(id)}/document/${enc(documentId)}`, ManagedEventSchema, {
      method: 'DELETE',
    }),
  );

export function useParticipants(tenantId: string, id: string) {
  return useQuery({
    queryKey: manageKeys.participants(tenantId, id),
    queryFn: ({ signal }) =>
      apiGet(`${eventsBase(tenantId)}/${enc(id)}/participant`, ParticipantListSchema, undefined, signal),
    enabled: !!tenantId,
  });
}

const ChangeSchema = deferred(() => z.object({ registrationId: z.string(), status: z.string() }));

export const useApprove = (tenantId: string, id: string) =>
  useEventMutation((registrationId: string) =>
    apiRequest(
      `${eventsBase(tenantId)}/${enc(id)}/participant/${enc(registrationId)}/approve`,
      ChangeSchema,
      {
        method: 'POST',
      },
    ),
  );

export const useMove = (tenantId: string, id: string) =>
  useEventMutation(({ registrationId, ...body }: MoveParticipantInput & { registrationId: string }) =>
    apiRequest(`${eventsBase(tenantId)}/${enc(id)}/participant/${enc(registrationId)}/move`, ChangeSchema, {
      method: 'POST',
      body,
    }),
  );

/** Adds a member of the club by hand (a chosen status, or a place if free, else a waiting place). */
export const useAddParticipant = (tenantId: string, id: string) =>
  useEventMutation((body: AddParticipantInput) =>
    apiRequest(`${eventsBase(tenantId)}/${enc(id)}/participant`, ChangeSchema, { method: 'POST', body }),
  );

/** The club's current members by name (names only), for adding a participant; from two characters on. */
export function useMemberSearch(tenantId: string, keyword: string) {
  const q = keyword.trim();
  return useQuery({
    queryKey: ['manage', 'member-search', tenantId, q] as const,
    queryFn: ({ signal }) =>
      apiGet(`tenants/${enc(tenantId)}/members/search`, MemberSearchResultSchema, { keyword: q }, signal),
    enabled: !!tenantId && q.length >= 2,
    retry: false,
  });
}

/** The global catalogues of disciplines and divisions the event form picks from (rarely change). */
export function useEventCatalogue(kind: 'disciplines' | 'divisions') {
  return useQuery({
    queryKey: [...resourceKeys.events, 'manage', 'catalogue', kind] as const,
    queryFn: ({ signal }) => apiGet(`event/${kind}`, EventCatalogueListSchema, undefined, signal),
    staleTime: 60 * 60_000,
  });
}

export const useMessageParticipants = (tenantId: string, id: string) =>
  useMutation({
    mutationFn: (body: MessageParticipantsInput) =>
      apiRequest(`${eventsBase(tenantId)}/${enc(id)}/participant/message`, RecipientCountSchema, {
        method: 'POST',
        body,
      }),
  });

/** Downloads the participant list (CSV or XLSX) through the authenticated client and saves it. */
export async function downloadParticipants(
  tenantId: string,
  id: string,
  format: 'csv' | 'xlsx',
  name: string,
) {
  await downloadFile(
    `${eventsBase(tenantId)}/${enc(id)}/participant/export?format=${format}`,
    `${name}.${format}`,
  );
}

// ------------------------------------------------------------------ news and messages

export function useManagedNews(tenantId: string, keyword: string, page: number) {
  return useQuery({
    queryKey: manageKeys.news(tenantId, keyword, page),
    queryFn: ({ signal }) =>
      apiGet(
        `tenants/${enc(tenantId)}/manage/news`,
        BlogPostListSchema,
        { keyword: keyword || undefined, page, pagesize: MANAGE_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
    enabled: !!tenantId,
  });
}

function useBlogMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: resourceKeys.blog }),
  });
}

export const useSavePost = (tenantId: string) =>
  useBlogMutation(({ id, ...body }: Partial<CreateBlogPost> & { id?: string; title: string }) =>
    apiRequest(
      id ? `tenants/${enc(tenantId)}/manage/news/${enc(id)}` : `tenants/${enc(tenantId)}/cms2/blogpost`,
      BlogPostSchema,
      { method: id ? 'PUT' : 'POST', body },
    ),
  );

export const useDeletePost = (tenantId: string) =>
  useBlogMutation((id: string) =>
    apiRequest(`tenants/${enc(tenantId)}/manage/news/${enc(id)}`, null, { method: 'DELETE' }),
  );

const NewsImageSchema = deferred(() =>
  z.object({
    originalUrl: z.string(),
    path: z.string(),
    width: z.number(),
    height: z.number(),
  }),
);
export const useUploadNewsImage = (tenantId: string) =>
  useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return apiRequest(`tenants/${enc(tenantId)}/manage/news/image`, NewsImageSchema, {
        method: 'POST',
        body,
      });
    },
  });

export type Audience =
  { kind: 'club' } | { kind: 'team'; teamId: string } | { kind: 'event'; eventId: string };

export const useSendMessage = (tenantId: string) =>
  useMutation({
    mutationFn: ({ audience, title, body }: { audience: Audience; title: string; body: string }) => {
      const t = enc(tenantId);
      if (audience.kind === 'club')
        return apiRequest(`tenants/${t}/messages`, SendClubMessageResultSchema, {
          method: 'POST',
          body: { title, body },
        });
      if (audience.kind === 'team')
        return apiRequest(`tenants/${t}/team/${enc(audience.teamId)}/messages`, SendClubMessageResultSchema, {
          method: 'POST',
          body: { title, body },
        });
      return apiRequest(
        `${eventsBase(tenantId)}/${enc(audience.eventId)}/participant/message`,
        RecipientCountSchema,
        {
          method: 'POST',
          body: { audience: 'participants', title, body },
        },
      );
    },
  });

const TeamsSchema = deferred(() =>
  z.object({
    items: z.array(z.object({ id: z.string(), name: z.string(), tenantId: z.string() })),
  }),
);
/** The teams the signed-in person sees (GET /me/team), for the message audience. */
export function useTeamsForMessages() {
  return useQuery({
    queryKey: [...resourceKeys.teams, 'manage-audience'] as const,
    queryFn: ({ signal }) =>
      apiGet(
        'me/team',
        TeamsSchema,
        { page: 1, pagesize: 100, orderby: 'Name', orderbytype: 'ascending' },
        signal,
      ),
  });
}
