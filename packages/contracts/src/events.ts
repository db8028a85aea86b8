import { z } from 'zod';
import { deferred } from './deferred.ts';
import { RegistrationStatusSchema } from './enums.ts';
import { pagedListSchema, pagedQuerySchema } from './paging.ts';

// ---------------------------------------------------------------------------------------------
// Event status shown in lists and details (spec §4 "Event status shown").
// ---------------------------------------------------------------------------------------------

export const EVENT_STATUSES = ['upcoming', 'soon', 'soonstart', 'current', 'past', 'cancelled'] as const;
export const EventStatusSchema = deferred(() => z.enum(EVENT_STATUSES));
export type EventStatus = z.infer<typeof EventStatusSchema>;

/** An event starting within this time is `soon`. */
export const EVENT_SOON_MS = 7 * 24 * 60 * 60 * 1000;
/** An event starting within this time is `soonstart`. */
export const EVENT_SOON_START_MS = 24 * 60 * 60 * 1000;

/**
 * The display status of an event at `now`, first rule that matches:
 * cancelled flag → `cancelled`; end before now → `past`; start ≤ now ≤ end → `current`;
 * start less than 24 h ahead → `soonstart`; less than 7 days ahead → `soon`; else `upcoming`.
 */
export function eventStatus(
  event: { start: string | Date; end: string | Date; cancelled: boolean },
  now: Date = new Date(),
): EventStatus {
  if (event.cancelled) return 'cancelled';
  const start = new Date(event.start).getTime();
  const end = new Date(event.end).getTime();
  const t = now.getTime();
  if (end < t) return 'past';
  if (start <= t) return 'current';
  if (start - t < EVENT_SOON_START_MS) return 'soonstart';
  if (start - t < EVENT_SOON_MS) return 'soon';
  return 'upcoming';
}

// ---------------------------------------------------------------------------------------------
// Price options of an event's contract and the selection rules (spec §3 contract, §5 messages).
// ---------------------------------------------------------------------------------------------

/**
 * `price`: a base fee; exactly one must be chosen when the event has any.
 * `option`: an add-on; `required` options must be chosen. Options sharing a `group` are
 * alternatives: at most one of a group, and a group with a required option needs one of its options.
 */
export const PRICE_OPTION_KINDS = ['price', 'option'] as const;
export const PriceOptionKindSchema = deferred(() => z.enum(PRICE_OPTION_KINDS));

export const PriceOptionSchema = deferred(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    kind: PriceOptionKindSchema,
    amount: z.number().describe('In the currency unit, e.g. 12.5 EUR'),
    currency: z.string().length(3),
    required: z.boolean(),
    group: z.string().nullable(),
  }),
);
export type PriceOption = z.infer<typeof PriceOptionSchema>;

/** GET /api/event/{id}/contract */
export const EventContractSchema = deferred(() =>
  z.object({
    id: z.string(),
    foreignKeyId: z.string().describe('The event id'),
    price: z.object({ prices: z.array(PriceOptionSchema) }),
  }),
);
export type EventContract = z.infer<typeof EventContractSchema>;

export const PRICE_SELECTION_STATES = [
  'noPrices',
  'selectPrice',
  'selectRequired',
  'invalid',
  'complete',
] as const;
export type PriceSelectionState = (typeof PRICE_SELECTION_STATES)[number];

/** The spec's price selection messages (§5), keyed by state; the web translates them. */
export const PRICE_SELECTION_MESSAGES: Record<PriceSelectionState, string> = {
  noPrices: 'No prices available',
  selectPrice: 'Please select a price',
  selectRequired: 'Select required options',
  invalid: 'The selection contains unknown or conflicting options',
  complete: 'Selection complete',
};

/**
 * Evaluates a selection of price option ids against the event's options.
 * `noPrices` means there is nothing to choose (registering needs no selection).
 */
