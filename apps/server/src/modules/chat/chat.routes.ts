import websocket from '@fastify/websocket';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChatAccountSchema,
  ChatContactListSchema,
  ChatConversationListSchema,
  ChatConversationParamsSchema,
  ChatConversationSchema,
  ChatHistoryQuerySchema,
  ChatHistorySchema,
  ChatMessageParamsSchema,
  ChatMessageSchema,
  ChatMuteSchema,
  ChatPersonParamsSchema,
  ChatReactSchema,
  ChatReadMarkerSchema,
  ChatReportListSchema,
  ChatReportParamsSchema,
  ChatReportSchema,
  ChatSettingsSchema,
  ChatTicketSchema,
  ChatUnreadCountSchema,
  EditChatMessageSchema,
  ProblemSchema,
  SendChatMessageSchema,
  StartDirectChatSchema,
} from '@vereinsheim/contracts';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { languageOf } from '../../lib/i18n.ts';
import { HttpProblem } from '../../lib/problem.ts';
import { actorOf, bearerToken } from '../../plugins/auth.ts';
import { ChatHub, listenForChat } from './chat.hub.ts';
import { startChatPushSweep } from './chat.push.ts';
import { chatService } from './chat.service.ts';

const errors = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema };
const tags = ['chat'];

/** The web views of the native apps (Capacitor on iOS and Android): they open the socket with a ticket. */
export const NATIVE_APP_ORIGINS: readonly string[] = ['capacitor://localhost', 'https://localhost'];

export interface ChatRoutesOptions {
  config: Config;
  database: DatabaseHandle;
  /** Web origins allowed to open the WebSocket (a browser always sends Origin). */
  isAllowedOrigin: (origin: string) => boolean;
  /** Tests: a faster heartbeat and push sweep. */
  heartbeatMs?: number;
  pushSweepMs?: number;
}

