import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  eventContactPersons,
  eventContracts,
  eventDisciplineLinks,
  eventDivisionLinks,
  eventPriceOptions,
  events,
} from '../../db/schema/index.ts';

const DAY = 24 * 60 * 60 * 1000;

export interface FixtureEvent {
  tenantId: string;
  name?: string;
  startsInDays?: number;
  durationHours?: number;
  maxParticipants?: number | null;
  maxWaiting?: number;
  requiresApproval?: boolean;
  registrationOpen?: boolean;
  registrationDeadline?: Date | null;
  registrationStartsAt?: Date | null;
  freeCancellationDeadline?: Date | null;
  visibility?: 'members' | 'public';
  showParticipants?: boolean;
  cancelled?: boolean;
  disciplineIds?: string[];
  divisionIds?: string[];
  prices?: {
    name: string;
    kind: 'price' | 'option';
    amount: number;
    required?: boolean;
    group?: string | null;
  }[];
  contactPersons?: { name: string; role?: string; email?: string; phone?: string }[];
}

/** Test factory: an event with optional contract, price options, catalogue links and contact persons. */
export async function createFixtureEvent(
  db: Database,
  input: FixtureEvent,
): Promise<{ id: string; priceIds: string[] }> {
  const start = new Date(Date.now() + (input.startsInDays ?? 10) * DAY);
  const end = new Date(start.getTime() + (input.durationHours ?? 3) * 60 * 60 * 1000);
  const [event] = await db
    .insert(events)
    .values({
      tenantId: input.tenantId,
      name: input.name ?? 'Testveranstaltung',
      description: 'Beschreibung',
      startsAt: start,
      endsAt: end,
      placeName: 'Sportplatz',
      street: 'Hauptstraße',
      streetNumber: '1',
      zip: '50667',
      city: 'Köln',
      country: 'Deutschland',
      countryCode: 'DE',
      organiser: 'Testverein',
      maxParticipants: input.maxParticipants === undefined ? 10 : input.maxParticipants,
      maxWaiting: input.maxWaiting ?? 0,
      requiresApproval: input.requiresApproval ?? false,
      registrationOpen: input.registrationOpen ?? true,
      registrationDeadline: input.registrationDeadline ?? null,
      registrationStartsAt: input.registrationStartsAt ?? null,
      freeCancellationDeadline: input.freeCancellationDeadline ?? null,
      visibility: input.visibility ?? 'members',
      showParticipants: input.showParticipants ?? false,
      cancelled: input.cancelled ?? false,
    })
    .returning({ id: events.id });
  const id = event!.id;
  if (input.disciplineIds?.length)
    await db
      .insert(eventDisciplineLinks)
      .values(input.disciplineIds.map((disciplineId) => ({ eventId: id, disciplineId })));
  if (input.divisionIds?.length)
    await db
      .insert(eventDivisionLinks)
      .values(input.divisionIds.map((divisionId) => ({ eventId: id, divisionId })));
  let priceIds: string[] = [];
  if (input.prices) {
    const [contract] = await db
      .insert(eventContracts)
      .values({ tenantId: input.tenantId, eventId: id })
      .returning({ id: eventContracts.id });
    if (input.prices.length) {
      const rows = await db
        .insert(eventPriceOptions)
        .values(
          input.prices.map((p, i) => ({
            contractId: contract!.id,
            name: p.name,
            kind: p.kind,
            amount: p.amount,
            required: p.required ?? false,
            group: p.group ?? null,
            position: i,
          })),
        )
        .returning({ id: eventPriceOptions.id, position: eventPriceOptions.position });
      priceIds = rows.sort((a, b) => a.position - b.position).map((r) => r.id);
    }
  }
  if (input.contactPersons?.length) {
    await db.insert(eventContactPersons).values(
      input.contactPersons.map((c, i) => ({
        tenantId: input.tenantId,
        eventId: id,
        name: c.name,
        role: c.role ?? null,
        email: c.email ?? null,
        phone: c.phone ?? null,
        position: i,
      })),
    );
  }
  return { id, priceIds };
}

/**
 * Waits (up to 5 s) until `count` statements of this database wait for a lock: for the PostgreSQL-only race tests,
 * which hold an event row in a transaction and let a registration run into it.
 */
export async function untilWaitingForLock(db: Database, count = 1): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const waiting = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (waiting.rows[0]!.n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
