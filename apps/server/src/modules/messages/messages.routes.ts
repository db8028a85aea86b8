import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BlogTenantParamsSchema,
  MessageListSchema,
  MessageParamsSchema,
  MessageQuerySchema,
  MessageSchema,
  ProblemSchema,
  SendClubMessageResultSchema,
  SendClubMessageSchema,
  TeamMessageParamsSchema,
  UnreadCountSchema,
} from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import { languageOf } from '../../lib/i18n.ts';
import { actorOf } from '../../plugins/auth.ts';
import { messagesService } from './messages.service.ts';

const errors = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema };

/** The inbox; new messages are pushed to the persons' devices by push jobs (messages.push.ts). */
export const messagesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/me/messages',
    {
      schema: {
        tags: ['messages'],
        summary: "The person's messages, newest first, with the unread count",
        querystring: MessageQuerySchema,
        response: { 200: MessageListSchema, ...errors },
      },
    },
    (request) => messagesService.list(db, actorOf(request), request.query, languageOf(request)),
  );

  app.get(
    '/me/messages/unread-count',
    {
      schema: {
        tags: ['messages'],
        summary: 'Number of unread messages (menu badge)',
        response: { 200: UnreadCountSchema, 401: ProblemSchema },
      },
    },
    (request) => messagesService.unreadCount(db, actorOf(request)),
  );

  app.post(
    '/me/messages/:id/read',
    {
      schema: {
        tags: ['messages'],
        summary: 'Marks the message read',
        params: MessageParamsSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    (request) => messagesService.setRead(db, actorOf(request), request.params.id, true, languageOf(request)),
  );

  app.post(
    '/me/messages/:id/unread',
    {
      schema: {
        tags: ['messages'],
        summary: 'Marks the message unread',
        params: MessageParamsSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    (request) => messagesService.setRead(db, actorOf(request), request.params.id, false, languageOf(request)),
  );

  app.delete(
    '/me/messages/:id',
    {
      schema: {
        tags: ['messages'],
        summary: 'Deletes the message',
        params: MessageParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await messagesService.delete(db, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/tenants/:tenantId/messages',
    {
      schema: {
        tags: ['messages'],
        summary: 'Sends a club message to all current members (committee, admins)',
        params: BlogTenantParamsSchema,
        body: SendClubMessageSchema,
        response: { 201: SendClubMessageResultSchema, 403: ProblemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await messagesService.sendToClub(
        db,
        actorOf(request),
        request.params.tenantId,
        request.body,
      );
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/tenants/:tenantId/team/:teamId/messages',
    {
      schema: {
        tags: ['messages'],
        summary: "Sends a message to every member of one of the club's teams (committee, admins)",
        params: TeamMessageParamsSchema,
        body: SendClubMessageSchema,
        response: { 201: SendClubMessageResultSchema, 403: ProblemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId, teamId } = request.params;
      const result = await messagesService.sendToTeam(db, actorOf(request), tenantId, teamId, request.body);
      return reply.code(201).send(result);
    },
  );
};
