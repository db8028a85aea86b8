import { z } from 'zod';
import { deferred } from './deferred.ts';

/** The chat (beta, /inbox): conversations, messages and the WebSocket protocol (docs/chat-protocol.md). */
export const CHAT_CONVERSATION_KINDS = ['direct', 'team', 'club'] as const;
export const ChatConversationKindSchema = deferred(() => z.enum(CHAT_CONVERSATION_KINDS));
export type ChatConversationKind = z.infer<typeof ChatConversationKindSchema>;

/** The longest message body, in characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;

/** GET /api/me/chat/account: the chat user and what a client needs to connect. */
export const ChatAccountSchema = deferred(() =>
  z.object({
    chatUserId: z.string().describe("The person's chat user id"),
    chatUserSignature: z
      .string()
      .describe('HMAC-SHA256 of the chat user id with the server secret (base64url)'),
    appId: z.string().describe("The chat service's application id"),
    websocketUrl: z.string().describe('wss:// (or ws://) URL of the WebSocket endpoint'),
  }),
);
export type ChatAccount = z.infer<typeof ChatAccountSchema>;

/** The emoji one may react with (a small fixed set). */
export const CHAT_REACTIONS = ['👍', '❤️', '😂', '😮', '🙏', '🎉'] as const;
export const ChatReactionEmojiSchema = deferred(() => z.enum(CHAT_REACTIONS));
export type ChatReactionEmoji = z.infer<typeof ChatReactionEmojiSchema>;

/** The reactions with one emoji: who reacted (the count is their number). */
export const ChatReactionSchema = deferred(() =>
  z.object({
    emoji: ChatReactionEmojiSchema,
    personIds: z.array(z.string()),
    names: z.array(z.string()),
  }),
);
export type ChatReaction = z.infer<typeof ChatReactionSchema>;

/** The message a reply quotes: its sender and the beginning of its text (empty when deleted). */
export const ChatReplyPreviewSchema = deferred(() =>
  z.object({
    id: z.string(),
    senderName: z.string().nullable(),
    body: z.string(),
    deleted: z.boolean(),
  }),
);
export type ChatReplyPreview = z.infer<typeof ChatReplyPreviewSchema>;

export const ChatMessageSchema = deferred(() =>
  z.object({
    id: z.string(),
    conversationId: z.string(),
    seq: z.number().int().min(1).describe('Gapless sequence within the conversation'),
    senderPersonId: z.string().nullable(),
    senderName: z.string().nullable(),
    body: z.string().describe('Plain text (never HTML); empty when deleted'),
    replyToId: z.string().nullable(),
    replyTo: ChatReplyPreviewSchema.nullable(),
    reactions: z.array(ChatReactionSchema),
    clientId: z.string().nullable().describe("The sender's idempotency key"),
    createdAt: z.string().describe('ISO 8601 date-time'),
    editedAt: z.string().nullable(),
    deletedAt: z.string().nullable(),
  }),
);
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatConversationSchema = deferred(() =>
  z.object({
    id: z.string(),
    kind: ChatConversationKindSchema,
    tenantId: z.string(),
    tenantName: z.string(),
    teamId: z.string().nullable(),
    /** Team name, the other person's name, or the club channel's name. */
    title: z.string(),
    otherPersonId: z.string().nullable(),
    lastSeq: z.number().int().min(0),
    readSeq: z.number().int().min(0),
    unreadCount: z.number().int().min(0),
    muted: z.boolean(),
    canWrite: z.boolean(),
    lastMessage: ChatMessageSchema.nullable(),
  }),
);
export type ChatConversation = z.infer<typeof ChatConversationSchema>;

/** Unread conversations first, then by the newest message. */
export const ChatConversationListSchema = deferred(() =>
  z.object({
    items: z.array(ChatConversationSchema),
    unreadCount: z.number().int().min(0),
  }),
);
export type ChatConversationList = z.infer<typeof ChatConversationListSchema>;

export const ChatUnreadCountSchema = deferred(() => z.object({ count: z.number().int().min(0) }));

export const ChatConversationParamsSchema = deferred(() => z.object({ conversationId: z.uuid() }));
export const ChatMessageParamsSchema = deferred(() => z.object({ messageId: z.uuid() }));
export const ChatPersonParamsSchema = deferred(() => z.object({ personId: z.uuid() }));