/** The chat (beta): REST under /api/me/chat and the WebSocket at /api/chat/ws (docs/chat-protocol.md). */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, options) => {
  const { config, database } = options;
  const db = database.db;
  const chat = chatService({
    secret: config.chat.secret,
    appId: config.chat.appId,
    publicUrl: config.publicUrl,
    pushDelaySeconds: config.chat.pushDelaySeconds,
  });
  const hub = new ChatHub(db, chat, app.log, { heartbeatMs: options.heartbeatMs ?? 30_000 });
  const bus = await listenForChat(database, app.log, hub);
  const stopSweep = startChatPushSweep(db, app.log, {
    intervalSeconds: config.chat.pushIntervalSeconds,
    isOnline: (personId) => hub.isOnline(personId),
    everyMs: options.pushSweepMs ?? 5_000,
  });
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => {
    await stopSweep();
    await bus.close();
  });

  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // A ticket (POST /me/chat/ticket) stands for the bearer token on the upgrade: it is used up here, before
  // the authentication below checks the token as on every request (docs/chat-protocol.md, "Tickets").
  const ticketed = new WeakSet<object>();
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url?.endsWith('/chat/ws')) return;
    const ticket = (request.query as { ticket?: unknown }).ticket;
    if (typeof ticket !== 'string' || request.headers.authorization !== undefined) return;
    const token = await chat.redeemTicket(db, ticket);
    if (!token)
      throw new HttpProblem(401, 'The chat ticket is unknown, used or expired.', {
        code: 'chat.ticket.invalid',
      });
    request.headers.authorization = `Bearer ${token}`;
    ticketed.add(request);
  });
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/chat/ws',
    {
      websocket: true,
      schema: { hide: true },
      onRequest: async (request) => {
        const origin = request.headers.origin;
        // Browsers always send Origin: a portal web page, or (with a ticket, never a cookie) a native app.
        const allowed =
          origin === undefined ||
          options.isAllowedOrigin(origin) ||
          (ticketed.has(request) && NATIVE_APP_ORIGINS.includes(origin));
        if (!allowed)
          throw new HttpProblem(403, 'This origin may not open the chat.', { code: 'chat.originRefused' });
      },
    },
    (socket, request) => hub.attach(socket, actorOf(request), languageOf(request)),
  );

  app.get(
    '/me/chat/account',
    {
      schema: {
        tags,
        summary: 'The chat user (id and signature) and the WebSocket URL',
        response: { 200: ChatAccountSchema, 401: ProblemSchema },
      },
    },
    (request) => chat.account(actorOf(request)),
  );

  app.post(
    '/me/chat/ticket',
    {
      schema: {
        tags,
        summary: 'A single-use ticket (about 30 s) to open the WebSocket without a cookie or header',
        response: { 200: ChatTicketSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    (request) => chat.ticket(db, actorOf(request), bearerToken(request)),
  );

  app.get(
    '/me/chat/settings',
    {
      schema: {
        tags,
        summary: 'The person’s chat settings',
        response: { 200: ChatSettingsSchema, 401: ProblemSchema },
      },
    },
    (request) => chat.settings(db, actorOf(request)),
  );

  app.put(
    '/me/chat/settings',
    {
      schema: {
        tags,
        summary: 'Turns direct messages from others on or off',
        body: ChatSettingsSchema,
        response: { 200: ChatSettingsSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    (request) => chat.setDirectMessages(db, actorOf(request), request.body.directMessages),
  );

  app.get(
    '/me/chat/conversations',
    {
      schema: {
        tags,
        summary: 'The person’s conversations, unread first, with the last message',
        response: { 200: ChatConversationListSchema, 401: ProblemSchema },
      },
    },
    (request) => chat.conversations(db, actorOf(request), languageOf(request)),
  );

  app.get(
    '/me/chat/unread-count',
    {
      schema: {
        tags,
        summary: 'Unread chat messages of conversations not muted (menu badge)',
        response: { 200: ChatUnreadCountSchema, 401: ProblemSchema },
      },
    },
    (request) => chat.unreadCount(db, actorOf(request)),
  );

  app.get(
    '/me/chat/contacts',
    {
      schema: {
        tags,
        summary: 'Teammates, trainers and team contact persons one may write to',
        response: { 200: ChatContactListSchema, 401: ProblemSchema },
      },
    },
    (request) => chat.contacts(db, actorOf(request)),
  );

  app.post(
    '/me/chat/conversations/direct',
    {
      schema: {
        tags,
        summary: 'Opens (or finds) the direct conversation with a person of the club',
        body: StartDirectChatSchema,
        response: { 200: ChatConversationSchema, 403: ProblemSchema, ...errors },
      },
    },
    (request) => chat.startDirect(db, actorOf(request), request.body, languageOf(request)),
  );

  app.get(
    '/me/chat/conversations/:conversationId/messages',
    {
      schema: {
        tags,
        summary: 'History by sequence: beforeSeq pages back, afterSeq fetches what was missed',
        params: ChatConversationParamsSchema,
        querystring: ChatHistoryQuerySchema,
        response: { 200: ChatHistorySchema, ...errors },
      },
    },
    (request) => chat.history(db, actorOf(request), request.params.conversationId, request.query),
  );

  app.post(
    '/me/chat/conversations/:conversationId/messages',
    {
      schema: {
        tags,
        summary: 'Sends a message (a repeated clientId returns the stored message)',
        params: ChatConversationParamsSchema,
        body: SendChatMessageSchema,
        response: { 201: ChatMessageSchema, 403: ProblemSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await chat.send(db, actorOf(request), request.params.conversationId, request.body)),
  );

  app.post(
    '/me/chat/conversations/:conversationId/read',
    {
      schema: {
        tags,
        summary: 'Moves the read marker to the sequence',
        params: ChatConversationParamsSchema,
        body: ChatReadMarkerSchema,
        response: {
          200: z.object({ readSeq: z.number().int(), unreadCount: z.number().int() }),
          ...errors,
        },
      },
    },
    (request) => chat.markRead(db, actorOf(request), request.params.conversationId, request.body.seq),
  );

  app.put(
    '/me/chat/conversations/:conversationId/mute',
    {
      schema: {
        tags,
        summary: 'Mutes or unmutes the conversation (no pushes, not in the menu count)',
        params: ChatConversationParamsSchema,
        body: ChatMuteSchema,
        response: { 200: ChatMuteSchema, ...errors },
      },
    },
    (request) => chat.mute(db, actorOf(request), request.params.conversationId, request.body.muted),
  );

  app.patch(
    '/me/chat/messages/:messageId',
    {
      schema: {
        tags,
        summary: 'Edits the own message (marked as edited)',
        params: ChatMessageParamsSchema,
        body: EditChatMessageSchema,
        response: { 200: ChatMessageSchema, 409: ProblemSchema, ...errors },
      },
    },
    (request) => chat.edit(db, actorOf(request), request.params.messageId, request.body.body),
  );

  app.delete(
    '/me/chat/messages/:messageId',
    {
      schema: {
        tags,
        summary: 'Deletes the own message (a mark stays)',
        params: ChatMessageParamsSchema,
        response: { 204: z.null(), 409: ProblemSchema, ...errors },
      },
    },
    async (request, reply) => {
      await chat.delete(db, actorOf(request), request.params.messageId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/me/chat/messages/:messageId/report',
    {
      schema: {
        tags,
        summary: "Reports the message to the club's admins",
        params: ChatMessageParamsSchema,
        body: ChatReportSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await chat.report(db, actorOf(request), request.params.messageId, request.body.reason);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/me/chat/blocks/:personId',
    {
      schema: {
        tags,
        summary: 'Blocks the person: no direct messages between the two',
        params: ChatPersonParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await chat.block(db, actorOf(request), request.params.personId, true);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/me/chat/blocks/:personId',
    {
      schema: {
        tags,
        summary: 'Lifts the block',
        params: ChatPersonParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await chat.block(db, actorOf(request), request.params.personId, false);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/me/chat/messages/:messageId/reactions',
    {
      schema: {
        tags,
        summary: 'Adds or removes the own reaction (also in the club channel)',
        params: ChatMessageParamsSchema,
        body: ChatReactSchema,
        response: { 200: ChatMessageSchema, 403: ProblemSchema, 409: ProblemSchema, ...errors },
      },
    },
    (request) => chat.react(db, actorOf(request), request.params.messageId, request.body),
  );

  app.get(
    '/tenants/:tenantId/chat/reports',
    {
      schema: {
        tags,
        summary: "The club's reported chat messages (club admins)",
        params: z.object({ tenantId: z.uuid() }),
        response: { 200: ChatReportListSchema, 403: ProblemSchema, ...errors },
      },
    },
    (request) => chat.reports(db, actorOf(request), request.params.tenantId, languageOf(request)),
  );

  app.delete(
    '/tenants/:tenantId/chat/reports/:messageId',
    {
      schema: {
        tags,
        summary: 'Dismisses the reports of the message (the message stays)',
        params: ChatReportParamsSchema,
        response: { 204: z.null(), 403: ProblemSchema, ...errors },
      },
    },
    async (request, reply) => {
      await chat.dismissReports(db, actorOf(request), request.params.tenantId, request.params.messageId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/tenants/:tenantId/chat/messages/:messageId',
    {
      schema: {
        tags,
        summary: 'Deletes a reported message (a mark stays) and closes its reports',
        params: ChatReportParamsSchema,
        response: { 204: z.null(), 403: ProblemSchema, ...errors },
      },
    },
    async (request, reply) => {
      await chat.deleteReported(db, actorOf(request), request.params.tenantId, request.params.messageId);
      return reply.code(204).send(null);
    },
  );
};
