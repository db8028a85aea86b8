import { z } from 'zod';
import { deferred } from './deferred.ts';
import { RegistrationStatusSchema } from './enums.ts';
import {
  EventDocumentParamsSchema,
  EventPlaceSchema,
  EventVisibilitySchema,
  PriceOptionKindSchema,
  TenantEventParamsSchema,
} from './events.ts';
import { pagedQuerySchema } from './paging.ts';

// ---------------------------------------------------------------------------------------------
// The club side of events (organisers, committee, admins): /api/tenants/{tenantId}/manage/event…
// ---------------------------------------------------------------------------------------------

const dateTime = deferred(() => z.iso.datetime({ offset: true }));
const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullable().optional();

export const ManagePriceOptionInputSchema = deferred(() =>
  z.object({
    /** Set for an existing option (kept with its id), omitted for a new one. */
    id: z.string().max(64).optional(),
    name: text(200).min(1),
    description: optionalText(2000),
    kind: PriceOptionKindSchema,
    amount: z.number().min(0).max(1_000_000),
    currency: z.string().length(3).default('EUR'),
    required: z.boolean().default(false),
    group: optionalText(100),
  }),
);
export type ManagePriceOptionInput = z.infer<typeof ManagePriceOptionInputSchema>;

export const ManageContactPersonInputSchema = deferred(() =>
  z.object({
    name: text(200).min(1),
    role: optionalText(200),
    email: z.email().max(320).nullable().optional(),
    phone: optionalText(50),
  }),
);

/** POST (create) and PUT (edit) of an event: the whole event as the form shows it. */
export const ManageEventInputSchema = deferred(() =>
  z.object({
    name: text(200).min(1),
    description: optionalText(20000),
    start: dateTime,
    end: dateTime,
    place: z
      .object({
        name: optionalText(200),
        street: optionalText(200),
        streetNumber: optionalText(20),
        zip: optionalText(20),
        city: optionalText(200),
        country: optionalText(100),
        countryCode: optionalText(3),
      })
      .default({}),
    organiser: optionalText(200),
    disciplineIds: z.array(z.string().max(64)).max(50).default([]),
    divisionIds: z.array(z.string().max(64)).max(50).default([]),
    visibility: EventVisibilitySchema.default('members'),
    registrationOpen: z.boolean().default(true),
    /** Registration opens at this time (null: right away). */
    registrationStart: dateTime.nullable().optional(),
    registrationDeadline: dateTime.nullable().optional(),
    freeCancellationDeadline: dateTime.nullable().optional(),
    maxParticipants: z.number().int().min(0).max(100_000).nullable().default(null),
    maxWaiting: z.number().int().min(0).max(100_000).default(0),
    requiresApproval: z.boolean().default(false),
    /** Participants who agree to it see a list of each other (ADR 0025). */
    showParticipants: z.boolean().default(false),
    priceOptions: z.array(ManagePriceOptionInputSchema).max(50).default([]),
    contactPersons: z.array(ManageContactPersonInputSchema).max(20).default([]),
  }),
);
export type ManageEventInput = z.input<typeof ManageEventInputSchema>;
export type ManageEventData = z.output<typeof ManageEventInputSchema>;

/** POST …/copy: the copy's name and dates (the original's when omitted). */
export const CopyEventInputSchema = deferred(() =>
  z.preprocess(
    (v) => v ?? {},
    z.object({ name: text(200).min(1).optional(), start: dateTime.optional(), end: dateTime.optional() }),
  ),
);

