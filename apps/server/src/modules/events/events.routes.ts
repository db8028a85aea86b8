import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CalendarFeedParamsSchema,
  CalendarFeedSchema,
  CancelRegistrationBodySchema,
  EventCatalogueListSchema,
  EventContactPersonListSchema,
  EventContractSchema,
  EventDocumentListSchema,
  EventDocumentParamsSchema,
  EventIdParamsSchema,
  EventListQuerySchema,
  EventListSchema,
  EventParticipantListSchema,
  EventParticipantParamsSchema,
  EventRegistrationSchema,
  EventSchema,
  MyRegistrationListSchema,
  MyRegistrationsQuerySchema,
  ProblemSchema,
  RegisterForEventBodySchema,
  TenantEventParamsSchema,
  UpdateRegistrationBodySchema,
} from '@vereinsheim/contracts';
import { languageOf, requestLanguage } from '../../lib/i18n.ts';
import { actorOf } from '../../plugins/auth.ts';
import { eventsService, type EventsDeps } from './events.service.ts';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema };
const tags = ['event'];

function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Authenticated event routes under /api. */
export const eventsRoutes: FastifyPluginAsyncZod<EventsDeps> = async (app, deps) => {
  const service = eventsService(deps);
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/event',
    {
      schema: {
        tags,
        summary: 'Events of my clubs and public events (paged, StartTime ascending)',
        querystring: EventListQuerySchema,
        response: { 200: EventListSchema, ...problems },
      },
    },
    (request) => service.list(actorOf(request), request.query),
  );

  app.get(
    '/event/disciplines',
    {
      schema: {
        tags,
        summary: 'Global discipline catalogue (filter values)',
        response: { 200: EventCatalogueListSchema, 401: ProblemSchema },
      },
    },
    () => service.disciplines(),
  );

  app.get(
    '/event/divisions',
    {
      schema: {
        tags,
        summary: 'Global division catalogue (filter values)',
        response: { 200: EventCatalogueListSchema, 401: ProblemSchema },
      },
    },
    () => service.divisions(),
  );

  app.get(
    '/event/:id',
    {
      schema: {
        tags,
        summary: 'One event with counts and my registration',
        params: EventIdParamsSchema,
        response: { 200: EventSchema, ...problems },
      },
    },
    (request) => service.get(actorOf(request), request.params.id),
  );

  app.get(
    '/event/:id/registration',
    {
      schema: {
        tags,
        summary: 'My registration for the event (null when not registered)',
        params: EventIdParamsSchema,
        response: { 200: EventRegistrationSchema.nullable(), ...problems },
      },
    },
    (request) => service.myRegistration(actorOf(request), request.params.id),
  );

  app.post(
    '/event/:id/registration',
    {
      schema: {
        tags,
        summary: 'Register for the event with the chosen price options',
        description:
          'Takes a place while places are free (status participating, or requested when the event needs approval), ' +
          'else a waiting place while the waiting list has room (waiting), else 409. ' +
          'Closed registration, a passed deadline, a cancelled or finished event answer 422. ' +
          "An incomplete price selection answers 400 with the spec's message ('Please select a price', 'Select required options').",
        params: EventIdParamsSchema,
        body: RegisterForEventBodySchema,
        response: { 201: EventRegistrationSchema, ...problems, 409: ProblemSchema, 422: ProblemSchema },
      },
    },
    async (request, reply) => {
      const registration = await service.register(actorOf(request), request.params.id, request.body);
      return reply.code(201).send(registration);
    },
  );

  app.patch(
    '/event/:id/registration',
    {
      schema: {
        tags,
        summary: 'Change my registration: whether my name is shown in the participant list',
        params: EventIdParamsSchema,
        body: UpdateRegistrationBodySchema,
        response: { 200: EventRegistrationSchema, ...problems },
      },
    },
    (request) => service.updateRegistration(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/event/:id/participants',
    {
      schema: {
        tags,
        summary: 'Participants who agreed to be named (where the event shows its participant list)',
        description:
          'Only where the organiser turned showParticipants on, and only for members of the club or persons ' +
          'registered for the event (else 403). Lists participating persons whose registration has ' +
          'showInParticipantList; participantCount counts everyone holding a confirmed place.',
        params: EventIdParamsSchema,
        response: { 200: EventParticipantListSchema, ...problems, 403: ProblemSchema },
      },
    },
    (request) => service.participants(actorOf(request), request.params.id),
  );

  app.post(
    '/event/:id/registration/cancel',
    {
      schema: {
        tags,
        summary: 'Withdraw my registration (moves the first waiting person up)',
        description:
          'Always possible while registered; after the free-cancellation deadline the answer carries freeCancellation=false.',
        params: EventIdParamsSchema,
        body: CancelRegistrationBodySchema,
        response: { 200: EventRegistrationSchema, ...problems },
      },
    },
    (request) =>
      service.cancel(
        actorOf(request),
        request.params.id,
        request.body.SendNotification ?? request.body.sendNotification ?? false,
      ),
  );

  app.get(
    '/event/:id/contract',
    {
      schema: {
        tags,
        summary: 'The event contract with its price options (price.prices)',
        params: EventIdParamsSchema,
        response: { 200: EventContractSchema, ...problems },
      },
    },
    (request) => service.contract(actorOf(request), request.params.id),
  );

  app.get(
    '/event/:id/ical',
    {
      schema: {
        tags,
        summary: 'The event as an iCalendar file (.ics, Europe/Berlin)',
        params: EventIdParamsSchema,
        response: { 200: z.string(), ...problems },
      },
    },
    async (request, reply) => {
      const { body, fileName } = await service.eventIcs(
        actorOf(request),
        request.params.id,
        languageOf(request),
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', attachment(fileName))
        .serializer((p: unknown) => p as string)
        .send(body);
    },
  );

  app.get(
    '/tenants/:tenantId/event/:eventId/eventparticipant/:personId',
    {
      schema: {
        tags,
        summary:
          "A participant's registration (oneself; organisers, committee and admins: anyone of their club)",
        params: EventParticipantParamsSchema,
        response: { 200: EventRegistrationSchema, ...problems },
      },
    },
    (request) =>
      service.participant(
        actorOf(request),
        request.params.tenantId,
        request.params.eventId,
        request.params.personId,
      ),
  );

  app.get(
    '/tenants/:tenantId/event/:eventId/documentupload',
    {
      schema: {
        tags,
        summary: 'Documents of the event',
        params: TenantEventParamsSchema,
        response: { 200: EventDocumentListSchema, ...problems },
      },
    },
    (request) => service.documents(actorOf(request), request.params.tenantId, request.params.eventId),
  );

  app.get(
    '/tenants/:tenantId/event/:eventId/documentupload/:documentId/download',
    {
      schema: {
        tags,
        summary: 'Download one document of the event',
        params: EventDocumentParamsSchema,
        response: { 200: z.any().describe('The file, with its stored content type'), ...problems },
      },
    },
    async (request, reply) => {
      const { tenantId, eventId, documentId } = request.params;
      const file = await service.documentFile(actorOf(request), tenantId, eventId, documentId);
      return reply
        .type(file.contentType)
        .header('content-disposition', attachment(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );

  app.get(
    '/tenants/:tenantId/event/:eventId/contactperson',
    {
      schema: {
        tags,
        summary: 'Contact persons of the event',
        params: TenantEventParamsSchema,
        response: { 200: EventContactPersonListSchema, ...problems },
      },
    },
    (request) => service.contactPersons(actorOf(request), request.params.tenantId, request.params.eventId),
  );

  app.get(
    '/me/event/registrations',
    {
      schema: {
        tags,
        summary: 'My registrations (paged; includeCancelled)',
        querystring: MyRegistrationsQuerySchema,
        response: { 200: MyRegistrationListSchema, ...problems },
      },
    },
    (request) => service.myRegistrations(actorOf(request), request.query),
  );

  app.get(
    '/me/calendar-feed',
    {
      schema: {
        tags,
        summary: 'The secret URL of my calendar feed (created on first call)',
        response: { 200: CalendarFeedSchema, 401: ProblemSchema },
      },
    },
    (request) => service.calendarFeed(actorOf(request), false, languageOf(request)),
  );

  app.post(
    '/me/calendar-feed/renew',
    {
      schema: {
        tags,
        summary: 'Renew the secret token of my calendar feed; the old URL stops working',
        response: { 200: CalendarFeedSchema, 401: ProblemSchema },
      },
    },
    (request) => service.calendarFeed(actorOf(request), true, languageOf(request)),
  );
};

/** The personal calendar feed: no bearer token (calendar apps cannot send one), the secret is in the path. */
export const calendarFeedRoutes: FastifyPluginAsyncZod<EventsDeps> = async (app, deps) => {
  const service = eventsService(deps);
  app.get(
    '/calendar/:token.ics',
    {
      schema: {
        tags,
        summary: 'My registered events as an iCalendar feed (secret URL from /api/me/calendar-feed)',
        params: CalendarFeedParamsSchema,
        // The language the feed's URL names (the app's when it was shown); an app's own or German otherwise.
        querystring: z.object({ lang: z.string().max(35).optional() }),
        response: { 200: z.string(), 404: ProblemSchema },
      },
    },
    async (request, reply) => {
      const body = await service.feedIcs(request.params.token, requestLanguage(request));
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('referrer-policy', 'no-referrer')
        .serializer((p: unknown) => p as string)
        .send(body);
    },
  );
};
