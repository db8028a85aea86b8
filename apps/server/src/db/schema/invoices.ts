import {
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { INVOICE_DIRECTIONS, INVOICE_STATUSES, ORDER_ELEMENT_KINDS } from '@vereinsheim/contracts';
import { persons, tenants } from './core.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const invoiceDirectionEnum = pgEnum('invoice_direction', INVOICE_DIRECTIONS);
export const invoiceStatusEnum = pgEnum('invoice_status', INVOICE_STATUSES);
export const orderElementKindEnum = pgEnum('order_element_kind', ORDER_ELEMENT_KINDS);

/**
 * Invoices between a club and one person. incoming: the club bills the person; outgoing: the
 * person bills the club. Parties, bank details and totals are a snapshot taken when it was issued.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Null once the person deleted their account: the invoice is kept as the law requires (§ 147 AO). */
    personId: uuid('person_id').references(() => persons.id, { onDelete: 'set null' }),
    direction: invoiceDirectionEnum('direction').notNull(),
    number: text('number').notNull(),
    title: text('title').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    status: invoiceStatusEnum('status').notNull().default('open'),
    paidOn: date('paid_on', { mode: 'string' }),
    currency: text('currency').notNull().default('EUR'),
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    issuerName: text('issuer_name').notNull(),
    issuerStreet: text('issuer_street'),
    issuerCity: text('issuer_city'),
    issuerTaxNumber: text('issuer_tax_number'),
    issuerVatId: text('issuer_vat_id'),
    /** Date of delivery or service, or the first day of the service period (§ 14 Abs. 4 Nr. 6 UStG). */
    serviceDateFrom: date('service_date_from', { mode: 'string' }),
    /** Last day of the service period; null for a single date. */
    serviceDateTill: date('service_date_till', { mode: 'string' }),
    recipientName: text('recipient_name').notNull(),
    recipientStreet: text('recipient_street'),
    recipientCity: text('recipient_city'),
    payeeAccountOwner: text('payee_account_owner'),
    payeeIban: text('payee_iban'),
    payeeBic: text('payee_bic'),
    payeeBankName: text('payee_bank_name'),
    paymentReference: text('payment_reference').notNull(),
    /** Reminders sent by the club (ADR 0019). */
    reminderCount: integer('reminder_count').notNull().default(0),
    lastReminderOn: date('last_reminder_on', { mode: 'string' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_tenant_number_uq').on(t.tenantId, t.number),
    index('invoices_person_date_idx').on(t.personId, t.invoiceDate),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** VAT rate in basis points: 1900 = 19 %. */
    vatRateBp: integer('vat_rate_bp').notNull(),
    /** Why a 0 % line carries no VAT ('nicht steuerbarer Mitgliedsbeitrag', 'steuerfrei nach § 4 Nr. 22 UStG'). */
    vatExemptionReason: text('vat_exemption_reason'),
  },
  (t) => [uniqueIndex('invoice_lines_invoice_position_uq').on(t.invoiceId, t.position)],
);

/** What a person ordered or was charged (event fees, kit, membership fees), linked to the invoice. */
export const orderElements = pgTable(
  'order_elements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    kind: orderElementKindEnum('kind').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    quantity: integer('quantity').notNull().default(1),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The event the fee belongs to (no foreign key: events live in their own module). */
    eventId: uuid('event_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_elements_person_created_idx').on(t.personId, t.createdAt)],
);

/** The last invoice number a club issued: updated in the issuing transaction, so numbers have no gaps (ADR 0019). */
export const invoiceCounters = pgTable('invoice_counters', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});
