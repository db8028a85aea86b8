import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddParticipantInputSchema,
  CopyEventInputSchema,
  EVENT_DOCUMENT_MAX_BYTES,
  EventListSchema,
  ManageDocumentParamsSchema,
  ManagedEventSchema,
  ManageEventInputSchema,
  ManageEventListQuerySchema,
  ManageEventParamsSchema,
  ManageRegistrationParamsSchema,
  ManageTenantParamsSchema,
  MessageParticipantsInputSchema,
  MoveParticipantInputSchema,
  ParticipantExportQuerySchema,
  ParticipantListSchema,
  ProblemSchema,
  RecipientCountSchema,
  RegistrationStatusSchema,
} from '@vereinsheim/contracts';
import { languageOf } from '../../lib/i18n.ts';
import { HttpProblem, problem } from '../../lib/problem.ts';
import { actorOf } from '../../plugins/auth.ts';
import { eventsManageService } from './events.manage.service.ts';
import type { EventsDeps } from './events.service.ts';

const tags = ['event-manage'];
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const writeProblems = { ...problems, 409: ProblemSchema, 422: ProblemSchema };
const RegistrationChangeSchema = z.object({ registrationId: z.string(), status: RegistrationStatusSchema });

function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

async function readDocument(request: FastifyRequest) {
  if (!request.isMultipart())
    throw problem(415, 'event.manage.notMultipart', {
      errors: [{ field: 'file', message: 'expected multipart/form-data' }],
    });
  try {
    const part = await request.file();
    if (!part)
      throw problem(400, 'event.manage.documentRequired', {
        errors: [{ field: 'file', message: 'required' }],
      });
    return { fileName: part.filename, contentType: part.mimetype, bytes: await part.toBuffer() };
  } catch (error) {
    if (error instanceof HttpProblem || typeof (error as { statusCode?: unknown }).statusCode === 'number')
      throw error;
    throw problem(400, 'event.manage.malformedMultipart', {
      errors: [{ field: 'file', message: 'malformed multipart body' }],
    });
  }
}