/** The event as the form edits it (GET …/manage/event/{eventId}). */
export const ManagedEventSchema = deferred(() =>
  z.object({
    id: z.string(),
    tenantId: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    start: dateTime,
    end: dateTime,
    place: EventPlaceSchema,
    organiser: z.string().nullable(),
    disciplineIds: z.array(z.string()),
    divisionIds: z.array(z.string()),
    visibility: EventVisibilitySchema,
    registrationOpen: z.boolean(),
    registrationStart: dateTime.nullable(),
    registrationDeadline: dateTime.nullable(),
    freeCancellationDeadline: dateTime.nullable(),
    maxParticipants: z.number().int().nullable(),
    maxWaiting: z.number().int(),
    requiresApproval: z.boolean(),
    showParticipants: z.boolean(),
    cancelled: z.boolean(),
    participantCount: z.number().int(),
    waitingCount: z.number().int(),
    priceOptions: z.array(
      ManagePriceOptionInputSchema.extend({
        id: z.string(),
        description: z.string().nullable(),
        group: z.string().nullable(),
      }),
    ),
    contactPersons: z.array(
      z.object({
        name: z.string(),
        role: z.string().nullable(),
        email: z.string().nullable(),
        phone: z.string().nullable(),
      }),
    ),
    documents: z.array(
      z.object({ id: z.string(), fileName: z.string(), contentType: z.string(), size: z.number().int() }),
    ),
  }),
);
export type ManagedEvent = z.infer<typeof ManagedEventSchema>;

export const ManageEventListQuerySchema = deferred(() => pagedQuerySchema(['StartTime', 'Name']));
export type ManageEventListQuery = z.infer<typeof ManageEventListQuerySchema>;

/** A club's event in the management's paths: the same parameters as the member's (events.ts). */
export const ManageEventParamsSchema = TenantEventParamsSchema;
export const ManageTenantParamsSchema = deferred(() => z.object({ tenantId: z.string().min(1).max(64) }));
export const ManageRegistrationParamsSchema = deferred(() =>
  ManageEventParamsSchema.extend({
    registrationId: z.string().min(1).max(64),
  }),
);
export const ManageDocumentParamsSchema = EventDocumentParamsSchema;

/** Documents an event may carry: PDFs and images, at most this size. */
export const EVENT_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export const EVENT_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

// ------------------------------------------------------------------ participants

export const ParticipantSchema = deferred(() =>
  z.object({
    registrationId: z.string(),
    personId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    status: RegistrationStatusSchema,
    options: z.array(z.object({ id: z.string(), name: z.string(), amount: z.number() })),
    /** Sum of the chosen options, in the event's currency. */
    amount: z.number(),
    currency: z.string(),
    registeredAt: dateTime,
    waitingPosition: z.number().int().nullable(),
  }),
);
export type Participant = z.infer<typeof ParticipantSchema>;
export const ParticipantListSchema = deferred(() => z.object({ items: z.array(ParticipantSchema) }));
export type ParticipantList = z.infer<typeof ParticipantListSchema>;

export const MoveParticipantInputSchema = deferred(() =>
  z.object({
    to: z.enum(['participating', 'waiting']),
    reason: text(500).min(1),
  }),
);
export type MoveParticipantInput = z.infer<typeof MoveParticipantInputSchema>;

export const AddParticipantInputSchema = deferred(() =>
  z.object({
    personId: z.string().min(1).max(64),
    /** Omitted: a place if one is free, else a waiting place. Chosen: that status or 409 when it is full. */
    status: z.enum(['participating', 'waiting']).optional(),
    priceOptionIds: z.array(z.string().max(64)).max(50).default([]),
    reason: optionalText(500),
  }),
);
export type AddParticipantInput = z.input<typeof AddParticipantInputSchema>;

export const MessageParticipantsInputSchema = deferred(() =>
  z.object({
    audience: z.enum(['participants', 'waiting']),
    title: text(200).min(1),
    body: text(10000).min(1),
  }),
);
export type MessageParticipantsInput = z.infer<typeof MessageParticipantsInputSchema>;

export const ParticipantExportQuerySchema = deferred(() =>
  z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }),
);

/** POST /api/tenants/{tenantId}/team/{teamId}/messages */
export const TeamMessageParamsSchema = deferred(() =>
  z.object({
    tenantId: z.string().min(1).max(64),
    teamId: z.string().min(1).max(64),
  }),
);
export const RecipientCountSchema = deferred(() => z.object({ recipients: z.number().int() }));
