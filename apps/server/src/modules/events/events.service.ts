import { randomBytes } from 'node:crypto';
import {
  PRICE_SELECTION_MESSAGES,
  evaluatePriceSelection,
  eventStatus,
  priceSelectionTotal,
  type CalendarFeed,
  type EventContactPerson,
  type EventContract,
  type EventDetail,
  type EventDocument,
  type EventList,
  type EventListQuery,
  type EventParticipantList,
  type EventRegistration,
  type MyRegistrationList,
  type MyRegistrationsQuery,
  type PriceSelectionState,
  type RegisterForEventBody,
  type UpdateRegistrationBody,
  PRICE_OPTION_KINDS,
} from '@vereinsheim/contracts';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import type { DocumentRenderer } from '../../documents/index.ts';
import { render, type Language } from '../../lib/i18n.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { problem, type ProblemParams } from '../../lib/problem.ts';
import {
  authorize,
  authorizeClubFilter,
  notVisible,
  type Actor,
  type ActorScope,
} from '../../policy/index.ts';
import { sendMessage } from '../messages/index.ts';
import { eventFileName } from './event-files.ts';
import { buildCalendar } from './events.ical.ts';
import {
  eventsRepository as repo,
  hasRoom,
  isActiveRegistration,
  isUuid,
  PLACE_STATUSES,
  type BookedOptionRow,
  type EventScope,
  type EventRow,
  type EventWithCounts,
  type OwnRegistration,
  type PriceOptionRow,
  type RegistrationRow,
} from './events.repository.ts';
import type { FileStore } from '../media/index.ts';

export interface EventsDeps {
  db: Database;
  publicUrl: string;
  files: FileStore;
  /** Renders the participant list's XLSX off the event loop (ADR 0036). */
  documents: DocumentRenderer;
}

/** The event as the policy sees it. */
const eventSubject = (event: EventRow) =>
  ({ type: 'event', tenantId: event.tenantId, visibility: event.visibility }) as const;

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

function freeCancellation(event: EventRow, now: Date): boolean {
  return !event.freeCancellationDeadline || now <= event.freeCancellationDeadline;
}

/**
 * Why a registration is refused outside the event's registration window (422), in the order the user meets
 * the reasons; null while it is open. One rule for the event view (`registrationOpen`) and for registering.
 */
function registrationRefusal(event: EventRow, now: Date): { code: string; params?: ProblemParams } | null {
  if (event.cancelled) return { code: 'event.cancelled' };
  if (event.endsAt <= now) return { code: 'event.over' };
  if (!event.registrationOpen) return { code: 'event.closed' };
  if (event.registrationStartsAt && now < event.registrationStartsAt)
    return { code: 'event.notYetOpen', params: { opens: iso(event.registrationStartsAt) } };
  if (event.registrationDeadline && now > event.registrationDeadline) return { code: 'event.deadlinePassed' };
  return null;
}

/** The refusal as the 422 it answers; a list asks only whether there is one (no error built per event). */
function assertRegistrationOpen(event: EventRow, now: Date): void {
  const refusal = registrationRefusal(event, now);
  if (refusal) throw problem(422, refusal.code, { params: refusal.params });
}

/** A price selection the contract does not accept, as the 400 it answers (naming the field). */
export function priceSelectionRefused(state: Exclude<PriceSelectionState, 'complete' | 'noPrices'>) {
  return problem(400, `event.priceSelection.${state}`, {
    errors: [{ field: 'priceOptionIds', message: PRICE_SELECTION_MESSAGES[state] }],
  });
}

