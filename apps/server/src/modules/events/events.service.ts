import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import {
  PRICE_SELECTION_MESSAGES,
  evaluatePriceSelection,
  eventStatus,
  type CalendarFeed,
  type EventContactPerson,
  type EventContract,
  type EventDetail,
  type EventDocument,
  type EventList,
  type EventListQuery,
  type EventRegistration,
  type MyRegistrationList,
  type PagedQuery,
  type RegisterForEventBody,
} from '@vereinsheim/contracts';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { badRequest, conflict, HttpProblem, notFound } from '../../lib/problem.ts';
import type { Actor } from '../../plugins/auth.ts';
import { tenantsRepository } from '../tenants/tenants.repository.ts';
import { eventFilePath } from './event-files.ts';
import { buildCalendar } from './events.ical.ts';
import {
  eventsRepository as repo,
  isUuid,
  PLACE_STATUSES,
  type EventRow,
  type EventWithCounts,
  type PriceOptionRow,
  type RegistrationRow,
} from './events.repository.ts';

export interface EventsDeps {
  db: Database;
  publicUrl: string;
  dataDir: string;
}

const NOT_FOUND = 'Unknown event.';
const unprocessable = (detail: string) => new HttpProblem(422, detail);

/** Roles that may see other persons' registrations of their club's events. */
const ORGANISER_ROLES = new Set(['organiser', 'committee', 'admin']);

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

function freeCancellation(event: EventRow, now: Date): boolean {
  return !event.freeCancellationDeadline || now <= event.freeCancellationDeadline;
}

function registrationOpenNow(event: EventRow, now: Date): boolean {
  return (
    event.registrationOpen &&
    !event.cancelled &&
    event.endsAt > now &&
    (!event.registrationDeadline || now <= event.registrationDeadline)
  );
}

async function toRegistration(
  db: DbOrTx,
  reg: RegistrationRow,
  event: EventRow,
  now = new Date(),
): Promise<EventRegistration> {
  return {
    registrationId: reg.id,
    eventId: reg.eventId,
    personId: reg.personId,
    tenantId: reg.tenantId,
    eventProgressType: reg.status,
    isCancelled: reg.status === 'cancelled',
    priceOptionIds: reg.priceOptionIds,
    registeredAt: iso(reg.registeredAt),
    cancelledAt: isoOrNull(reg.cancelledAt),
    waitingPosition: reg.status === 'waiting' ? await repo.waitingPosition(db, reg) : null,
    freeCancellation: freeCancellation(event, now),
  };
}

function toPriceOption(o: PriceOptionRow) {
  return {
    id: o.id,
    name: o.name,
    description: o.description,
    kind: o.kind,
    amount: Number(o.amount),
    currency: o.currency,
    required: o.required,
    group: o.group,
  };
}