export function evaluatePriceSelection(
  options: readonly Pick<PriceOption, 'id' | 'kind' | 'required' | 'group'>[],
  selectedIds: readonly string[],
): PriceSelectionState {
  const byId = new Map(options.map((o) => [o.id, o]));
  const selected = new Set(selectedIds);
  for (const id of selected) if (!byId.has(id)) return 'invalid';
  if (options.length === 0) return selected.size === 0 ? 'noPrices' : 'invalid';
  const prices = options.filter((o) => o.kind === 'price');
  const chosenPrices = prices.filter((o) => selected.has(o.id));
  if (chosenPrices.length > 1) return 'invalid';
  const groupsUsed = new Map<string, number>();
  for (const o of options) {
    if (o.kind === 'option' && o.group && selected.has(o.id))
      groupsUsed.set(o.group, (groupsUsed.get(o.group) ?? 0) + 1);
  }
  for (const n of groupsUsed.values()) if (n > 1) return 'invalid';
  if (prices.length > 0 && chosenPrices.length === 0) return 'selectPrice';
  for (const o of options) {
    if (o.kind !== 'option' || !o.required) continue;
    const satisfied = o.group ? (groupsUsed.get(o.group) ?? 0) > 0 : selected.has(o.id);
    if (!satisfied) return 'selectRequired';
  }
  return 'complete';
}

/** A sum of money in the currency unit (e.g. 12.5 EUR). */
export const MoneySchema = deferred(() => z.object({ amount: z.number(), currency: z.string().length(3) }));
export type Money = z.infer<typeof MoneySchema>;

/**
 * The total of the chosen price options, summed in cents so that the server and the web show the same
 * figure (the server computes a registration's total with this function too). Unknown ids count nothing;
 * null when the event has no price options.
 */
export function priceSelectionTotal(
  options: readonly Pick<PriceOption, 'id' | 'amount' | 'currency'>[],
  selectedIds: readonly string[],
): Money | null {
  if (options.length === 0) return null;
  const selected = new Set(selectedIds);
  const cents = options
    .filter((o) => selected.has(o.id))
    .reduce((sum, o) => sum + Math.round(o.amount * 100), 0);
  return { amount: cents / 100, currency: options[0]!.currency };
}

/**
 * The selection a registration form starts with: every required option that has no alternatives (it cannot
 * be deselected), and the base price when there is only one.
 */
export function initialPriceSelection(
  options: readonly Pick<PriceOption, 'id' | 'kind' | 'required' | 'group'>[],
): string[] {
  const prices = options.filter((o) => o.kind === 'price');
  return [
    ...(prices.length === 1 ? [prices[0]!.id] : []),
    ...options.filter((o) => o.kind === 'option' && o.required && !o.group).map((o) => o.id),
  ];
}

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

export const EVENT_VISIBILITIES = ['members', 'public'] as const;
export const EventVisibilitySchema = deferred(() => z.enum(EVENT_VISIBILITIES));
export type EventVisibility = z.infer<typeof EventVisibilitySchema>;

export const EventCatalogueItemSchema = deferred(() => z.object({ id: z.string(), name: z.string() }));
export type EventCatalogueItem = z.infer<typeof EventCatalogueItemSchema>;
export const EventCatalogueListSchema = deferred(() => z.array(EventCatalogueItemSchema));

export const EventPlaceSchema = deferred(() =>
  z.object({
    name: z.string().nullable(),
    street: z.string().nullable(),
    streetNumber: z.string().nullable(),
    zip: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    countryCode: z.string().nullable(),
  }),
);
export type EventPlace = z.infer<typeof EventPlaceSchema>;

/** Registration of the signed-in person (or, for organisers, of a participant). */
export const EventRegistrationSchema = deferred(() =>
  z.object({
    registrationId: z.string(),
    eventId: z.string(),
    personId: z.string(),
    tenantId: z.string(),
    eventProgressType: RegistrationStatusSchema,
    isCancelled: z.boolean(),
    priceOptionIds: z.array(z.string()),
    registeredAt: z.iso.datetime({ offset: true }),
    cancelledAt: z.iso.datetime({ offset: true }).nullable(),
    /** Position on the waiting list (1 = next to move up), only while waiting. */
    waitingPosition: z.number().int().min(1).nullable(),
    /** False once the free-cancellation deadline has passed: cancelling is still possible, but not free. */
    freeCancellation: z.boolean(),
    /** The booked price options (`priceOptionIds`) with their names and amounts. */
    bookedOptions: z.array(
      PriceOptionSchema.pick({ id: true, name: true, kind: true, amount: true, currency: true }),
    ),
    /** The sum of the booked options (priceSelectionTotal); null when the event has no prices. */
    total: MoneySchema.nullable(),
    /** The person agreed to be named in the event's participant list (where the event shows one). */
    showInParticipantList: z.boolean(),
  }),
);
export type EventRegistration = z.infer<typeof EventRegistrationSchema>;

