import { z } from 'zod';
import { deferred } from './deferred.ts';
import { pagedListSchema, pagedQuerySchema } from './paging.ts';

/** What a message is about: a club's message to members, or a notice the product sends itself. */
export const MESSAGE_KINDS = [
  'club',
  'waitinglist_promoted',
  'event_cancelled',
  'invoice_issued',
  'data_shared',
  'validation',
] as const;
export const MessageKindSchema = deferred(() => z.enum(MESSAGE_KINDS));
export type MessageKind = z.infer<typeof MessageKindSchema>;

export const MessageSchema = deferred(() =>
  z.object({
    id: z.string(),
    kind: MessageKindSchema,
    tenantId: z.string().nullable(),
    tenantName: z.string().nullable(),
    title: z
      .string()
      .describe(
        "A club's message as written; the server's notices in the reader's language (Accept-Language)",
      ),
    body: z.string().describe('Plain text'),
    /** An in-app path such as /events/{id} or /invoices (always starts with '/'). */
    link: z.string().nullable(),
    isRead: z.boolean(),
    readAt: z.string().nullable().describe('ISO 8601 date-time'),
    createdAt: z.string().describe('ISO 8601 date-time'),
  }),
);
export type Message = z.infer<typeof MessageSchema>;

/** GET /api/me/messages: newest first; `unreadcount` counts all unread messages of the person. */
export const MessageListSchema = deferred(() =>
  pagedListSchema(MessageSchema).extend({
    unreadcount: z.number().int().min(0),
  }),
);
export type MessageList = z.infer<typeof MessageListSchema>;

export const MessageQuerySchema = deferred(() =>
  pagedQuerySchema(['CreatedAt']).extend({
    unreadOnly: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  }),
);
export type MessageQuery = z.infer<typeof MessageQuerySchema>;

export const UnreadCountSchema = deferred(() => z.object({ unreadcount: z.number().int().min(0) }));
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const MessageParamsSchema = deferred(() => z.object({ id: z.uuid() }));

/** In-app links only: a path starting with a single '/'. */
export const InAppLinkSchema = deferred(() =>
  z
    .string()
    .max(500)
    .regex(/^\/(?!\/)[^\s]*$/, "expected an in-app path starting with '/'"),
);

/** POST /api/tenants/{tenantId}/messages: a club message to all its current members (committee, admin). */
export const SendClubMessageSchema = deferred(() =>
  z.object({
    title: z.string().trim().min(1).max(200),
    body: z.string().trim().min(1).max(10_000),
    link: InAppLinkSchema.nullable().optional(),
  }),
);
export type SendClubMessage = z.infer<typeof SendClubMessageSchema>;

export const SendClubMessageResultSchema = deferred(() => z.object({ recipients: z.number().int().min(0) }));
