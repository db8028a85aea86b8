import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InvoiceDetailSchema,
  InvoiceIdParamsSchema,
  InvoiceListQuerySchema,
  InvoiceListSchema,
  OrderElementListSchema,
  OrderElementQuerySchema,
  ProblemSchema,
} from '@vereinsheim/contracts';
import type { Database } from '../../db/client.ts';
import type { DocumentRenderer } from '../../documents/index.ts';
import { languageOf, render } from '../../lib/i18n.ts';
import { actorOf } from '../../plugins/auth.ts';
import { invoicesService } from './invoices.service.ts';

export const invoicesRoutes: FastifyPluginAsyncZod<{ db: Database; documents: DocumentRenderer }> = async (
  app,
  { db, documents },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/invoice',
    {
      schema: {
        tags: ['invoice'],
        summary: "The signed-in person's invoices, incoming and outgoing (InvoiceDate descending)",
        querystring: InvoiceListQuerySchema,
        response: { 200: InvoiceListSchema, 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    (request) => invoicesService.list(db, actorOf(request), request.query),
  );

  app.get(
    '/invoice/:id',
    {
      schema: {
        tags: ['invoice'],
        summary: 'One invoice with line items, bank details and the EPC QR (GiroCode) payload',
        params: InvoiceIdParamsSchema,
        response: { 200: InvoiceDetailSchema, 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    (request) => invoicesService.detail(db, actorOf(request), request.params.id, request.log),
  );

  app.get(
    '/invoice/:id/pdf',
    {
      schema: {
        tags: ['invoice'],
        summary: 'The invoice as PDF (with GiroCode while it is to be paid)',
        params: InvoiceIdParamsSchema,
        produces: ['application/pdf'],
        response: {
          200: z.unknown().describe('application/pdf'),
          400: ProblemSchema,
          401: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const invoice = await invoicesService.detail(db, actorOf(request), request.params.id, request.log);
      const lng = languageOf(request);
      const pdf = await documents.invoicePdf(invoice, lng);
      const name = render(lng, { key: 'invoicePdf.fileName' });
      const fileName = `${name}-${invoice.number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/me/orderelements',
    {
      schema: {
        tags: ['invoice'],
        summary: 'What the signed-in person ordered or was charged (CreatedAt descending)',
        querystring: OrderElementQuerySchema,
        response: { 200: OrderElementListSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    (request) => invoicesService.orderElements(db, actorOf(request), request.query),
  );
};