export const EventSchema = deferred(() =>
  z.object({
    id: z.string(),
    tenantId: z.string(),
    tenantName: z.string(),
    creator: z.object({ id: z.string().nullable() }),
    contractId: z.string().nullable(),
    name: z.string(),
    description: z.string().nullable(),
    start: z.iso.datetime({ offset: true }),
    end: z.iso.datetime({ offset: true }),
    place: EventPlaceSchema,
    organiser: z.string().nullable(),
    disciplines: z.array(EventCatalogueItemSchema),
    divisions: z.array(EventCatalogueItemSchema),
    /** Effective: open flag set, not cancelled, not over, start reached, deadline not passed. */
    registrationOpen: z.boolean(),
    /** Registration opens at this time (null: right away); before it, registrationOpen is false. */
    registrationStart: z.iso.datetime({ offset: true }).nullable(),
    registrationDeadline: z.iso.datetime({ offset: true }).nullable(),
    freeCancellationDeadline: z.iso.datetime({ offset: true }).nullable(),
    maxParticipants: z.number().int().nullable().describe('null: unlimited'),
    maxWaiting: z.number().int(),
    participantCount: z.number().int(),
    waitingCount: z.number().int(),
    placesLeft: z.number().int().nullable().describe('null: unlimited'),
    waitingPlacesLeft: z.number().int(),
    requiresApproval: z.boolean(),
    /** The organiser shows participants who agreed to it a list of each other (GET …/participants). */
    showParticipants: z.boolean(),
    visibility: EventVisibilitySchema,
    cancelled: z.boolean(),
    status: EventStatusSchema,
    /** The lowest base price (or null when the event is free). */
    fee: z.object({ amount: z.number(), currency: z.string() }).nullable(),
    /** The signed-in person's status at this event (`nomember` when not registered). */
    eventProgressType: RegistrationStatusSchema,
    eventRegistration: EventRegistrationSchema.nullable(),
  }),
);
export type EventDetail = z.infer<typeof EventSchema>;

/** Accepts `a,b` as well as a repeated parameter (`?x=a&x=b`). */
function splitIds(value: unknown): unknown[] {
  const parts: unknown[] = Array.isArray(value) ? (value as unknown[]) : [value];
  return parts
    .flatMap((p) => (typeof p === 'string' ? p.split(',') : [p]))
    .map((p) => (typeof p === 'string' ? p.trim() : p))
    .filter((p) => p !== '');
}
const idsParam = deferred(() => z.preprocess(splitIds, z.array(z.string().max(64)).max(100)).optional());

const isoDateOrDateTime = deferred(() =>
  z
    .string()
    .trim()
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !isNaN(Date.parse(v)),
      {
        message: 'expected an ISO date (YYYY-MM-DD) or date-time',
      },
    ),
);

/**
 * GET /api/event. Ordered by StartTime ascending unless `orderby`=Name or `orderbytype` says otherwise.
 * `from`/`till`: events overlapping the window; a date-only `till` includes that whole day (UTC).
 */
export const EventListQuerySchema = deferred(() =>
  pagedQuerySchema(['StartTime', 'Name']).extend({
    from: isoDateOrDateTime.optional(),
    till: isoDateOrDateTime.optional(),
    tenantIds: idsParam,
    tenantId: idsParam,
    globalDivisionIds: idsParam,
    globalDisciplineIds: idsParam,
  }),
);
export type EventListQuery = z.infer<typeof EventListQuerySchema>;

export const EventListSchema = deferred(() => pagedListSchema(EventSchema));
export type EventList = z.infer<typeof EventListSchema>;

export const EventIdParamsSchema = deferred(() => z.object({ id: z.string().min(1).max(64) }));
export const TenantEventParamsSchema = deferred(() =>
  z.object({
    tenantId: z.string().min(1).max(64),
    eventId: z.string().min(1).max(64),
  }),
);
export const EventParticipantParamsSchema = deferred(() =>
  TenantEventParamsSchema.extend({
    personId: z.string().min(1).max(64),
  }),
);
export const EventDocumentParamsSchema = deferred(() =>
  TenantEventParamsSchema.extend({
    documentId: z.string().min(1).max(64),
  }),
);

