import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  eventContactPersons,
  eventContracts,
  eventDisciplineLinks,
  eventDivisionLinks,
  eventDocuments,
  eventPriceOptions,
  eventRegistrations,
  events,
  memberships,
  persons,
} from '../../db/schema/index.ts';
import { activeMembership, type ActorScope } from '../../policy/index.ts';
import { isUuid, type EventRow, type PriceOptionRow, type RegistrationRow } from './events.repository.ts';

export type NewEvent = typeof events.$inferInsert;
export type EventValues = Omit<NewEvent, 'id' | 'tenantId' | 'creatorId' | 'createdAt' | 'updatedAt'>;
export type PriceOptionValues = Omit<typeof eventPriceOptions.$inferInsert, 'contractId' | 'position'>;
export type ContactValues = {
  name: string;
  role: string | null;
  email: string | null;
  phone: string | null;
};

/** The club-side scope: events of the clubs the actor belongs to (the policy decides on the roles). */
type ClubScope = Pick<ActorScope, 'tenantIds'>;

/**
 * Data access of the club side of events: writing events and their parts, and the organisers' view of
 * registrations. Every read of an event takes the actor's club scope (a club's events only); the service
 * asks the policy (`event.edit`, `event.participants.manage`) for the role.
 */
export const eventsManageRepository = {
  /** An event of one of the scope's clubs, locked for the rest of the transaction when `lock`. */
  async findOfClub(
    db: DbOrTx,
    scope: ClubScope,
    tenantId: string,
    eventId: string,
    lock = false,
  ): Promise<EventRow | undefined> {
    if (!isUuid(eventId) || !isUuid(tenantId) || !scope.tenantIds.includes(tenantId)) return undefined;
    const query = db
      .select()
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.tenantId, tenantId)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async insertEvent(tx: DbOrTx, values: NewEvent): Promise<EventRow> {
    const [row] = await tx.insert(events).values(values).returning();
    return row!;
  },

  async updateEvent(tx: DbOrTx, eventId: string, values: Partial<NewEvent>): Promise<EventRow> {
    const [row] = await tx
      .update(events)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(events.id, eventId))
      .returning();
    return row!;
  },

  async setCatalogue(tx: DbOrTx, eventId: string, disciplineIds: string[], divisionIds: string[]) {
    await tx.delete(eventDisciplineLinks).where(eq(eventDisciplineLinks.eventId, eventId));
    await tx.delete(eventDivisionLinks).where(eq(eventDivisionLinks.eventId, eventId));
    if (disciplineIds.length)
      await tx
        .insert(eventDisciplineLinks)
        .values(disciplineIds.map((disciplineId) => ({ eventId, disciplineId })));
    if (divisionIds.length)
      await tx.insert(eventDivisionLinks).values(divisionIds.map((divisionId) => ({ eventId, divisionId })));
  },

  async catalogueIds(db: DbOrTx, eventId: string) {
    const [d, v] = await Promise.all([
      db
        .select({ id: eventDisciplineLinks.disciplineId })
        .from(eventDisciplineLinks)
        .where(eq(eventDisciplineLinks.eventId, eventId)),
      db
        .select({ id: eventDivisionLinks.divisionId })
        .from(eventDivisionLinks)
        .where(eq(eventDivisionLinks.eventId, eventId)),
    ]);
    return { disciplineIds: d.map((r) => r.id), divisionIds: v.map((r) => r.id) };
  },

  async contractId(tx: DbOrTx, tenantId: string, eventId: string): Promise<string> {
    const [existing] = await tx
      .select({ id: eventContracts.id })
      .from(eventContracts)
      .where(eq(eventContracts.eventId, eventId));
    if (existing) return existing.id;
    const [row] = await tx.insert(eventContracts).values({ tenantId, eventId }).returning();
    return row!.id;
  },

  async priceOptions(db: DbOrTx, eventId: string): Promise<PriceOptionRow[]> {
    const rows = await db
      .select({ option: eventPriceOptions })
      .from(eventPriceOptions)
      .innerJoin(eventContracts, eq(eventContracts.id, eventPriceOptions.contractId))
      .where(eq(eventContracts.eventId, eventId))
      .orderBy(asc(eventPriceOptions.position), asc(eventPriceOptions.name));
    return rows.map((r) => r.option);
  },

  /** Ids among `optionIds` that a registration (not cancelled) of the event has chosen. */
  async optionsInUse(db: DbOrTx, eventId: string, optionIds: string[]): Promise<string[]> {
    if (optionIds.length === 0) return [];
    const rows = await db
      .select({ ids: eventRegistrations.priceOptionIds })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), ne(eventRegistrations.status, 'cancelled')));
    const used = new Set(rows.flatMap((r) => r.ids));
    return optionIds.filter((id) => used.has(id));
  },

  /**
   * Makes the contract's options the given list: options with a known id are updated in place (registrations
   * keep pointing at them), new ones inserted, the others deleted.
   */
  async putPriceOptions(
    tx: DbOrTx,
    contractId: string,
    options: (PriceOptionValues & { id?: string })[],
  ): Promise<void> {
    const keep = options.map((o) => o.id).filter((id): id is string => !!id);
    await tx
      .delete(eventPriceOptions)
      .where(
        and(
          eq(eventPriceOptions.contractId, contractId),
          keep.length ? notInArray(eventPriceOptions.id, keep) : undefined,
        ),
      );
    for (const [position, { id, ...values }] of options.entries()) {
      if (id) {
        await tx
          .update(eventPriceOptions)
          .set({ ...values, position })
          .where(and(eq(eventPriceOptions.id, id), eq(eventPriceOptions.contractId, contractId)));
      } else {
        await tx.insert(eventPriceOptions).values({ ...values, contractId, position });
      }
    }
  },

  async contactPersons(db: DbOrTx, eventId: string) {
    return db
      .select()
      .from(eventContactPersons)
      .where(eq(eventContactPersons.eventId, eventId))
      .orderBy(asc(eventContactPersons.position));
  },

  async putContactPersons(tx: DbOrTx, tenantId: string, eventId: string, people: ContactValues[]) {
    await tx.delete(eventContactPersons).where(eq(eventContactPersons.eventId, eventId));
    if (people.length)
      await tx
        .insert(eventContactPersons)
        .values(people.map((p, position) => ({ ...p, tenantId, eventId, position })));
  },

  async documents(db: DbOrTx, eventId: string) {
    return db
      .select()
      .from(eventDocuments)
      .where(eq(eventDocuments.eventId, eventId))
      .orderBy(asc(eventDocuments.fileName));
  },

  async deleteDocument(tx: DbOrTx, eventId: string, documentId: string) {
    if (!isUuid(documentId)) return undefined;
    const [row] = await tx
      .delete(eventDocuments)
      .where(and(eq(eventDocuments.eventId, eventId), eq(eventDocuments.id, documentId)))
      .returning();
    return row;
  },

  /** The event's registrations with the persons' names, by status and registration time. */
  async participants(db: DbOrTx, eventId: string) {
    return db
      .select({ registration: eventRegistrations, firstName: persons.firstName, lastName: persons.lastName })
      .from(eventRegistrations)
      .innerJoin(persons, eq(persons.id, eventRegistrations.personId))
      .where(eq(eventRegistrations.eventId, eventId))
      .orderBy(asc(eventRegistrations.registeredAt), asc(eventRegistrations.id));
  },

  async registrationById(db: DbOrTx, eventId: string, registrationId: string) {
    if (!isUuid(registrationId)) return undefined;
    const [row] = await db
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.id, registrationId)))
      .limit(1);
    return row;
  },

  /** Registrations holding a place or waiting (not cancelled, not merely invited). */
  async activeRegistrations(
    db: DbOrTx,
    eventId: string,
    statuses = ['participating', 'requested', 'waiting'],
  ) {
    return db
      .select()
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, eventId),
          inArray(eventRegistrations.status, statuses as RegistrationRow['status'][]),
        ),
      );
  },

  /** Moves a registration to the end of the waiting list (its registration time becomes now). */
  async toWaitingEnd(tx: DbOrTx, registrationId: string): Promise<RegistrationRow> {
    const [row] = await tx
      .update(eventRegistrations)
      .set({ status: 'waiting', registeredAt: sql`clock_timestamp()`, updatedAt: sql`now()` })
      .where(eq(eventRegistrations.id, registrationId))
      .returning();
    return row!;
  },

  async isActiveMember(db: DbOrTx, tenantId: string, personId: string): Promise<boolean> {
    if (!isUuid(personId)) return false;
    const [row] = await db
      .select({ id: memberships.personId })
      .from(memberships)
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.personId, personId), activeMembership()))
      .limit(1);
    return !!row;
  },
};