/** Builds the event views of a page of rows with a handful of batched queries. */
async function toEvents(db: DbOrTx, actor: Actor, rows: EventWithCounts[]): Promise<EventDetail[]> {
  const ids = rows.map((r) => r.event.id);
  const [catalogue, contracts, prices, regs] = await Promise.all([
    repo.catalogueFor(db, ids),
    repo.contractsFor(db, ids),
    repo.priceOptionsFor(db, ids),
    repo.registrationsOf(db, actor.personId, ids),
  ]);
  const now = new Date();
  return Promise.all(
    rows.map(async ({ event, tenantName, participantCount, waitingCount }) => {
      const reg = regs.find((r) => r.eventId === event.id);
      const basePrices = prices.filter((p) => p.eventId === event.id && p.kind === 'price');
      const cheapest = basePrices.reduce<PriceOptionRow | undefined>(
        (min, p) => (!min || Number(p.amount) < Number(min.amount) ? p : min),
        undefined,
      );
      const registration = reg ? await toRegistration(db, reg, event, now) : null;
      return {
        id: event.id,
        tenantId: event.tenantId,
        tenantName,
        creator: { id: event.creatorId },
        contractId: contracts.find((c) => c.eventId === event.id)?.id ?? null,
        name: event.name,
        description: event.description,
        start: iso(event.startsAt),
        end: iso(event.endsAt),
        place: {
          name: event.placeName,
          street: event.street,
          streetNumber: event.streetNumber,
          zip: event.zip,
          city: event.city,
          country: event.country,
          countryCode: event.countryCode,
        },
        organiser: event.organiser,
        disciplines: catalogue.disciplines
          .filter((d) => d.eventId === event.id)
          .map(({ id, name }) => ({ id, name })),
        divisions: catalogue.divisions
          .filter((d) => d.eventId === event.id)
          .map(({ id, name }) => ({ id, name })),
        registrationOpen: registrationOpenNow(event, now),
        registrationDeadline: isoOrNull(event.registrationDeadline),
        freeCancellationDeadline: isoOrNull(event.freeCancellationDeadline),
        maxParticipants: event.maxParticipants,
        maxWaiting: event.maxWaiting,
        participantCount,
        waitingCount,
        placesLeft:
          event.maxParticipants === null ? null : Math.max(0, event.maxParticipants - participantCount),
        waitingPlacesLeft: Math.max(0, event.maxWaiting - waitingCount),
        requiresApproval: event.requiresApproval,
        visibility: event.visibility,
        cancelled: event.cancelled,
        status: eventStatus({ start: event.startsAt, end: event.endsAt, cancelled: event.cancelled }, now),
        fee: cheapest ? { amount: Number(cheapest.amount), currency: cheapest.currency } : null,
        eventProgressType: registration?.eventProgressType ?? 'nomember',
        eventRegistration: registration,
      };
    }),
  );
}