/** POST /api/event/{id}/registration */
export const RegisterForEventBodySchema = deferred(() =>
  z.preprocess(
    (v) => v ?? {},
    z.object({
      priceOptionIds: z.array(z.string().min(1).max(64)).max(50).default([]),
      /** 'Meinen Namen in der Teilnehmerliste zeigen' (only used where the event shows a participant list). */
      showInParticipantList: z.boolean().default(false),
    }),
  ),
);
export type RegisterForEventBody = z.infer<typeof RegisterForEventBodySchema>;

/** POST /api/event/{id}/registration/cancel (spec §7: body SendNotification). */
export const CancelRegistrationBodySchema = deferred(() =>
  z.preprocess(
    (v) => v ?? {},
    z.object({
      SendNotification: z.boolean().optional(),
      sendNotification: z.boolean().optional(),
    }),
  ),
);

/** PATCH /api/event/{id}/registration: what the person may change on their registration later. */
export const UpdateRegistrationBodySchema = deferred(() => z.object({ showInParticipantList: z.boolean() }));
export type UpdateRegistrationBody = z.infer<typeof UpdateRegistrationBodySchema>;

/** GET /api/event/{id}/participants: participating persons who agreed to be listed, by name. */
export const EventParticipantListSchema = deferred(() =>
  z.object({
    items: z.array(z.object({ personId: z.string(), name: z.string() })),
    /** Everyone holding a place, listed or not. */
    participantCount: z.number().int(),
  }),
);
export type EventParticipantList = z.infer<typeof EventParticipantListSchema>;

export const EventDocumentSchema = deferred(() =>
  z.object({
    id: z.string(),
    eventId: z.string(),
    tenantId: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    downloadUrl: z.string().describe('Relative to the API base, needs the bearer token'),
  }),
);
export type EventDocument = z.infer<typeof EventDocumentSchema>;
export const EventDocumentListSchema = deferred(() => z.object({ items: z.array(EventDocumentSchema) }));

export const EventContactPersonSchema = deferred(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    role: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
);
export type EventContactPerson = z.infer<typeof EventContactPersonSchema>;
export const EventContactPersonListSchema = deferred(() =>
  z.object({ items: z.array(EventContactPersonSchema) }),
);

/** One row of GET /api/me/event/registrations. */
export const MyRegistrationSchema = deferred(() =>
  EventRegistrationSchema.extend({
    event: z.object({
      id: z.string(),
      name: z.string(),
      start: z.iso.datetime({ offset: true }),
      end: z.iso.datetime({ offset: true }),
      city: z.string().nullable(),
      tenantName: z.string(),
      cancelled: z.boolean(),
      status: EventStatusSchema,
    }),
  }),
);
export type MyRegistration = z.infer<typeof MyRegistrationSchema>;

const boolParam = deferred(() =>
  z
    .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', 'TRUE', 'FALSE', '1', '0'])])
    .transform((v) => v === true || (typeof v === 'string' && ['true', '1'].includes(v.toLowerCase()))),
);

/** Ordered by event StartTime ascending by default; `orderby` RegisteredAt (or CreatedAt) also works. */
export const MyRegistrationsQuerySchema = deferred(() =>
  pagedQuerySchema(['StartTime', 'RegisteredAt', 'CreatedAt']).extend({
    includeCancelled: boolParam.optional(),
    /** Only events that have not ended by then (ISO date or date-time), e.g. the dashboard's next events. */
    from: isoDateOrDateTime.optional(),
    /** Only these of the person's clubs (`a,b` or repeated); another club's id is answered 404. */
    tenantIds: idsParam,
    tenantId: idsParam,
    /** Only registrations in these states (`invited,waiting` or repeated). */
    status: z.preprocess(splitIds, z.array(RegistrationStatusSchema).max(6)).optional(),
  }),
);
export type MyRegistrationsQuery = z.infer<typeof MyRegistrationsQuerySchema>;
export const MyRegistrationListSchema = deferred(() => pagedListSchema(MyRegistrationSchema));
export type MyRegistrationList = z.infer<typeof MyRegistrationListSchema>;

/** GET /api/me/calendar-feed and POST /api/me/calendar-feed/renew */
export const CalendarFeedSchema = deferred(() =>
  z.object({
    url: z.string().describe('Secret subscription URL (webcal-compatible); renewing invalidates the old one'),
    createdAt: z.iso.datetime({ offset: true }),
  }),
);
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;
export const CalendarFeedParamsSchema = deferred(() => z.object({ token: z.string().min(1).max(128) }));