/** Keyset pagination by sequence: `beforeSeq` pages back (older), `afterSeq` forward (missed messages). */
export const ChatHistoryQuerySchema = deferred(() =>
  z.object({
    beforeSeq: z.coerce.number().int().min(1).optional(),
    afterSeq: z.coerce.number().int().min(0).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
);
export type ChatHistoryQuery = z.infer<typeof ChatHistoryQuerySchema>;

/** Ascending by sequence; `hasMore`: further messages beyond the page in the direction asked. */
export const ChatHistorySchema = deferred(() =>
  z.object({
    items: z.array(ChatMessageSchema),
    hasMore: z.boolean(),
  }),
);
export type ChatHistory = z.infer<typeof ChatHistorySchema>;

const body = deferred(() => z.string().trim().min(1).max(CHAT_MESSAGE_MAX_LENGTH));

export const SendChatMessageSchema = deferred(() =>
  z.object({
    body,
    clientId: z.string().min(1).max(64).optional(),
    replyToId: z.uuid().optional(),
  }),
);
export type SendChatMessage = z.infer<typeof SendChatMessageSchema>;

export const EditChatMessageSchema = deferred(() => z.object({ body }));
export const ChatReadMarkerSchema = deferred(() => z.object({ seq: z.number().int().min(0) }));
export const ChatMuteSchema = deferred(() => z.object({ muted: z.boolean() }));
export const ChatReportSchema = deferred(() => z.object({ reason: z.string().trim().max(500).optional() }));

/** PUT …/messages/:messageId/reactions: adds (`reacted: true`) or removes the actor's reaction. */
export const ChatReactSchema = deferred(() =>
  z.object({ emoji: ChatReactionEmojiSchema, reacted: z.boolean() }),
);
export type ChatReact = z.infer<typeof ChatReactSchema>;

/** The person's chat settings (GET/PUT /api/me/chat/settings). */
export const ChatSettingsSchema = deferred(() =>
  z.object({
    directMessages: z.boolean().describe('Others may start direct conversations with the person'),
  }),
);
export type ChatSettings = z.infer<typeof ChatSettingsSchema>;

/** POST /api/me/chat/ticket: a single-use ticket to open the WebSocket without a cookie or header. */
export const ChatTicketSchema = deferred(() =>
  z.object({
    ticket: z.string(),
    expiresAt: z.string().describe('ISO 8601 date-time; about 30 seconds ahead'),
    websocketUrl: z.string().describe('The WebSocket URL with the ticket as query parameter'),
  }),
);
export type ChatTicket = z.infer<typeof ChatTicketSchema>;

/** A reported message as the club's admins see it (GET /api/tenants/:tenantId/chat/reports). */
export const ChatReportItemSchema = deferred(() =>
  z.object({
    message: ChatMessageSchema,
    conversationKind: ChatConversationKindSchema,
    conversationTitle: z.string(),
    reports: z.array(
      z.object({ reporterName: z.string(), reason: z.string().nullable(), createdAt: z.string() }),
    ),
  }),
);
export type ChatReportItem = z.infer<typeof ChatReportItemSchema>;
export const ChatReportListSchema = deferred(() => z.object({ items: z.array(ChatReportItemSchema) }));
export type ChatReportList = z.infer<typeof ChatReportListSchema>;
export const ChatReportParamsSchema = deferred(() => z.object({ tenantId: z.uuid(), messageId: z.uuid() }));

export const StartDirectChatSchema = deferred(() => z.object({ tenantId: z.uuid(), personId: z.uuid() }));

/** Persons one may start a direct conversation with: teammates, trainers and team contact persons. */
export const ChatContactSchema = deferred(() =>
  z.object({
    personId: z.string(),
    name: z.string(),
    tenantId: z.string(),
    tenantName: z.string(),
    teamName: z.string().nullable(),
  }),
);
export const ChatContactListSchema = deferred(() => z.object({ items: z.array(ChatContactSchema) }));
export type ChatContact = z.infer<typeof ChatContactSchema>;

// ------------------------------------------------------------------ WebSocket frames (JSON text)

export const ChatClientFrameSchema = deferred(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('ping') }),
    z.object({
      type: z.literal('resume'),
      conversations: z
        .array(z.object({ conversationId: z.uuid(), afterSeq: z.number().int().min(0) }))
        .max(500),
    }),
    z.object({ type: z.literal('send'), conversationId: z.uuid() }).extend(SendChatMessageSchema.shape),
    z.object({ type: z.literal('read'), conversationId: z.uuid(), seq: z.number().int().min(0) }),
  ]),
);
export type ChatClientFrame = z.infer<typeof ChatClientFrameSchema>;

export type ChatServerFrame =
  | { type: 'ready'; personId: string }
  | { type: 'pong' }
  | { type: 'message'; message: ChatMessage }
  | { type: 'update'; message: ChatMessage }
  | { type: 'read'; conversationId: string; seq: number; unreadCount: number }
  | { type: 'resumed'; conversationId: string; lastSeq: number }
  | { type: 'ack'; clientId: string | null; message: ChatMessage }
  | { type: 'error'; code: string; detail: string; clientId?: string | null }
  | { type: 'resync' };