/** Start of a date-only value is 00:00 UTC; a date-only `till` includes that whole day. */
function parseBound(value: string | undefined, kind: 'from' | 'till'): Date | undefined {
  if (!value) return undefined;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const d = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (dateOnly && kind === 'till') d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

function uuidFilter(field: string, ids: string[] | undefined): string[] | undefined {
  if (!ids || ids.length === 0) return undefined;
  const bad = ids.find((id) => !isUuid(id));
  if (bad !== undefined)
    throw badRequest(`Invalid ${field}: expected ids.`, [{ field, message: 'expected UUIDs' }]);
  return ids;
}

/**
 * Tells the person who moved up from the waiting list, in the caller's transaction: a system message
 * in their inbox (messages table) and a history row on the registration.
 */
export async function notifyPromotion(
  tx: Tx,
  input: { registration: RegistrationRow; event: EventRow },
): Promise<void> {
  const { registration, event } = input;
  const approved = registration.status === 'participating';
  await tx.insert(messages).values({
    personId: registration.personId,
    tenantId: event.tenantId,
    kind: 'waitinglist_promoted',
    title: `Du bist nachgerückt: ${event.name}`,
    body: approved
      ? `Ein Platz ist frei geworden. Du bist jetzt für „${event.name}“ angemeldet.`
      : `Ein Platz ist frei geworden. Deine Anmeldung für „${event.name}“ wartet jetzt auf die Bestätigung.`,
    link: `/events/${event.id}`,
  });
  await repo.addHistory(tx, {
    registrationId: registration.id,
    status: registration.status,
    reason: 'notified',
    note: 'waitinglist_promoted message sent',
  });
}

async function visibleInTenant(db: DbOrTx, actor: Actor, tenantId: string, eventId: string) {
  const found = await repo.findVisible(db, actor.personId, eventId);
  if (!found || found.event.tenantId !== tenantId) throw notFound(NOT_FOUND);
  return found;
}

export function eventsService(deps: EventsDeps) {
  const { db } = deps;

  async function visible(actor: Actor, id: string): Promise<EventWithCounts> {
    const found = await repo.findVisible(db, actor.personId, id);
    if (!found) throw notFound(NOT_FOUND);
    return found;
  }

  return {
    async list(actor: Actor, query: EventListQuery): Promise<EventList> {
      const orderby = (query.orderby ?? 'starttime').toLowerCase();
      if (orderby !== 'starttime' && orderby !== 'name') {
        throw badRequest('Invalid orderby: events can be ordered by StartTime or Name.', [
          { field: 'orderby', message: 'expected StartTime or Name' },
        ]);
      }
      const from = parseBound(query.from, 'from');
      const till = parseBound(query.till, 'till');
      if (from && till && till < from) {
        throw badRequest('Invalid till: it lies before from.', [{ field: 'till', message: 'before from' }]);
      }
      const tenantIds = [...(query.tenantIds ?? []), ...(query.tenantId ?? [])];
      const order = query.orderbytype ?? 'ascending';
      const window = pageWindow(query);
      const { rows, total } = await repo.list(
        db,
        actor.personId,
        {
          keyword: query.keyword || undefined,
          from,
          till,
          tenantIds: uuidFilter('tenantIds', tenantIds),
          divisionIds: uuidFilter('globalDivisionIds', query.globalDivisionIds),
          disciplineIds: uuidFilter('globalDisciplineIds', query.globalDisciplineIds),
        },
        { orderBy: orderby === 'name' ? 'name' : 'start', order, limit: window.limit, offset: window.offset },
      );
      return pagedList(await toEvents(db, actor, rows), total, window, order);
    },

    async get(actor: Actor, id: string): Promise<EventDetail> {
      const [event] = await toEvents(db, actor, [await visible(actor, id)]);
      return event!;
    },

    /** The signed-in person's registration, or null when they have none. */
    async myRegistration(actor: Actor, id: string): Promise<EventRegistration | null> {
      const { event } = await visible(actor, id);
      const reg = await repo.registration(db, event.id, actor.personId);
      return reg ? toRegistration(db, reg, event) : null;
    },

    async contract(actor: Actor, id: string): Promise<EventContract> {
      const { event } = await visible(actor, id);
      const [contract] = await repo.contractsFor(db, [event.id]);
      if (!contract) throw notFound('This event has no contract.');
      const options = await repo.priceOptionsFor(db, [event.id]);
      return { id: contract.id, foreignKeyId: event.id, price: { prices: options.map(toPriceOption) } };
    },

    async participant(
      actor: Actor,
      tenantId: string,
      eventId: string,
      personId: string,
    ): Promise<EventRegistration> {
      const { event } = await visibleInTenant(db, actor, tenantId, eventId);
      if (personId !== actor.personId) {
        const roles = await tenantsRepository.rolesIn(db, actor.personId, event.tenantId);
        if (!roles.some((r) => ORGANISER_ROLES.has(r))) throw notFound('Unknown participant.');
      }
      const reg = await repo.registration(db, event.id, personId);
      if (!reg) throw notFound('Unknown participant.');
      return toRegistration(db, reg, event);
    },

    async documents(actor: Actor, tenantId: string, eventId: string): Promise<{ items: EventDocument[] }> {
      const { event } = await visibleInTenant(db, actor, tenantId, eventId);
      const rows = await repo.documents(db, event.id);
      return {
        items: rows.map((d) => ({
          id: d.id,
          eventId: d.eventId,
          tenantId: d.tenantId,
          fileName: d.fileName,
          contentType: d.contentType,
          size: d.size,
          createdAt: iso(d.createdAt),
          downloadUrl: `/tenants/${d.tenantId}/event/${d.eventId}/documentupload/${d.id}/download`,
        })),
      };
    },

    async documentFile(actor: Actor, tenantId: string, eventId: string, documentId: string) {
      const { event } = await visibleInTenant(db, actor, tenantId, eventId);
      const doc = await repo.document(db, event.id, documentId);
      if (!doc) throw notFound('Unknown document.');
      try {
        const bytes = await fs.readFile(eventFilePath(deps.dataDir, event.id, doc.storageKey));
        return { bytes, fileName: doc.fileName, contentType: doc.contentType };
      } catch {
        throw notFound('The file of this document is missing.');
      }
    },

    async contactPersons(
      actor: Actor,
      tenantId: string,
      eventId: string,
    ): Promise<{ items: EventContactPerson[] }> {
      const { event } = await visibleInTenant(db, actor, tenantId, eventId);
      const rows = await repo.contactPersons(db, event.id);
      return { items: rows.map(({ id, name, role, email, phone }) => ({ id, name, role, email, phone })) };
    },

    /**
     * registerForEvent: one transaction holding the event row lock (SELECT … FOR UPDATE), so that
     * concurrent registrations see each other's places and the limits are never exceeded.
     */
    async register(actor: Actor, id: string, body: RegisterForEventBody): Promise<EventRegistration> {
      return db.transaction(async (tx) => {
        const event = await repo.lockVisible(tx, actor.personId, id);
        if (!event) throw notFound(NOT_FOUND);
        const now = new Date();
        if (event.cancelled) throw unprocessable('The event has been cancelled.');
        if (event.endsAt <= now) throw unprocessable('The event is over.');
        if (!event.registrationOpen) throw unprocessable('Registration for this event is closed.');
        if (event.registrationDeadline && now > event.registrationDeadline)
          throw unprocessable('The registration deadline has passed.');
        const existing = await repo.registration(tx, event.id, actor.personId);
        if (existing && existing.status !== 'cancelled' && existing.status !== 'invited')
          throw conflict('You are already registered for this event.');

        const options = await repo.priceOptionsFor(tx, [event.id]);
        const selected = [...new Set(body.priceOptionIds)];
        const state = evaluatePriceSelection(options, selected);
        if (state !== 'complete' && state !== 'noPrices') {
          const message = PRICE_SELECTION_MESSAGES[state];
          throw badRequest(message, [{ field: 'priceOptionIds', message }]);
        }

        const { places, waiting } = await repo.counts(tx, event.id);
        let status: RegistrationRow['status'];
        if (event.maxParticipants === null || places < event.maxParticipants)
          status = event.requiresApproval ? 'requested' : 'participating';
        else if (waiting < event.maxWaiting) status = 'waiting';
        else throw conflict('The event is fully booked and its waiting list is full.');

        const reg = await repo.upsertRegistration(tx, {
          tenantId: event.tenantId,
          eventId: event.id,
          personId: actor.personId,
          status,
          priceOptionIds: selected,
        });
        await repo.addHistory(tx, {
          registrationId: reg.id,
          status,
          reason: 'registered',
          actorPersonId: actor.personId,
        });
        return toRegistration(tx, reg, event, now);
      });
    },

    /**
     * cancelRegistration: frees the place and, in the same transaction, moves the first waiting
     * persons (by registration time) up while places are free, telling each with a message.
     */
    async cancel(actor: Actor, id: string, sendNotification: boolean): Promise<EventRegistration> {
      return db.transaction(async (tx) => {
        const event = await repo.lockVisible(tx, actor.personId, id);
        if (!event) throw notFound(NOT_FOUND);
        const reg = await repo.registration(tx, event.id, actor.personId);
        if (!reg || reg.status === 'cancelled') throw notFound('You are not registered for this event.');
        const now = new Date();
        const free = freeCancellation(event, now);
        const cancelled = await repo.setStatus(tx, reg.id, 'cancelled', { cancelledAt: now });
        await repo.addHistory(tx, {
          registrationId: reg.id,
          status: 'cancelled',
          reason: 'cancelled',
          note:
            [
              free ? null : 'after the free-cancellation deadline',
              sendNotification ? 'notification requested' : null,
            ]
              .filter(Boolean)
              .join('; ') || null,
          actorPersonId: actor.personId,
        });
        if (PLACE_STATUSES.includes(reg.status) && !event.cancelled && event.maxParticipants !== null) {
          let { places } = await repo.counts(tx, event.id);
          while (places < event.maxParticipants) {
            const next = await repo.firstWaiting(tx, event.id);
            if (!next) break;
            const promoted = await repo.setStatus(
              tx,
              next.id,
              event.requiresApproval ? 'requested' : 'participating',
            );
            await repo.addHistory(tx, {
              registrationId: promoted.id,
              status: promoted.status,
              reason: 'promoted',
              note: 'moved up from the waiting list',
            });
            await notifyPromotion(tx, { registration: promoted, event });
            places += 1;
          }
        }
        return toRegistration(tx, cancelled, event, now);
      });
    },

    async myRegistrations(
      actor: Actor,
      query: PagedQuery & { includeCancelled?: boolean },
    ): Promise<MyRegistrationList> {
      const orderby = (query.orderby ?? 'starttime').toLowerCase();
      if (!['starttime', 'registeredat', 'createdat'].includes(orderby)) {
        throw badRequest('Invalid orderby: expected StartTime, RegisteredAt or CreatedAt.', [
          { field: 'orderby', message: 'expected StartTime, RegisteredAt or CreatedAt' },
        ]);
      }
      const order = query.orderbytype ?? 'ascending';
      const window = pageWindow(query);
      const { rows, total } = await repo.myRegistrations(db, actor.personId, {
        includeCancelled: query.includeCancelled ?? false,
        orderBy: orderby === 'starttime' ? 'start' : 'registered',
        order,
        limit: window.limit,
        offset: window.offset,
      });
      const now = new Date();
      const items = await Promise.all(
        rows.map(async ({ registration, event, tenantName }) => ({
          ...(await toRegistration(db, registration, event, now)),
          event: {
            id: event.id,
            name: event.name,
            start: iso(event.startsAt),
            end: iso(event.endsAt),
            city: event.city,
            tenantName,
            cancelled: event.cancelled,
            status: eventStatus(
              { start: event.startsAt, end: event.endsAt, cancelled: event.cancelled },
              now,
            ),
          },
        })),
      );
      return pagedList(items, total, window, order);
    },

    async disciplines() {
      return (await repo.disciplines(db)).map(({ id, name }) => ({ id, name }));
    },

    async divisions() {
      return (await repo.divisions(db)).map(({ id, name }) => ({ id, name }));
    },

    async eventIcs(actor: Actor, id: string): Promise<{ body: string; fileName: string }> {
      const { event, tenantName } = await visible(actor, id);
      const body = buildCalendar(
        { name: event.name, publicUrl: deps.publicUrl, events: [{ event, tenantName }] },
        {
          method: true,
        },
      );
      const slug =
        event.name
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 60) || 'veranstaltung';
      return { body, fileName: `${slug}.ics` };
    },

    async calendarFeed(actor: Actor, renew: boolean): Promise<CalendarFeed> {
      const token = randomBytes(32).toString('base64url');
      await repo.putFeed(db, actor.personId, token, renew);
      const feed = await repo.feedOf(db, actor.personId);
      return { url: `${deps.publicUrl}/api/calendar/${feed!.token}.ics`, createdAt: iso(feed!.createdAt) };
    },

    /** The person's registered events as an iCalendar feed; unknown or renewed tokens are 404. */
    async feedIcs(token: string): Promise<string> {
      const feed = await repo.feedByToken(db, token);
      if (!feed) throw notFound('Unknown calendar feed.');
      const rows = await repo.feedEvents(db, feed.personId);
      return buildCalendar({
        name: 'Vereinsheim – Meine Veranstaltungen',
        publicUrl: deps.publicUrl,
        events: rows,
      });
    },
  };
}

export type EventsService = ReturnType<typeof eventsService>;
