import { z } from 'zod';
import { deferred } from './deferred.ts';
import { pagedListSchema, pagedQuerySchema, uuidListQueryParam } from './paging.ts';

export const INVOICE_DIRECTIONS = ['incoming', 'outgoing'] as const;
/** incoming: the club bills the member; outgoing: the member bills the club (e.g. expenses). */
export const InvoiceDirectionSchema = deferred(() => z.enum(INVOICE_DIRECTIONS));
export type InvoiceDirection = z.infer<typeof InvoiceDirectionSchema>;

export const INVOICE_STATUSES = ['open', 'paid', 'overdue', 'cancelled'] as const;
export const InvoiceStatusSchema = deferred(() => z.enum(INVOICE_STATUSES));
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;

const isoDate = deferred(() => z.iso.date());
const uuid = deferred(() => z.uuid({ error: 'expected a UUID' }));

/** GET /api/invoice (spec §7: receiverId, tenantIds, from, till, paging; InvoiceDate descending). */
export const InvoiceListQuerySchema = deferred(() =>
  pagedQuerySchema(['InvoiceDate']).extend({
    receiverId: uuid.optional(),
    tenantIds: uuidListQueryParam,
    tenantId: uuidListQueryParam,
    from: isoDate.optional().describe('first invoice date (inclusive), YYYY-MM-DD'),
    till: isoDate.optional().describe('last invoice date (inclusive), YYYY-MM-DD'),
    direction: InvoiceDirectionSchema.optional(),
    status: InvoiceStatusSchema.optional(),
  }),
);
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;

/** Amounts are integer cents; currency is always EUR. */
export const InvoiceSummarySchema = deferred(() =>
  z.object({
    id: z.string(),
    tenantId: z.string(),
    tenantName: z.string(),
    personId: z.string(),
    direction: InvoiceDirectionSchema,
    number: z.string(),
    title: z.string(),
    invoiceDate: z.string().describe('YYYY-MM-DD'),
    dueDate: z.string().nullable().describe('YYYY-MM-DD'),
    status: InvoiceStatusSchema.describe('open past its due date is reported as overdue'),
    currency: z.literal('EUR'),
    netCents: z.number().int(),
    vatCents: z.number().int(),
    grossCents: z.number().int(),
    createdAt: z.string(),
  }),
);
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

/** What the person still has to pay: open and overdue incoming invoices (within the club filter), per currency. */
export const OpenTotalSchema = deferred(() =>
  z.object({
    currency: z.literal('EUR'),
    grossCents: z.number().int(),
    count: z.number().int(),
  }),
);
export type OpenTotal = z.infer<typeof OpenTotalSchema>;

export const InvoiceListSchema = deferred(() =>
  pagedListSchema(InvoiceSummarySchema).extend({
    openTotals: z
      .array(OpenTotalSchema)
      .default([])
      .describe('open and overdue incoming invoices, whatever the page'),
  }),
);
export type InvoiceList = z.infer<typeof InvoiceListSchema>;

export const InvoiceLineSchema = deferred(() =>
  z.object({
    position: z.number().int(),
    description: z.string(),
    quantity: z.number().int(),
    unitPriceCents: z.number().int(),
    vatRatePercent: z.number(),
    netCents: z.number().int(),
    vatCents: z.number().int(),
    grossCents: z.number().int(),
    /** Why a 0 % line carries no VAT (§ 14 Abs. 4 Nr. 8 UStG), as the issuer wrote it. */
    vatExemptionReason: z.string().nullable().default(null),
  }),
);
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const InvoiceVatGroupSchema = deferred(() =>
  z.object({
    vatRatePercent: z.number(),
    netCents: z.number().int(),
    vatCents: z.number().int(),
  }),
);

export const InvoicePartySchema = deferred(() =>
  z.object({
    name: z.string(),
    street: z.string().nullable(),
    city: z.string().nullable(),
    /** Steuernummer and USt-IdNr. of the issuer (§ 14 Abs. 4 Nr. 2 UStG); null for the recipient. */
    taxNumber: z.string().nullable().default(null),
    vatId: z.string().nullable().default(null),
  }),
);

export const InvoiceBankDetailsSchema = deferred(() =>
  z.object({
    accountOwner: z.string(),
    iban: z.string(),
    bic: z.string().nullable(),
    bankName: z.string().nullable(),
  }),
);

export const InvoiceDetailSchema = deferred(() =>
  InvoiceSummarySchema.extend({
    /** Who bills (the club for incoming, the member for outgoing). */
    issuer: InvoicePartySchema,
    /** Who pays. */
    recipient: InvoicePartySchema,
    lines: z.array(InvoiceLineSchema),
    vatGroups: z.array(InvoiceVatGroupSchema),
    bankDetails: InvoiceBankDetailsSchema.nullable().describe("the payee's account"),
    paymentReference: z.string(),
    paidOn: z.string().nullable(),
    /** Date of delivery or service, or the service period from–till (§ 14 Abs. 4 Nr. 6 UStG), YYYY-MM-DD. */
    serviceDateFrom: z.string().nullable().default(null),
    serviceDateTill: z.string().nullable().default(null),
    /** EPC069-12 (GiroCode) payload; null when nothing is to be paid (paid, cancelled, no bank details). */
    epcQrPayload: z.string().nullable(),
    pdfUrl: z.string().describe('Relative to the API base, needs the bearer token'),
  }),
);
export type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>;

export const InvoiceIdParamsSchema = deferred(() => z.object({ id: uuid }));

/** GET /api/me/orderelements: what the person ordered or was charged. */
export const ORDER_ELEMENT_KINDS = ['membershipfee', 'eventfee', 'kit', 'other'] as const;
export const OrderElementKindSchema = deferred(() => z.enum(ORDER_ELEMENT_KINDS));
export type OrderElementKind = z.infer<typeof OrderElementKindSchema>;

export const OrderElementQuerySchema = deferred(() =>
  pagedQuerySchema(['CreatedAt']).extend({
    tenantId: uuidListQueryParam,
  }),
);
export type OrderElementQuery = z.infer<typeof OrderElementQuerySchema>;

export const OrderElementSchema = deferred(() =>
  z.object({
    id: z.string(),
    tenantId: z.string(),
    tenantName: z.string(),
    kind: OrderElementKindSchema,
    name: z.string(),
    description: z.string().nullable(),
    quantity: z.number().int(),
    unitPriceCents: z.number().int(),
    totalCents: z.number().int(),
    currency: z.literal('EUR'),
    invoiceId: z.string().nullable(),
    invoiceNumber: z.string().nullable(),
    eventId: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type OrderElement = z.infer<typeof OrderElementSchema>;
export const OrderElementListSchema = deferred(() => pagedListSchema(OrderElementSchema));
export type OrderElementList = z.infer<typeof OrderElementListSchema>;
