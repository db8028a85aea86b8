import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddMemberRoleSchema,
  ClubInvoiceListSchema,
  ClubInvoiceParamsSchema,
  ClubInvoiceQuerySchema,
  ClubInvoiceSchema,
  ClubMemberListSchema,
  ClubMemberParamsSchema,
  ClubMemberQuerySchema,
  ClubMemberRoleParamsSchema,
  ClubMemberSchema,
  ClubParamsSchema,
  ClubSettingsInputSchema,
  ClubSettingsSchema,
  EndDateSchema,
  IssueInvoicesResultSchema,
  IssueInvoicesSchema,
  MarkPaidSchema,
  MemberImportResultSchema,
  MemberImportSchema,
  MemberSearchQuerySchema,
  MemberSearchResultSchema,
  ProblemSchema,
} from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import type { DocumentRenderer } from '../../documents/index.ts';
import { languageOf, render } from '../../lib/i18n.ts';
import { actorOf } from '../../plugins/auth.ts';
import { clubSettingsService } from './club-settings.service.ts';
import { invoicesAdminService } from './invoices-admin.service.ts';
import { membersService } from './members.service.ts';

const errors = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
  422: ProblemSchema,
};
const csvResponse = { 200: z.unknown().describe('text/csv'), ...errors };

/** The club side (ADR 0019): members (admins) and invoices (committee, admins) of one club. */
export const clubAdminRoutes: FastifyPluginAsyncZod<{ db: Database; documents: DocumentRenderer }> = async (
  app,
  { db, documents },
) => {
  app.addHook('onRequest', app.authenticate);

  // ---------------------------------------------------------------- club settings (ADR 0026)
  app.get(
    '/tenants/:tenantId/settings',
    {
      schema: {
        tags: ['club-admin'],
        summary: "The club's invoice data: address, tax number or VAT id, bank account (committee, admins)",
        params: ClubParamsSchema,
        response: { 200: ClubSettingsSchema, ...errors },
      },
    },
    (request) => clubSettingsService.get(db, actorOf(request), request.params.tenantId),
  );

  app.put(
    '/tenants/:tenantId/settings',
    {
      schema: {
        tags: ['club-admin'],
        summary: "Replaces the club's invoice data; BIC and bank name filled from a German IBAN",
        params: ClubParamsSchema,
        body: ClubSettingsInputSchema,
        response: { 200: ClubSettingsSchema, ...errors },
      },
    },
    (request) => clubSettingsService.update(db, actorOf(request), request.params.tenantId, request.body),
  );

  // ---------------------------------------------------------------- members
  app.get(
    '/tenants/:tenantId/members',
    {
      schema: {
        tags: ['club-admin'],
        summary: "The club's members, paged and searchable (club admins)",
        params: ClubParamsSchema,
        querystring: ClubMemberQuerySchema,
        response: { 200: ClubMemberListSchema, ...errors },
      },
    },
    (request) => membersService.list(db, actorOf(request), request.params.tenantId, request.query),
  );

  app.get(
    '/tenants/:tenantId/members/search',
    {
      schema: {
        tags: ['club-admin'],
        summary:
          "The club's current members by name, names only (committee, organisers, admins: recipients, participants)",
        params: ClubParamsSchema,
        querystring: MemberSearchQuerySchema,
        response: { 200: MemberSearchResultSchema, ...errors },
      },
    },
    (request) => membersService.search(db, actorOf(request), request.params.tenantId, request.query.keyword),
  );

  app.get(
    '/tenants/:tenantId/members/export',
    {
      schema: {
        tags: ['club-admin'],
        summary:
          "The member list as CSV in the reader's language (UTF-8 with BOM; German: semicolons, English: commas)",
        params: ClubParamsSchema,
        produces: ['text/csv'],
        response: csvResponse,
      },
    },
    async (request, reply) => {
      const csv = await membersService.exportCsv(
        db,
        actorOf(request),
        request.params.tenantId,
        languageOf(request),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${render(languageOf(request), { key: 'export.members.file' })}.csv"`,
        )
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.post(
    '/tenants/:tenantId/members/import',
    {
      schema: {
        tags: ['club-admin'],
        summary: 'Imports members from CSV: a dry run previews each row, the confirmed run writes',
        params: ClubParamsSchema,
        body: MemberImportSchema,
        response: { 200: MemberImportResultSchema, ...errors },
      },
      bodyLimit: 4 * 1024 * 1024,
    },
    (request) =>
      membersService.import(
        db,
        actorOf(request),
        request.params.tenantId,
        request.body,
        languageOf(request),
        documents,
      ),
  );

  app.get(
    '/tenants/:tenantId/members/:personId',
    {
      schema: {
        tags: ['club-admin'],
        summary: 'One member with all dated roles',
        params: ClubMemberParamsSchema,
        response: { 200: ClubMemberSchema, ...errors },
      },
    },
    (request) =>
      membersService.detail(db, actorOf(request), request.params.tenantId, request.params.personId),
  );

  app.post(
    '/tenants/:tenantId/members/:personId/roles',
    {
      schema: {
        tags: ['club-admin'],
        summary: 'Gives the member a role from a date',
        params: ClubMemberParamsSchema,
        body: AddMemberRoleSchema,
        response: { 201: ClubMemberSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId, personId } = request.params;
      const member = await membersService.addRole(db, actorOf(request), tenantId, personId, request.body);
      return reply.code(201).send(member);
    },
  );

  app.post(
    '/tenants/:tenantId/members/:personId/roles/:roleId/end',
    {
      schema: {
        tags: ['club-admin'],
        summary: "Ends one of the member's roles on a date (today if none is given)",
        params: ClubMemberRoleParamsSchema,
        body: EndDateSchema,
        response: { 200: ClubMemberSchema, ...errors },
      },
    },
    (request) => {
      const { tenantId, personId, roleId } = request.params;
      return membersService.endRole(db, actorOf(request), tenantId, personId, roleId, request.body.endsOn);
    },
  );

  app.post(
    '/tenants/:tenantId/members/:personId/end',
    {
      schema: {
        tags: ['club-admin'],
        summary: 'Ends the membership: every open role ends on the date (today if none is given)',
        params: ClubMemberParamsSchema,
        body: EndDateSchema,
        response: { 200: ClubMemberSchema, ...errors },
      },
    },
    (request) => {
      const { tenantId, personId } = request.params;
      return membersService.endMembership(db, actorOf(request), tenantId, personId, request.body.endsOn);
    },
  );

  // ---------------------------------------------------------------- invoices
  app.get(
    '/tenants/:tenantId/invoices',
    {
      schema: {
        tags: ['club-admin'],
        summary: "The club's invoices to members, newest first (committee, admins)",
        params: ClubParamsSchema,
        querystring: ClubInvoiceQuerySchema,
        response: { 200: ClubInvoiceListSchema, ...errors },
      },
    },
    (request) => invoicesAdminService.list(db, actorOf(request), request.params.tenantId, request.query),
  );

  app.post(
    '/tenants/:tenantId/invoices',
    {
      schema: {
        tags: ['club-admin'],
        summary: 'Issues invoices to members, or to every member of a role or team (a fee run)',
        params: ClubParamsSchema,
        body: IssueInvoicesSchema,
        response: { 201: IssueInvoicesResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await invoicesAdminService.issue(
        db,
        actorOf(request),
        request.params.tenantId,
        request.body,
      );
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/tenants/:tenantId/invoices/open-items',
    {
      schema: {
        tags: ['club-admin'],
        summary:
          "Open and overdue invoices as CSV in the reader's language (UTF-8 with BOM; German: semicolons, English: commas)",
        params: ClubParamsSchema,
        produces: ['text/csv'],
        response: csvResponse,
      },
    },
    async (request, reply) => {
      const csv = await invoicesAdminService.openItemsCsv(
        db,
        actorOf(request),
        request.params.tenantId,
        languageOf(request),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${render(languageOf(request), { key: 'export.openItems.file' })}.csv"`,
        )
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.post(
    '/tenants/:tenantId/invoices/:invoiceId/paid',
    {
      schema: {
        tags: ['club-admin'],
        summary: 'Marks the invoice paid',
        params: ClubInvoiceParamsSchema,
        body: MarkPaidSchema,
        response: { 200: ClubInvoiceSchema, ...errors },
      },
    },
    (request) => {
      const { tenantId, invoiceId } = request.params;
      return invoicesAdminService.setStatus(
        db,
        actorOf(request),
        tenantId,
        invoiceId,
        'paid',
        request.body.paidOn,
      );
    },
  );

  app.post(
    '/tenants/:tenantId/invoices/:invoiceId/cancel',
    {
      schema: {
        tags: ['club-admin'],
        summary: 'Cancels the invoice',
        params: ClubInvoiceParamsSchema,
        response: { 200: ClubInvoiceSchema, ...errors },
      },
    },
    (request) => {
      const { tenantId, invoiceId } = request.params;
      return invoicesAdminService.setStatus(db, actorOf(request), tenantId, invoiceId, 'cancelled');
    },
  );

  app.post(
    '/tenants/:tenantId/invoices/:invoiceId/reminder',
    {
      schema: {
        tags: ['club-admin'],
        summary: 'Sends the member a payment reminder',
        params: ClubInvoiceParamsSchema,
        response: { 200: ClubInvoiceSchema, ...errors },
      },
    },
    (request) => {
      const { tenantId, invoiceId } = request.params;
      return invoicesAdminService.remind(db, actorOf(request), tenantId, invoiceId);
    },
  );
};
