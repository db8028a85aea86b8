import { and, asc, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { RegistrationStatus } from '@vereinsheim/contracts';
import type { DbOrTx } from '../../db/client.ts';
import {
  calendarFeeds,
  eventContactPersons,
  eventContracts,
  eventDisciplineLinks,
  eventDisciplines,
  eventDivisionLinks,
  eventDivisions,
  eventDocuments,
  eventPriceOptions,
  eventRegistrationHistory,
  eventRegistrations,
  events,
  memberships,
  tenants,
} from '../../db/schema/index.ts';
import { activeMembership } from '../persons/persons.repository.ts';

export type EventRow = typeof events.$inferSelect;
export type RegistrationRow = typeof eventRegistrations.$inferSelect;
export type PriceOptionRow = typeof eventPriceOptions.$inferSelect;

/** Statuses that hold one of the limited places. */
export const PLACE_STATUSES: RegistrationStatus[] = ['participating', 'requested'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);

/** Events the person may see: those of their clubs, and public events of any club. */
export function visibleTo(db: DbOrTx, personId: string): SQL {
  const myTenants = db
    .select({ id: memberships.tenantId })
    .from(memberships)
    .where(and(eq(memberships.personId, personId), activeMembership()));
  return or(eq(events.visibility, 'public'), inArray(events.tenantId, myTenants))!;
}

const placeCount =
  sql<number>`(select count(*) from ${eventRegistrations} r where r.event_id = ${events.id} and r.status in ('participating', 'requested'))`.mapWith(
    Number,
  );
const waitingCount =
  sql<number>`(select count(*) from ${eventRegistrations} r where r.event_id = ${events.id} and r.status = 'waiting')`.mapWith(
    Number,
  );

export interface EventWithCounts {
  event: EventRow;
  tenantName: string;
  participantCount: number;
  waitingCount: number;
}

const withCounts = {
  event: events,
  tenantName: tenants.name,
  participantCount: placeCount,
  waitingCount,
};

export interface EventFilters {
  keyword?: string;
  from?: Date;
  till?: Date;
  tenantIds?: string[];
  divisionIds?: string[];
  disciplineIds?: string[];
}

export const eventsRepository = {
  async list(
    db: DbOrTx,
    personId: string,
    filters: EventFilters,
    options: { orderBy: 'start' | 'name'; order: 'ascending' | 'descending'; limit: number; offset: number },
  ): Promise<{ rows: EventWithCounts[]; total: number }> {
    const where = and(
      visibleTo(db, personId),
      filters.keyword ? ilike(events.name, `%${filters.keyword.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
      filters.from ? gte(events.endsAt, filters.from) : undefined,
      filters.till ? lt(events.startsAt, filters.till) : undefined,
      filters.tenantIds ? inArray(events.tenantId, filters.tenantIds) : undefined,
      filters.disciplineIds
        ? inArray(
            events.id,
            db
              .select({ id: eventDisciplineLinks.eventId })
              .from(eventDisciplineLinks)
              .where(inArray(eventDisciplineLinks.disciplineId, filters.disciplineIds)),
          )
        : undefined,
      filters.divisionIds
        ? inArray(
            events.id,
            db
              .select({ id: eventDivisionLinks.eventId })
              .from(eventDivisionLinks)
              .where(inArray(eventDivisionLinks.divisionId, filters.divisionIds)),
          )
        : undefined,
    );
    const dir = options.order === 'ascending' ? asc : desc;
    const primary = options.orderBy === 'name' ? dir(events.name) : dir(events.startsAt);
    const rows = await db
      .select(withCounts)
      .from(events)
      .innerJoin(tenants, eq(tenants.id, events.tenantId))
      .where(where)
      .orderBy(primary, asc(events.id))
      .limit(options.limit)
      .offset(options.offset);
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(events)
      .where(where);
    return { rows, total: count?.n ?? 0 };
  },

  async findVisible(db: DbOrTx, personId: string, eventId: string): Promise<EventWithCounts | undefined> {
    if (!isUuid(eventId)) return undefined;
    const [row] = await db
      .select(withCounts)
      .from(events)
      .innerJoin(tenants, eq(tenants.id, events.tenantId))
      .where(and(eq(events.id, eventId), visibleTo(db, personId)))
      .limit(1);
    return row;
  },

  /** Locks the event row for the rest of the transaction (registrations on it serialise here). */
  async lockVisible(tx: DbOrTx, personId: string, eventId: string): Promise<EventRow | undefined> {
    if (!isUuid(eventId)) return undefined;
    const [row] = await tx
      .select()
      .from(events)
      .where(and(eq(events.id, eventId), visibleTo(tx, personId)))
      .for('update', { of: events })
      .limit(1);
    return row;
  },

  async counts(tx: DbOrTx, eventId: string): Promise<{ places: number; waiting: number }> {
    const [row] = await tx
      .select({
        places:
          sql<number>`count(*) filter (where ${eventRegistrations.status} in ('participating', 'requested'))`.mapWith(
            Number,
          ),
        waiting: sql<number>`count(*) filter (where ${eventRegistrations.status} = 'waiting')`.mapWith(
          Number,
        ),
      })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, eventId));
    return { places: row?.places ?? 0, waiting: row?.waiting ?? 0 };
  },

  async catalogueFor(db: DbOrTx, eventIds: string[]) {
    if (eventIds.length === 0) return { disciplines: [], divisions: [] };
    const [disciplines, divisions] = await Promise.all([
      db
        .select({
          eventId: eventDisciplineLinks.eventId,
          id: eventDisciplines.id,
          name: eventDisciplines.name,
        })
        .from(eventDisciplineLinks)
        .innerJoin(eventDisciplines, eq(eventDisciplines.id, eventDisciplineLinks.disciplineId))
        .where(inArray(eventDisciplineLinks.eventId, eventIds))
        .orderBy(asc(eventDisciplines.name)),
      db
        .select({ eventId: eventDivisionLinks.eventId, id: eventDivisions.id, name: eventDivisions.name })
        .from(eventDivisionLinks)
        .innerJoin(eventDivisions, eq(eventDivisions.id, eventDivisionLinks.divisionId))
        .where(inArray(eventDivisionLinks.eventId, eventIds))
        .orderBy(asc(eventDivisions.name)),
    ]);
    return { disciplines, divisions };
  },

  async contractsFor(db: DbOrTx, eventIds: string[]) {
    if (eventIds.length === 0) return [];
    return db
      .select({ id: eventContracts.id, eventId: eventContracts.eventId })
      .from(eventContracts)
      .where(inArray(eventContracts.eventId, eventIds));
  },

  async priceOptionsFor(db: DbOrTx, eventIds: string[]): Promise<(PriceOptionRow & { eventId: string })[]> {
    if (eventIds.length === 0) return [];
    const rows = await db
      .select({ option: eventPriceOptions, eventId: eventContracts.eventId })
      .from(eventPriceOptions)
      .innerJoin(eventContracts, eq(eventContracts.id, eventPriceOptions.contractId))
      .where(inArray(eventContracts.eventId, eventIds))
      .orderBy(asc(eventPriceOptions.position), asc(eventPriceOptions.name));
    return rows.map((r) => ({ ...r.option, eventId: r.eventId }));
  },

  async registrationsOf(db: DbOrTx, personId: string, eventIds: string[]): Promise<RegistrationRow[]> {
    if (eventIds.length === 0) return [];
    return db
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.personId, personId), inArray(eventRegistrations.eventId, eventIds)));
  },

  async registration(db: DbOrTx, eventId: string, personId: string): Promise<RegistrationRow | undefined> {
    if (!isUuid(personId)) return undefined;
    const [row] = await db
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.personId, personId)))
      .limit(1);
    return row;
  },

  /** 1-based position on the waiting list, by registration time (compared in SQL: microsecond precision). */
  async waitingPosition(db: DbOrTx, reg: RegistrationRow): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, reg.eventId),
          eq(eventRegistrations.status, 'waiting'),
          sql`(${eventRegistrations.registeredAt}, ${eventRegistrations.id}) <= (select r.registered_at, r.id from ${eventRegistrations} r where r.id = ${reg.id})`,
        ),
      );
    return Math.max(1, row?.n ?? 1);
  },

  /** Inserts or re-activates the person's registration; the registration time is taken now (after the lock). */
  async upsertRegistration(
    tx: DbOrTx,
    input: {
      tenantId: string;
      eventId: string;
      personId: string;
      status: RegistrationStatus;
      priceOptionIds: string[];
    },
  ): Promise<RegistrationRow> {
    const [row] = await tx
      .insert(eventRegistrations)
      .values({ ...input, registeredAt: sql`clock_timestamp()`, cancelledAt: null })
      .onConflictDoUpdate({
        target: [eventRegistrations.eventId, eventRegistrations.personId],
        set: {
          status: input.status,
          priceOptionIds: input.priceOptionIds,
          registeredAt: sql`clock_timestamp()`,
          cancelledAt: null,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    return row!;
  },

  async setStatus(
    tx: DbOrTx,
    registrationId: string,
    status: RegistrationStatus,
    extra: { cancelledAt?: Date | null } = {},
  ): Promise<RegistrationRow> {
    const [row] = await tx
      .update(eventRegistrations)
      .set({ status, updatedAt: sql`now()`, ...extra })
      .where(eq(eventRegistrations.id, registrationId))
      .returning();
    return row!;
  },

  async firstWaiting(tx: DbOrTx, eventId: string): Promise<RegistrationRow | undefined> {
    const [row] = await tx
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'waiting')))
      .orderBy(asc(eventRegistrations.registeredAt), asc(eventRegistrations.id))
      .limit(1);
    return row;
  },

  async addHistory(
    tx: DbOrTx,
    row: {
      registrationId: string;
      status: RegistrationStatus;
      reason: string;
      note?: string | null;
      actorPersonId?: string | null;
    },
  ): Promise<void> {
    await tx.insert(eventRegistrationHistory).values(row);
  },

  async history(db: DbOrTx, registrationId: string) {
    return db
      .select()
      .from(eventRegistrationHistory)
      .where(eq(eventRegistrationHistory.registrationId, registrationId))
      .orderBy(asc(eventRegistrationHistory.at));
  },

  async myRegistrations(
    db: DbOrTx,
    personId: string,
    options: {
      includeCancelled: boolean;
      orderBy: 'start' | 'registered';
      order: 'ascending' | 'descending';
      limit: number;
      offset: number;
    },
  ): Promise<{
    rows: { registration: RegistrationRow; event: EventRow; tenantName: string }[];
    total: number;
  }> {
    const where = and(
      eq(eventRegistrations.personId, personId),
      options.includeCancelled ? undefined : ne(eventRegistrations.status, 'cancelled'),
    );
    const dir = options.order === 'ascending' ? asc : desc;
    const rows = await db
      .select({ registration: eventRegistrations, event: events, tenantName: tenants.name })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .innerJoin(tenants, eq(tenants.id, events.tenantId))
      .where(where)
      .orderBy(
        options.orderBy === 'start' ? dir(events.startsAt) : dir(eventRegistrations.registeredAt),
        asc(eventRegistrations.id),
      )
      .limit(options.limit)
      .offset(options.offset);
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(eventRegistrations)
      .where(where);
    return { rows, total: count?.n ?? 0 };
  },

  async documents(db: DbOrTx, eventId: string) {
    return db
      .select()
      .from(eventDocuments)
      .where(eq(eventDocuments.eventId, eventId))
      .orderBy(asc(eventDocuments.fileName), asc(eventDocuments.id));
  },

  async document(db: DbOrTx, eventId: string, documentId: string) {
    if (!isUuid(documentId)) return undefined;
    const [row] = await db
      .select()
      .from(eventDocuments)
      .where(and(eq(eventDocuments.eventId, eventId), eq(eventDocuments.id, documentId)))
      .limit(1);
    return row;
  },

  async contactPersons(db: DbOrTx, eventId: string) {
    return db
      .select()
      .from(eventContactPersons)
      .where(eq(eventContactPersons.eventId, eventId))
      .orderBy(asc(eventContactPersons.position), asc(eventContactPersons.name));
  },

  async disciplines(db: DbOrTx) {
    return db.select().from(eventDisciplines).orderBy(asc(eventDisciplines.name));
  },

  async divisions(db: DbOrTx) {
    return db.select().from(eventDivisions).orderBy(asc(eventDivisions.name));
  },

  /** Events the person is registered for (not cancelled), for the calendar feed. */
  async feedEvents(db: DbOrTx, personId: string) {
    return db
      .select({ event: events, tenantName: tenants.name, status: eventRegistrations.status })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .innerJoin(tenants, eq(tenants.id, events.tenantId))
      .where(and(eq(eventRegistrations.personId, personId), ne(eventRegistrations.status, 'cancelled')))
      .orderBy(asc(events.startsAt));
  },

  async feedOf(db: DbOrTx, personId: string) {
    const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.personId, personId)).limit(1);
    return row;
  },

  async feedByToken(db: DbOrTx, token: string) {
    const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token)).limit(1);
    return row;
  },

  async putFeed(db: DbOrTx, personId: string, token: string, replace: boolean) {
    const insert = db.insert(calendarFeeds).values({ personId, token });
    const [row] = replace
      ? await insert
          .onConflictDoUpdate({ target: calendarFeeds.personId, set: { token, createdAt: sql`now()` } })
          .returning()
      : await insert.onConflictDoNothing().returning();
    return row;
  },
};
