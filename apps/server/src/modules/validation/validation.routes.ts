import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApplySchema,
  CreateInvitationSchema,
  DecideSectionSchema,
  InvitationListSchema,
  InvitationSchema,
  JoinableClubListSchema,
  JoinableClubQuerySchema,
  JoinableClubSchema,
  MyValidationCaseListSchema,
  MyValidationCaseSchema,
  OpenCaseSchema,
  ProblemSchema,
  ValidationCaseListSchema,
  ValidationCaseSchema,
  ValidationCaseSummarySchema,
  ValidationQuerySchema,
  ValidationSectionSchema,
  VersionBodySchema,
} from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../plugins/auth.ts';
import { validationService as service } from './validation.service.ts';

const uuid = z.uuid({ error: 'expected an id' });
const IdParams = z.object({ id: uuid });
const SectionParams = z.object({ id: uuid, section: ValidationSectionSchema });
const TenantParams = z.object({ tenantId: uuid });
const TenantIdParams = z.object({ tenantId: uuid, id: uuid });
const TokenParams = z.object({ token: z.string().min(1).max(100) });

export const validationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', app.authenticate);
  const read = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema };
  const write = { ...read, 403: ProblemSchema, 409: ProblemSchema, 422: ProblemSchema };
  const tags = ['validation'];

  // ------------------------------------------------------------ reviewers

  app.get(
    '/me/profilevalidation',
    {
      schema: {
        tags,
        summary:
          'Validation cases of the clubs the signed-in person reviews (newest first), with counts per state',
        querystring: ValidationQuerySchema,
        response: { 200: ValidationCaseListSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    (request) => service.queue(db, actorOf(request), request.query),
  );

  app.get(
    '/me/profilevalidation/:id',
    {
      schema: {
        tags,
        summary: "One case with the person's data the club may see (reviewers and admins of the club)",
        params: IdParams,
        response: { 200: ValidationCaseSchema, ...read },
      },
    },
    (request) => service.get(db, actorOf(request), request.params.id),
  );

  app.post(
    '/me/profilevalidation/:id/section/:section',
    {
      schema: {
        tags,
        summary:
          'Approve a section or request a correction (with comment); 409 when the case changed since `version`',
        params: SectionParams,
        body: DecideSectionSchema,
        response: { 200: ValidationCaseSchema, ...write },
      },
    },
    (request) =>
      service.decide(db, actorOf(request), request.params.id, request.params.section, request.body),
  );

  app.post(
    '/me/profilevalidation/:id/close',
    {
      schema: {
        tags,
        summary: 'Close the review: approved (membership active) or back to the person for corrections',
        params: IdParams,
        body: VersionBodySchema,
        response: { 200: ValidationCaseSchema, ...write },
      },
    },
    (request) => service.close(db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/tenants/:tenantId/profilevalidation',
    {
      schema: {
        tags,
        summary: 'Open an identity-change or yearly check for a member of the club (reviewers and admins)',
        params: TenantParams,
        body: OpenCaseSchema,
        response: { 201: ValidationCaseSummarySchema, ...write },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.open(db, actorOf(request), request.params.tenantId, request.body)),
  );

  // ------------------------------------------------------------ the person

  app.get(
    '/me/validationcase',
    {
      schema: {
        tags,
        summary: "The signed-in person's own cases with the reviewers' decisions",
        response: { 200: MyValidationCaseListSchema, 401: ProblemSchema },
      },
    },
    (request) => service.mine(db, actorOf(request)),
  );

  app.post(
    '/me/validationcase',
    {
      schema: {
        tags,
        summary:
          'Apply to join a club (invitation token or a club accepting applications), accepting its terms',
        body: ApplySchema,
        response: { 201: MyValidationCaseSchema, ...write },
      },
    },
    async (request, reply) => reply.code(201).send(await service.apply(db, actorOf(request), request.body)),
  );

  app.get(
    '/me/validationcase/:id',
    {
      schema: {
        tags,
        summary: 'One own case',
        params: IdParams,
        response: { 200: MyValidationCaseSchema, ...read },
      },
    },
    (request) => service.myCase(db, actorOf(request), request.params.id),
  );

  app.post(
    '/me/validationcase/:id/resubmit',
    {
      schema: {
        tags,
        summary: 'Hand a case back after correcting the data',
        params: IdParams,
        body: VersionBodySchema,
        response: { 200: MyValidationCaseSchema, ...write },
      },
    },
    (request) => service.resubmit(db, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/clubs/joinable',
    {
      schema: {
        tags,
        summary:
          "Clubs that accept applications, by name (keyword searches the name; the person's own clubs left out)",
        querystring: JoinableClubQuerySchema,
        response: { 200: JoinableClubListSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    (request) => service.joinable(db, actorOf(request), request.query.keyword),
  );

  app.get(
    '/invitation/:token',
    {
      schema: {
        tags,
        summary: 'The club an invitation link leads to, with its terms (404 when revoked or unknown)',
        params: TokenParams,
        response: { 200: JoinableClubSchema, ...read },
      },
    },
    (request) => service.invitation(db, request.params.token),
  );

  // ------------------------------------------------------------ invitation links (committee, admins)

  app.get(
    '/tenants/:tenantId/invitation',
    {
      schema: {
        tags,
        summary: "The club's invitation links",
        params: TenantParams,
        response: { 200: InvitationListSchema, ...read, 403: ProblemSchema },
      },
    },
    (request) => service.invitations(db, actorOf(request), request.params.tenantId),
  );

  app.post(
    '/tenants/:tenantId/invitation',
    {
      schema: {
        tags,
        summary: 'Create an invitation link for the club',
        params: TenantParams,
        body: CreateInvitationSchema,
        response: { 201: InvitationSchema, ...write },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.createInvitation(db, actorOf(request), request.params.tenantId, request.body)),
  );

  app.post(
    '/tenants/:tenantId/invitation/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke an invitation link (it leads nowhere afterwards)',
        params: TenantIdParams,
        response: { 200: InvitationSchema, ...write },
      },
    },
    (request) => service.revokeInvitation(db, actorOf(request), request.params.tenantId, request.params.id),
  );
};