/** The club side of events under /api/tenants/{tenantId}/manage/event (organisers, committee, admins). */
export const eventsManageRoutes: FastifyPluginAsyncZod<EventsDeps> = async (app, deps) => {
  await app.register(multipart, {
    limits: { fileSize: EVENT_DOCUMENT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  const service = eventsManageService(deps);
  app.addHook('onRequest', app.authenticate);
  const base = '/tenants/:tenantId/manage/event';

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "The club's events, newest first (paged, keyword)",
        params: ManageTenantParamsSchema,
        querystring: ManageEventListQuerySchema,
        response: { 200: EventListSchema, ...problems },
      },
    },
    (request) => service.list(actorOf(request), request.params.tenantId, request.query),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create an event of the club with prices, contacts and catalogue',
        params: ManageTenantParamsSchema,
        body: ManageEventInputSchema,
        response: { 201: ManagedEventSchema, ...writeProblems },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(actorOf(request), request.params.tenantId, request.body)),
  );

  app.get(
    `${base}/:eventId`,
    {
      schema: {
        tags,
        summary: 'The event as the form edits it',
        params: ManageEventParamsSchema,
        response: { 200: ManagedEventSchema, ...problems },
      },
    },
    (request) => service.get(actorOf(request), request.params.tenantId, request.params.eventId),
  );

  app.put(
    `${base}/:eventId`,
    {
      schema: {
        tags,
        summary: 'Edit the event; more places move waiting persons up in the same transaction',
        params: ManageEventParamsSchema,
        body: ManageEventInputSchema,
        response: { 200: ManagedEventSchema, ...writeProblems },
      },
    },
    (request) =>
      service.update(actorOf(request), request.params.tenantId, request.params.eventId, request.body),
  );

  app.post(
    `${base}/:eventId/copy`,
    {
      schema: {
        tags,
        summary: 'Copy the event (fields, prices, contacts; no registrations, no documents)',
        params: ManageEventParamsSchema,
        body: CopyEventInputSchema,
        response: { 201: ManagedEventSchema, ...writeProblems },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.copy(actorOf(request), request.params.tenantId, request.params.eventId, request.body),
        ),
  );

  app.post(
    `${base}/:eventId/cancel`,
    {
      schema: {
        tags,
        summary: 'Cancel the event: every registration is cancelled and told (message and push)',
        params: ManageEventParamsSchema,
        response: { 200: ManagedEventSchema, ...writeProblems },
      },
    },
    (request) => service.cancel(actorOf(request), request.params.tenantId, request.params.eventId),
  );

  app.post(
    `${base}/:eventId/document`,
    {
      schema: {
        tags,
        summary: 'Upload a document (PDF, JPEG, PNG or WebP, at most 10 MB; the type is read from the bytes)',
        params: ManageEventParamsSchema,
        response: { 201: ManagedEventSchema, ...writeProblems, 413: ProblemSchema, 415: ProblemSchema },
      },
    },
    async (request, reply) => {
      const file = await readDocument(request);
      const { tenantId, eventId } = request.params;
      return reply.code(201).send(await service.addDocument(actorOf(request), tenantId, eventId, file));
    },
  );

  app.delete(
    `${base}/:eventId/document/:documentId`,
    {
      schema: {
        tags,
        summary: 'Remove a document of the event',
        params: ManageDocumentParamsSchema,
        response: { 200: ManagedEventSchema, ...problems },
      },
    },
    (request) =>
      service.deleteDocument(
        actorOf(request),
        request.params.tenantId,
        request.params.eventId,
        request.params.documentId,
      ),
  );

  app.get(
    `${base}/:eventId/participant`,
    {
      schema: {
        tags,
        summary: 'Registrations of the event with status, chosen options and amounts',
        params: ManageEventParamsSchema,
        response: { 200: ParticipantListSchema, ...problems },
      },
    },
    (request) => service.participants(actorOf(request), request.params.tenantId, request.params.eventId),
  );

  app.post(
    `${base}/:eventId/participant`,
    {
      schema: {
        tags,
        summary: 'Register a member of the club by hand (a place if free, else a waiting place)',
        params: ManageEventParamsSchema,
        body: AddParticipantInputSchema,
        response: { 201: RegistrationChangeSchema, ...writeProblems },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.add(actorOf(request), request.params.tenantId, request.params.eventId, request.body),
        ),
  );

  app.post(
    `${base}/:eventId/participant/:registrationId/approve`,
    {
      schema: {
        tags,
        summary: 'Approve a requested registration',
        params: ManageRegistrationParamsSchema,
        response: { 200: RegistrationChangeSchema, ...writeProblems },
      },
    },
    (request) =>
      service.approve(
        actorOf(request),
        request.params.tenantId,
        request.params.eventId,
        request.params.registrationId,
      ),
  );

  app.post(
    `${base}/:eventId/participant/:registrationId/move`,
    {
      schema: {
        tags,
        summary: 'Move a person between the waiting list and the participants, with a reason',
        params: ManageRegistrationParamsSchema,
        body: MoveParticipantInputSchema,
        response: { 200: RegistrationChangeSchema, ...writeProblems },
      },
    },
    (request) =>
      service.move(
        actorOf(request),
        request.params.tenantId,
        request.params.eventId,
        request.params.registrationId,
        request.body,
      ),
  );

  app.post(
    `${base}/:eventId/participant/message`,
    {
      schema: {
        tags,
        summary: 'Send a message to all participants or to the waiting list',
        params: ManageEventParamsSchema,
        body: MessageParticipantsInputSchema,
        response: { 201: RecipientCountSchema, ...problems },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.message(
            actorOf(request),
            request.params.tenantId,
            request.params.eventId,
            request.body,
          ),
        ),
  );

  app.get(
    `${base}/:eventId/participant/export`,
    {
      schema: {
        tags,
        summary:
          'The participant list as CSV (UTF-8 with BOM; semicolons in German, commas in English) or XLSX',
        params: ManageEventParamsSchema,
        querystring: ParticipantExportQuerySchema,
        response: { 200: z.any().describe('The file'), ...problems },
      },
    },
    async (request, reply) => {
      const { tenantId, eventId } = request.params;
      const file = await service.export(
        actorOf(request),
        tenantId,
        eventId,
        request.query.format,
        languageOf(request),
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );
};