async function toRegistration(
  db: DbOrTx,
  scope: EventScope,
  reg: RegistrationRow,
  event: EventRow,
  now = new Date(),
  /** Already read with the registration (lists); otherwise one query when waiting. */
  position?: number | null,
  /** Already read with the registration (lists); otherwise one query. */
  booked?: BookedOptionRow[],
): Promise<EventRegistration> {
  const bookedOptions = booked ?? (await repo.bookedOptions(db, reg.id));
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
    waitingPosition:
      reg.status !== 'waiting'
        ? null
        : position !== undefined && position !== null
          ? position
          : await repo.waitingPosition(db, scope, reg),
    freeCancellation: freeCancellation(event, now),
    bookedOptions,
    total: priceSelectionTotal(
      bookedOptions,
      bookedOptions.map((o) => o.id),
    ),
    showInParticipantList: reg.showInParticipantList,
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

/**
 * Builds the event views of a page of rows. The catalogue is on the event row (ADR 0035); the owner's registrations
 * come with the rows of a list, and with one more query (repo.ownRegistrations) where they did not.
 */
async function toEvents(db: DbOrTx, scope: EventScope, rows: EventWithCounts[]): Promise<EventDetail[]> {
  const unread = rows.filter((r) => r.own === undefined).map((r) => r.event.id);
  const read =
    unread.length > 0 ? await repo.ownRegistrations(db, scope, unread) : new Map<string, OwnRegistration>();
  const now = new Date();
  return Promise.all(
    rows.map(async ({ event, tenantName, participantCount, waitingCount, own }) => {
      const mine = own === undefined ? read.get(event.id) : own;
      const registration = mine
        ? await toRegistration(
            db,
            scope,
            mine.registration,
            event,
            now,
            mine.waitingPosition,
            mine.bookedOptions,
          )
        : null;
      return {
        id: event.id,
        tenantId: event.tenantId,
        tenantName,
        creator: { id: event.creatorId },
        contractId: event.contractId,
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
        disciplines: event.disciplineList,
        divisions: event.divisionList,
        registrationOpen: registrationRefusal(event, now) === null,
        registrationStart: isoOrNull(event.registrationStartsAt),
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
        showParticipants: event.showParticipants,
        visibility: event.visibility,
        cancelled: event.cancelled,
        status: eventStatus({ start: event.startsAt, end: event.endsAt, cancelled: event.cancelled }, now),
        fee: event.fee ? { amount: Number(event.fee.amount), currency: event.fee.currency } : null,
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
    throw problem(400, 'event.invalidIds', {
      params: { field },
      errors: [{ field, message: 'expected UUIDs' }],
    });
  return ids;
}

/**
 * Tells the person who moved up from the waiting list, in the caller's transaction: a message through
 * `sendMessage` (inbox and push, like any other message) and a history row on the registration.
 */
async function notifyPromotion(
  tx: Tx,
  input: { registration: RegistrationRow; event: EventRow },
): Promise<void> {
  const { registration, event } = input;
  const approved = registration.status === 'participating';
  await sendMessage(tx, {
    personId: registration.personId,
    tenantId: event.tenantId,
    kind: 'waitinglist_promoted',
    text: {
      key: approved ? 'waitinglistPromoted' : 'waitinglistPromotedRequested',
      params: { event: event.name },
    },
    link: `/events/${event.id}`,
  });
  await repo.addHistory(tx, {
    registrationId: registration.id,
    status: registration.status,
    reason: 'notified',
    note: 'waitinglist_promoted message sent',
  });
}

/**
 * Moves the first waiting persons (by registration time) up while places are free, telling each with a
 * message; in the caller's transaction, which holds the event row lock. Returns how many moved up.
 */
export async function promoteWaiting(tx: Tx, scope: EventScope, event: EventRow): Promise<number> {
  if (event.cancelled || event.maxParticipants === null) return 0;
  let { places } = await repo.counts(tx, scope, event.id);
  let moved = 0;
  while (places < event.maxParticipants) {
    const next = await repo.firstWaiting(tx, scope, event.id);
    if (!next) break;
    const promoted = (await repo.setStatus(
      tx,
      scope,
      next,
      event.requiresApproval ? 'requested' : 'participating',
    ))!;
    await repo.addHistory(tx, {
      registrationId: promoted.id,
      status: promoted.status,
      reason: 'promoted',
      note: 'moved up from the waiting list',
    });
    await notifyPromotion(tx, { registration: promoted, event });
    places += 1;
    moved += 1;
  }
  return moved;
}

export function eventsService(deps: EventsDeps) {
  const { db } = deps;

  /** The event within the actor's scope, as far as the policy lets them see it (else 404). */
  async function visible(
    actor: Actor,
    id: string,
    tenantId?: string,
  ): Promise<EventWithCounts & { scope: ActorScope }> {
    const scope = await actor.scope();
    const found = await repo.findVisible(db, scope, id);
    if (!found || (tenantId !== undefined && found.event.tenantId !== tenantId)) throw notVisible('event');
    await authorize(actor, 'event.view', eventSubject(found.event));
    return { ...found, scope };
  }

  /**
   * Locks the event row for a registration change (see registerForEvent). The scope is loaded before
   * the transaction opens : PGlite has a single connection.
   */
  async function lockForRegistration(tx: Tx, actor: Actor, id: string) {
    const scope = await actor.scope();
    const event = await repo.lockVisible(tx, scope, id);
    if (!event) throw notVisible('event');
    await authorize(actor, 'event.register', eventSubject(event));
    return { event, scope };
  }

  return {
    async list(actor: Actor, query: EventListQuery): Promise<EventList> {
      const from = parseBound(query.from, 'from');
      const till = parseBound(query.till, 'till');
      if (from && till && till < from) {
        throw problem(400, 'event.tillBeforeFrom', { errors: [{ field: 'till', message: 'before from' }] });
      }
      const tenantIds = [...(query.tenantIds ?? []), ...(query.tenantId ?? [])];
      const order = query.orderbytype ?? 'ascending';
      const window = pageWindow(query);
      const scope = await actor.scope();
      const { rows, total } = await repo.list(
        db,
        scope,
        {
          keyword: query.keyword || undefined,
          from,
          till,
          tenantIds: uuidFilter('tenantIds', tenantIds),
          divisionIds: uuidFilter('globalDivisionIds', query.globalDivisionIds),
          disciplineIds: uuidFilter('globalDisciplineIds', query.globalDisciplineIds),
        },
        {
          orderBy: query.orderby === 'Name' ? 'name' : 'start',
          order,
          limit: window.limit,
          offset: window.offset,
        },
      );
      return pagedList(await toEvents(db, scope, rows), total, window, order);
    },

    async get(actor: Actor, id: string): Promise<EventDetail> {
      const found = await visible(actor, id);
      const [event] = await toEvents(db, found.scope, [found]);
      return event!;
    },

    /** The signed-in person's registration, or null when they have none. */
    async myRegistration(actor: Actor, id: string): Promise<EventRegistration | null> {
      const { event, scope } = await visible(actor, id);
      const reg = await repo.registration(db, scope, event.id, actor.personId);
      return reg ? toRegistration(db, scope, reg, event) : null;
    },

    async contract(actor: Actor, id: string): Promise<EventContract> {
      const { event, scope } = await visible(actor, id);
      const [contract] = await repo.contractsFor(db, scope, [event.id]);
      if (!contract) throw problem(404, 'event.noContract');
      const options = await repo.priceOptionsFor(db, scope, [event.id]);
      return { id: contract.id, foreignKeyId: event.id, price: { prices: options.map(toPriceOption) } };
    },

    async participant(
      actor: Actor,
      tenantId: string,
      eventId: string,
      personId: string,
    ): Promise<EventRegistration> {
      const { event, scope } = await visible(actor, eventId, tenantId);
      await authorize(actor, 'event.registration.view', {
        type: 'registration',
        tenantId: event.tenantId,
        personId,
      });
      const reg = await repo.registration(db, scope, event.id, personId);
      if (!reg) throw notVisible('registration');
      return toRegistration(db, scope, reg, event);
    },

    async documents(actor: Actor, tenantId: string, eventId: string): Promise<{ items: EventDocument[] }> {
      const { event, scope } = await visible(actor, eventId, tenantId);
      const rows = await repo.documents(db, scope, event.id);
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
      const { event, scope } = await visible(actor, eventId, tenantId);
      const doc = await repo.document(db, scope, event.id, documentId);
      if (!doc) throw notVisible('document');
      const bytes = await deps.files.get(eventFileName(event.id, doc.storageKey));
      if (!bytes) throw notVisible('file');
      return { bytes, fileName: doc.fileName, contentType: doc.contentType };
    },

    async contactPersons(
      actor: Actor,
      tenantId: string,
      eventId: string,
    ): Promise<{ items: EventContactPerson[] }> {
      const { event, scope } = await visible(actor, eventId, tenantId);
      const rows = await repo.contactPersons(db, scope, event.id);
      return { items: rows.map(({ id, name, role, email, phone }) => ({ id, name, role, email, phone })) };
    },

    /**
     * registerForEvent (ADR 0032): every check on committed state in one query, then ONE statement that locks
     * the event row, re-checks the window and the places on it and takes the place; the counters on the event
     * row follow by trigger. Concurrent registrations see each other's places and the limits are never exceeded,
     * and the row lock is held only while PostgreSQL runs that statement.
     */
    async register(actor: Actor, id: string, body: RegisterForEventBody): Promise<EventRegistration> {
      const scope = await actor.scope();
      const seen = await repo.registrationContext(db, scope, id, actor.personId);
      if (!seen) throw notVisible('event');
      await authorize(actor, 'event.register', eventSubject(seen.event));
      const now = new Date();
      assertRegistrationOpen(seen.event, now);
      // Undefined when the read was another registration's (in a storm): the claim tells this person's own.
      const known = seen.existing !== undefined;
      if (isActiveRegistration(seen.existing)) throw problem(409, 'event.alreadyRegistered');
      const selected = [...new Set(body.priceOptionIds)];
      const state = evaluatePriceSelection(seen.options, selected);
      if (state !== 'complete' && state !== 'noPrices') {
        if (!known) {
          const mine = await repo.registration(db, scope, seen.event.id, actor.personId);
          if (isActiveRegistration(mine?.status)) throw problem(409, 'event.alreadyRegistered');
        }
        throw priceSelectionRefused(state);
      }
      // A full event is refused from committed state, without queueing for its row lock (issue 14 §4). Without
      // the person's own registration the claim refuses it: on a full row it takes no lock either.
      if (known && !hasRoom(seen.event)) throw problem(409, 'event.full');

      const claimed = await repo.claimRegistration(db, scope, {
        eventId: seen.event.id,
        personId: actor.personId,
        priceOptionIds: selected,
        showInParticipantList: body.showInParticipantList ?? false,
        now,
      });
      if (!claimed.event) throw notVisible('event');
      if (!claimed.registration) {
        // Changed between the two reads: the answer the checks above give on the locked row.
        assertRegistrationOpen(claimed.event, now);
        if (claimed.optionsGone) throw priceSelectionRefused('invalid');
        if (claimed.active) throw problem(409, 'event.alreadyRegistered');
        // Full. A registration of the same person that committed while this one waited for the row (a double tap)
        // is not in the statement's snapshot; a fresh read tells the two answers apart. A statement that started
        // on a full row tried no lock and waited for nobody: its snapshot answered already.
        if (claimed.sawRoom) {
          const mine = await repo.registration(db, scope, seen.event.id, actor.personId);
          if (isActiveRegistration(mine?.status)) throw problem(409, 'event.alreadyRegistered');
        }
        throw problem(409, 'event.full');
      }
      // As BOOKED_OPTIONS orders them: by kind, then as the contract lists them (position, name).
      const booked = seen.options
        .filter((o) => selected.includes(o.id))
        .sort((a, b) => PRICE_OPTION_KINDS.indexOf(a.kind) - PRICE_OPTION_KINDS.indexOf(b.kind))
        .map((o) => ({
          id: o.id,
          name: o.name,
          kind: o.kind,
          amount: Number(o.amount),
          currency: o.currency,
        }));
      return toRegistration(
        db,
        scope,
        claimed.registration,
        claimed.event,
        now,
        claimed.waitingPosition,
        booked,
      );
    },

    /**
     * cancelRegistration: frees the place and, in the same transaction, moves the first waiting
     * persons (by registration time) up while places are free, telling each with a message.
     */
    async cancel(actor: Actor, id: string, sendNotification: boolean): Promise<EventRegistration> {
      await actor.scope();
      return db.transaction(async (tx) => {
        const { event, scope } = await lockForRegistration(tx, actor, id);
        const reg = await repo.registration(tx, scope, event.id, actor.personId);
        if (!reg || reg.status === 'cancelled') throw notVisible('registration');
        const now = new Date();
        const free = freeCancellation(event, now);
        const cancelled = (await repo.setStatus(tx, scope, reg, 'cancelled', { cancelledAt: now }))!;
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
        if (PLACE_STATUSES.includes(reg.status)) await promoteWaiting(tx, scope, event);
        return toRegistration(tx, scope, cancelled, event, now);
      });
    },

    /** Changes what the person may change on their own registration later: the participant-list consent. */
    async updateRegistration(
      actor: Actor,
      id: string,
      body: UpdateRegistrationBody,
    ): Promise<EventRegistration> {
      const { event, scope } = await visible(actor, id);
      return db.transaction(async (tx) => {
        const reg = await repo.registration(tx, scope, event.id, actor.personId);
        if (!reg || reg.status === 'cancelled') throw notVisible('registration');
        await authorize(actor, 'event.registration.update', {
          type: 'registration',
          tenantId: event.tenantId,
          personId: reg.personId,
        });
        const updated = (await repo.setShowInParticipantList(tx, scope, reg, body.showInParticipantList))!;
        return toRegistration(tx, scope, updated, event);
      });
    },

    /**
     * The participant list (ADR 0025): participating persons who agreed to be named. Only where the organiser
     * shows it, and only to members of the club or persons registered for the event.
     */
    async participants(actor: Actor, id: string): Promise<EventParticipantList> {
      const { event, scope } = await visible(actor, id);
      const mine = await repo.registration(db, scope, event.id, actor.personId);
      await authorize(actor, 'event.participants.view', {
        type: 'participantList',
        tenantId: event.tenantId,
        visibility: event.visibility,
        shown: event.showParticipants,
        registered: isActiveRegistration(mine?.status),
      });
      const { items, participantCount } = await repo.listedParticipants(db, scope, event.id);
      return {
        items: items.map((p) => ({ personId: p.personId, name: `${p.firstName} ${p.lastName}`.trim() })),
        participantCount,
      };
    },

    async myRegistrations(actor: Actor, query: MyRegistrationsQuery): Promise<MyRegistrationList> {
      const order = query.orderbytype ?? 'ascending';
      const window = pageWindow(query);
      const scope = await actor.scope();
      const tenantIds = await authorizeClubFilter(
        actor,
        uuidFilter('tenantIds', [...(query.tenantIds ?? []), ...(query.tenantId ?? [])]),
      );
      const { rows, total } = await repo.myRegistrations(db, scope, {
        includeCancelled: query.includeCancelled ?? false,
        endsAfter: parseBound(query.from, 'from'),
        tenantIds,
        statuses: query.status?.length ? [...new Set(query.status)] : undefined,
        orderBy: (query.orderby ?? 'StartTime') === 'StartTime' ? 'start' : 'registered',
        order,
        limit: window.limit,
        offset: window.offset,
      });
      const now = new Date();
      const items = await Promise.all(
        rows.map(async ({ registration, event, tenantName, waitingPosition, bookedOptions }) => ({
          ...(await toRegistration(db, scope, registration, event, now, waitingPosition, bookedOptions)),
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

    async eventIcs(actor: Actor, id: string, lng: Language): Promise<{ body: string; fileName: string }> {
      const { event, tenantName } = await visible(actor, id);
      const body = buildCalendar(
        { name: event.name, lng, publicUrl: deps.publicUrl, events: [{ event, tenantName }] },
        {
          method: true,
        },
      );
      const slug =
        event.name
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 60) || render(lng, { key: 'calendar.fileName' });
      return { body, fileName: `${slug}.ics` };
    },

    /** The feed's secret URL; it names the reader's language, as a calendar app asks in its own (`lang`). */
    async calendarFeed(actor: Actor, renew: boolean, lng: Language): Promise<CalendarFeed> {
      const token = randomBytes(32).toString('base64url');
      await repo.putFeed(db, actor, token, renew);
      const feed = await repo.feedOf(db, actor);
      return {
        url: `${deps.publicUrl}/api/calendar/${feed!.token}.ics?lang=${lng}`,
        createdAt: iso(feed!.createdAt),
      };
    },

    /** The person's registered events as an iCalendar feed; unknown or renewed tokens are 404. */
    async feedIcs(token: string, lng: Language): Promise<string> {
      const feed = await repo.feedByToken(db, token);
      if (!feed) throw notVisible('calendarFeed');
      const rows = await repo.feedEvents(db, { personId: feed.personId });
      return buildCalendar({
        name: render(lng, { key: 'calendar.feedName' }),
        lng,
        publicUrl: deps.publicUrl,
        events: rows,
      });
    },
  };
}

export type EventsService = ReturnType<typeof eventsService>;
