import {
  and,
  asc,
  desc,
  eq,
  inArray,
  ne,
  or,
  getTableColumns,
  sql,
  type AnyColumn,
  type Table,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { RegistrationStatus } from '@vereinsheim/contracts';
import { preparedPerDatabase, type DbOrTx } from '../../db/client.ts';
import { insertMany } from '../../db/insert-many.ts';
import { changedSince, keptPagesPer, PUBLIC_EVENTS_KEY, STATEMENT_SNAPSHOT } from '../../db/kept-pages.ts';
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
  persons,
  tenants,
} from '../../db/schema/index.ts';
import type { ActorScope, OwnerScope } from '../../policy/index.ts';

export type EventRow = typeof events.$inferSelect;
export type RegistrationRow = typeof eventRegistrations.$inferSelect;
export type PriceOptionRow = typeof eventPriceOptions.$inferSelect;
/** A registration's history row: its status after a change, why, and who made it. */
type HistoryRow = {
  registrationId: string;
  status: RegistrationStatus;
  reason: string;
  note?: string | null;
  actorPersonId?: string | null;
};

/** Statuses that hold one of the limited places. */
export const PLACE_STATUSES: RegistrationStatus[] = ['participating', 'requested'];

/** A place or a waiting place is free, by the counters on the event row. */
export function hasRoom(event: EventRow): boolean {
  return (
    event.maxParticipants === null ||
    event.placeCount < event.maxParticipants ||
    event.waitingCount < event.maxWaiting
  );
}

/** A registration the person holds (not withdrawn, not an open invitation): registering again is refused. */
export const isActiveRegistration = (status: RegistrationStatus | null | undefined): boolean =>
  !!status && status !== 'cancelled' && status !== 'invited';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);

/** The acting person and the clubs they may see (the policy's scope). */
export type EventScope = Pick<ActorScope, 'personId' | 'tenantIds'>;

/**
 * SQL twin of the policy's `event.view` rule: public events, and every event of the actor's clubs.
 * Every query on event data takes the scope and applies it, child queries included: none of them
 * trusts that its caller looked at the event first.
 */
function visibleTo(scope: EventScope): SQL {
  return visibleToClubs(sql.param([...scope.tenantIds]));
}

/** The same rule with the clubs as one array parameter (a value or a prepared statement's placeholder). */
function visibleToClubs(tenantIds: SQLWrapper): SQL {
  return or(eq(events.visibility, 'public'), sql`${events.tenantId} = any(${tenantIds}::uuid[])`)!;
}

/** `<column> in (ids of the events the scope sees)`, for the child tables. */
function ofVisibleEvent(db: DbOrTx, scope: EventScope, eventId: AnyColumn): SQL {
  return inArray(eventId, db.select({ id: events.id }).from(events).where(visibleTo(scope)));
}

/** 1-based waiting position of the selected registration row, null unless it is waiting (one column, no N+1). */
const WAITING_POSITION = sql<
  number | null
>`case when ${eventRegistrations.status} = 'waiting' then (select count(*) from ${eventRegistrations} w where w.event_id = ${eventRegistrations.eventId} and w.status = 'waiting' and (w.registered_at, w.id) <= (${eventRegistrations.registeredAt}, ${eventRegistrations.id})) end`;

/** A booked price option as the registration shows it (name and amount as the event's contract lists them). */
export interface BookedOptionRow {
  id: string;
  name: string;
  kind: PriceOptionRow['kind'];
  amount: number;
  currency: string;
}

/**
 * The selected registration row's booked price options (its `priceOptionIds` among the options of its event's
 * contract), as one JSON column: no query per registration. The statement must join the registration's event
 * (`events`): the contract is the event row's `contract_id` (ADR 0035), and a registration without options (or none,
 * on a left join) asks nothing. Options in use cannot be removed (the club side answers 409), so every id resolves.
 */
const BOOKED_OPTIONS = sql<
  { id: string; name: string; kind: PriceOptionRow['kind']; amount: number | string; currency: string }[]
>`case when coalesce(${eventRegistrations.priceOptionIds}, '[]'::jsonb) = '[]'::jsonb then '[]'::json else (select coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'kind', o.kind, 'amount', o.amount, 'currency', o.currency) order by o.kind, o.position, o.name), '[]'::json) from ${eventPriceOptions} o where o.contract_id = ${events.contractId} and ${eventRegistrations.priceOptionIds} ? o.id::text) end`;

/**
 * The owner's registration on the selected event (a join of event_registrations on the `personId` placeholder):
 * the row, its waiting position and its booked options.
 */
const OWN_REGISTRATION = {
  registration: eventRegistrations,
  waitingPosition: WAITING_POSITION,
  bookedOptions: BOOKED_OPTIONS,
};

const ownRegistrationOn = () =>
  and(
    eq(eventRegistrations.eventId, events.id),
    sql`${eventRegistrations.personId} = ${sql.placeholder('personId')}`,
  );

function toOwn(row: {
  registration: RegistrationRow | null;
  waitingPosition: number | string | null;
  bookedOptions: { amount: number | string }[] | null;
}): OwnRegistration | null {
  if (!row.registration) return null;
  return {
    registration: row.registration,
    waitingPosition: row.waitingPosition === null ? null : Math.max(1, Number(row.waitingPosition)),
    bookedOptions: toBooked(row.bookedOptions),
  };
}

/** A row that SQL returned as `to_jsonb(row)` (snake_case keys, timestamps as text), as Drizzle maps it. */
function fromJson<T extends Table>(table: T, json: unknown): T['$inferSelect'] {
  const source = json as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = source[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row;
}

const toBooked = (rows: { amount: number | string }[] | null) =>
  (rows ?? []).map((o) => ({ ...o, amount: Number(o.amount) })) as BookedOptionRow[];

/** The owner's own registration on an event, with its waiting position (null unless waiting) and booked options. */
export interface OwnRegistration {
  registration: RegistrationRow;
  waitingPosition: number | null;
  bookedOptions: BookedOptionRow[];
}

export interface EventWithCounts {
  event: EventRow;
  tenantName: string;
  participantCount: number;
  waitingCount: number;
  /** The owner's registration, read with the row (null: none); undefined when not read (ownRegistrations asks). */
  own?: OwnRegistration | null;
}

const withCounts = { event: events, tenantName: tenants.name };

/** The counts are the event row's counters (ADR 0032), read once with the row. */
const counted = <R extends { event: EventRow; tenantName: string }>(row: R): R & EventWithCounts => ({
  ...row,
  participantCount: row.event.placeCount,
  waitingCount: row.event.waitingCount,
});

/**
 * What registering needs to know, in one read without a lock: the visible event, the person's registration state
 * and the price options. A Drizzle prepared statement built once (issue 14 §4–5: in the registration storm the
 * server's own CPU is the limit, and building this query was part of every request).
 */
const preparedRegistrationContext = preparedPerDatabase((db, _key: 'one') => {
  const eventId = sql.placeholder('eventId');
  return db
    .select({
      event: events,
      existing: sql<RegistrationStatus | null>`(select r.status from ${eventRegistrations} r where r.event_id = ${eventId} and r.person_id = ${sql.placeholder('personId')})`,
      options: sql<
        (Omit<PriceOptionRow, 'contractId'> & { contractId: string })[]
      >`(select coalesce(json_agg(json_build_object('id', o.id, 'contractId', o.contract_id, 'name', o.name, 'description', o.description, 'kind', o.kind, 'amount', o.amount, 'currency', o.currency, 'required', o.required, 'group', o."group", 'position', o.position) order by o.position, o.name), '[]'::json) from ${eventPriceOptions} o join ${eventContracts} c on c.id = o.contract_id where c.event_id = ${eventId})`,
    })
    .from(events)
    .where(and(sql`${events.id} = ${eventId}`, visibleToClubs(sql.placeholder('tenantIds'))))
    .limit(1)
    .prepare('event_registration_context');
});

/** The registration context's reads in flight per database handle (a transaction has none: its reads are its own). */
const contextsInFlight = new WeakMap<DbOrTx, Map<string, Promise<RegistrationContextRow | undefined>>>();

function contextsInFlightOf(db: DbOrTx) {
  if (db instanceof PgTransaction) return undefined;
  let pending = contextsInFlight.get(db);
  if (!pending)
    contextsInFlight.set(db, (pending = new Map<string, Promise<RegistrationContextRow | undefined>>()));
  return pending;
}

type RegistrationContextRow = {
  event: EventRow;
  existing: RegistrationStatus | null;
  options: PriceOptionRow[];
};

async function readRegistrationContext(
  db: DbOrTx,
  eventId: string,
  personId: string,
  tenantIds: readonly string[],
): Promise<RegistrationContextRow | undefined> {
  const [row] = await preparedRegistrationContext(db, 'one').execute({
    eventId,
    personId,
    tenantIds: [...tenantIds],
  });
  if (!row) return undefined;
  return {
    event: row.event,
    existing: row.existing,
    options: row.options.map((o) => ({ ...o, amount: Number(o.amount) })),
  };
}

/** Which filters the events list has, and its order (the shape of its statement). */
export interface EventListShape {
  keyword: boolean;
  from: boolean;
  till: boolean;
  tenantIds: boolean;
  disciplineIds: boolean;
  divisionIds: boolean;
  orderBy: 'start' | 'name';
  order: 'ascending' | 'descending';
}

export type EventListParameter =
  | 'keyword'
  | 'from'
  | 'till'
  | 'tenantIds'
  | 'disciplineIds'
  | 'divisionIds'
  | 'scopeTenantIds'
  | 'reach'
  | 'limit'
  | 'offset';

const SHAPE_FILTERS = ['keyword', 'from', 'till', 'tenantIds', 'disciplineIds', 'divisionIds'] as const;

/** The shape as a key, e.g. `from_tenantIds_start_ascending`: at most 2⁶ × 4 texts, built when first asked. */
const eventListKey = (shape: EventListShape): string =>
  [...SHAPE_FILTERS.filter((f) => shape[f]), shape.orderBy, shape.order].join('_');

/**
 * The events list's page ids and total, from its shape; the values come as parameters (array parameters for the id
 * lists). The visibility rule as two disjoint branches, each on its own index (issue 14 §3): public events
 * (events_public_start_idx) and the non-public events of the actor's clubs (events_tenant_start_idx).
 * `public OR tenant_id IN (…)` in one condition made PostgreSQL walk every event.
 *
 * The statement is prepared once (ADR 0034), and it pays only if PostgreSQL keeps its generic plan, the one made
 * without the values, instead of planning every call (0.3–0.4 ms here, more than running it). So:
 * - `'public'` is written into the SQL, not a parameter: only then does the partial index's predicate match a
 *   generic plan;
 * - the clubs' branch takes its first rows club by club (a lateral subquery per club, on (tenant_id, starts_at)),
 *   where `tenant_id = any($clubs) order by starts_at` walked events_start_idx through every event to find a few;
 * - the page's rows are looked up by their ids (`id = any(array(…))`, on the primary key), where `id in (…)` was a
 *   hash join over every event;
 * - the clubs, the dates and the limits reach the plan through `(select $n)`, evaluated when the statement runs: a
 *   plan made with the values then estimates as one made without them, and PostgreSQL keeps the generic plan (ADR
 *   0034 amendment of 2026-11-27: it keeps one only if it is not estimated dearer);
 * - with the clubs filter (the app's club scope) both branches go through the chosen clubs one by one, on
 *   (tenant_id, starts_at), instead of through every public event; the clubs' events are counted club by club;
 * - from a date on, the public events come from two ranges (below) and are counted on events_public_end_idx.
 * The keyword, discipline and division filters stay plain parameters: their plans depend on the values.
 */
function eventListParts(db: DbOrTx, shape: EventListShape, input: (name: EventListParameter) => SQLWrapper) {
  const atRunTime = (name: EventListParameter, type: 'bigint' | 'timestamptz' | 'uuid[]') =>
    sql`(select ${input(name)}::${sql.raw(type)})::${sql.raw(type)}`;
  const linked = (eventIds: SQL) => sql`${events.id} in (${eventIds})`;
  const filtered = and(
    shape.keyword ? sql`${events.name} ilike ${input('keyword')}` : undefined,
    shape.from ? sql`${events.endsAt} >= ${atRunTime('from', 'timestamptz')}` : undefined,
    shape.till ? sql`${events.startsAt} < ${atRunTime('till', 'timestamptz')}` : undefined,
    shape.disciplineIds
      ? linked(
          sql`select ${eventDisciplineLinks.eventId} from ${eventDisciplineLinks} where ${eventDisciplineLinks.disciplineId} = any(${input('disciplineIds')}::uuid[])`,
        )
      : undefined,
    shape.divisionIds
      ? linked(
          sql`select ${eventDivisionLinks.eventId} from ${eventDivisionLinks} where ${eventDivisionLinks.divisionId} = any(${input('divisionIds')}::uuid[])`,
        )
      : undefined,
  );
  const isPublic = sql`${events.visibility} = 'public'`;
  const notPublic = sql`${events.visibility} <> 'public'`;
  const scopeClubs = atRunTime('scopeTenantIds', 'uuid[]');
  // The clubs filter (the app's club scope): both branches go through the chosen clubs one by one.
  const chosenClubs = shape.tenantIds ? atRunTime('tenantIds', 'uuid[]') : undefined;
  const sortColumn = shape.orderBy === 'name' ? events.name : events.startsAt;
  const direction = shape.order === 'ascending' ? sql`asc` : sql`desc`;
  const dir = shape.order === 'ascending' ? asc : desc;
  const primary = dir(sortColumn);
  const reach = atRunTime('reach', 'bigint');
  // Each branch (and each club) contributes at most its first `offset + limit` rows in page order; the page is cut
  // from all of them.
  const candidates = (where: SQL | undefined) =>
    sql`select ${events.id} as id, ${sortColumn} as sort_key from ${events} where ${where}
      order by ${primary}, ${events.id} limit ${reach}`;
  const clubByClub = (clubs: SQL, where: SQL | undefined) =>
    sql`select listed.id, listed.sort_key from ${clubs},
      lateral (${candidates(and(sql`${events.tenantId} = club.id`, where))}) as listed`;
  const chosen = chosenClubs && sql`(select distinct id from unnest(${chosenClubs}) as id) as club`;
  const scope = chosenClubs
    ? sql`(select distinct id from unnest(${scopeClubs}) as id where id = any(${chosenClubs})) as club`
    : sql`(select distinct id from unnest(${scopeClubs}) as id) as club`;
  const from = shape.from ? atRunTime('from', 'timestamptz') : undefined;
  /** Started before `at` and still running then; the span is events_public_span_idx's expression (migration 0027). */
  const runningAt = (at: SQL) =>
    sql`tstzrange(${events.startsAt}, greatest(${events.startsAt}, ${events.endsAt}), '[]') @> ${at} and ${events.startsAt} < ${at}`;
  // Within one club, its public events are compared as text: as `visibility = 'public'` PostgreSQL would AND the club's
  // few rows with a partial index of every public event (1.3 ms at 1 M persons).
  const isPublicInClub = sql`${events.visibility}::text = 'public'`;
  const publicCandidates = chosen
    ? clubByClub(chosen, and(isPublicInClub, filtered))
    : from
      ? // From a date on: the public events that start then or later, in page order (events_public_start_idx), and
        // the few that started before and still run (events_public_span_idx), instead of a walk through the past.
        sql`(${candidates(and(isPublic, sql`${events.startsAt} >= ${from}`, filtered))})
          union all
          (select ${events.id} as id, ${sortColumn} as sort_key from ${events}
            where ${and(isPublic, runningAt(from), filtered)})`
      : candidates(and(isPublic, filtered));
  const pageIds = sql`array(select page.id from ((${publicCandidates}) union all (${clubByClub(scope, and(notPublic, filtered))})) as page
    order by page.sort_key ${direction}, page.id
    limit ${atRunTime('limit', 'bigint')} offset ${atRunTime('offset', 'bigint')})`;
  // The total without a window over every visible row: the public events' count on their index, the clubs' events
  // counted club by club.
  const countClubByClub = (clubs: SQL, where: SQL | undefined) =>
    sql`(select coalesce(sum(counted.n), 0) from ${clubs},
      lateral (select count(*) as n from ${events} where ${and(sql`${events.tenantId} = club.id`, where)}) as counted)`;
  const publicCount = chosen
    ? countClubByClub(chosen, and(isPublicInClub, filtered))
    : sql`(select count(*) from ${events} where ${and(isPublic, filtered)})`;
  const total = sql<number>`(${publicCount} + ${countClubByClub(scope, and(notPublic, filtered))})`.mapWith(
    Number,
  );
  return { primary, pageIds, total };
}

/**
 * The events list, one page with the total and the owner's registrations; its placeholders are the shape's filters,
 * scopeTenantIds, reach (offset + limit), personId, limit and offset. Prepared once per database and shape
 * (`preparedEventList`, issue 14 §5, ADR 0034 amendment): the public list, the club's list and the dashboard's all
 * ask it. The catalogue (disciplines, divisions, contract, fee) is on the event row (ADR 0035), so a page is this one
 * statement. Exported for the test of its generic plan (events.list-plan.test.ts).
 */
export function eventListQuery(db: DbOrTx, shape: EventListShape) {
  const { primary, pageIds, total } = eventListParts(db, shape, (name) => sql.placeholder(name));
  return db
    .select({ ...withCounts, total, snapshot: STATEMENT_SNAPSHOT, ...OWN_REGISTRATION })
    .from(events)
    .innerJoin(tenants, eq(tenants.id, events.tenantId))
    .leftJoin(eventRegistrations, ownRegistrationOn())
    .where(sql`${events.id} = any(${pageIds})`)
    .orderBy(primary, asc(events.id));
}

/**
 * What a kept page of the events list needs on every use (ADR 0051), in one statement: whether a transaction that
 * committed after the page's snapshot logged one of its keys (list_changes, migration 0028; then the page is read
 * anew), and for the page's events the counters and the reader's own registration, which change without being
 * logged. One row even for an empty page (the left join).
 */
const preparedLivePage = preparedPerDatabase((db, _key: 'one') =>
  db
    .select({
      changed: changedSince('events', sql.placeholder('keys'), sql.placeholder('snapshot')),
      id: events.id,
      placeCount: events.placeCount,
      waitingCount: events.waitingCount,
      ...OWN_REGISTRATION,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(events, sql`${events.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .leftJoin(eventRegistrations, ownRegistrationOn())
    .prepare('event_list_live'),
);

/** The events list's kept pages (ADR 0051): the rows without their counters and the reader's registration. */
const keptPagesOf = keptPagesPer<{ event: EventRow; tenantName: string }>();

const preparedEventList = preparedPerDatabase(
  (db, shape: EventListShape) => eventListQuery(db, shape).prepare(`event_list_${eventListKey(shape)}`),
  eventListKey,
);

export interface EventFilters {
  keyword?: string;
  from?: Date;
  till?: Date;
  tenantIds?: string[];
  divisionIds?: string[];
  disciplineIds?: string[];
}

/**
 * The owner's registrations on some visible events (a single event's view), with waiting positions and booked
 * options, as one Drizzle prepared statement built once: the ids, the person and the clubs are parameters (arrays).
 */
const preparedOwnRegistrations = preparedPerDatabase((db, _key: 'all') =>
  db
    .select({ eventId: events.id, ...OWN_REGISTRATION })
    .from(events)
    .innerJoin(eventRegistrations, ownRegistrationOn())
    .where(
      and(
        sql`${events.id} = any(${sql.placeholder('eventIds')}::uuid[])`,
        visibleToClubs(sql.placeholder('tenantIds')),
      ),
    )
    .prepare('event_own_registrations'),
);

/** The person's registrations: which filters are given, and the order (the shape of the list's statement). */
interface MyRegistrationsOptions {
  includeCancelled: boolean;
  /** Only events that end after this moment. */
  endsAfter?: Date;
  tenantIds?: string[];
  statuses?: RegistrationRow['status'][];
  orderBy: 'start' | 'registered';
  order: 'ascending' | 'descending';
  limit: number;
  offset: number;
}

type MyRegistrationsInput = (name: 'personId' | 'endsAfter' | 'tenantIds' | 'statuses') => SQLWrapper;

/** The filters of the person's registrations; the values come as parameters (array parameters for the lists). */
function myRegistrationsWhere(shape: MyRegistrationsShape, input: MyRegistrationsInput): SQL {
  return and(
    sql`${eventRegistrations.personId} = ${input('personId')}`,
    shape.includeCancelled ? undefined : ne(eventRegistrations.status, 'cancelled'),
    shape.endsAfter ? sql`${events.endsAt} > ${input('endsAfter')}::timestamptz` : undefined,
    shape.tenantIds ? sql`${events.tenantId} = any(${input('tenantIds')}::uuid[])` : undefined,
    // As text: PGlite knows no serializer for an array of an enum created after it started (a fresh database
    // migrates at start-up) and sent the list as a malformed literal.
    shape.statuses ? sql`${eventRegistrations.status}::text = any(${input('statuses')}::text[])` : undefined,
  )!;
}

type MyRegistrationsShape = Pick<MyRegistrationsOptions, 'includeCancelled' | 'orderBy' | 'order'> & {
  endsAfter: boolean;
  tenantIds: boolean;
  statuses: boolean;
};

/** Which filters are given, and the order. */
const myRegistrationsShape = (options: MyRegistrationsOptions): MyRegistrationsShape => ({
  includeCancelled: options.includeCancelled,
  endsAfter: options.endsAfter !== undefined,
  tenantIds: options.tenantIds !== undefined,
  statuses: options.statuses !== undefined,
  orderBy: options.orderBy,
  order: options.order,
});

/** The shape as a key: at most 2⁶ texts, each a statement of its own. */
const shapeKey = (shape: MyRegistrationsShape): string =>
  [
    shape.includeCancelled ? 'all' : 'active',
    shape.endsAfter ? 'ending' : '',
    shape.tenantIds ? 'clubs' : '',
    shape.statuses ? 'statuses' : '',
    shape.orderBy,
    shape.order,
  ].join('_');

/**
 * The person's registrations, one page with the total, as a Drizzle prepared statement per database and shape,
 * built once (issue 14 §5, ADR 0034 amendment): "my registrations" and the dashboard's next events ask it.
 */
const preparedMyRegistrations = preparedPerDatabase((db, shape: MyRegistrationsShape) => {
  const dir = shape.order === 'ascending' ? asc : desc;
  return db
    .select({
      registration: eventRegistrations,
      event: events,
      tenantName: tenants.name,
      waitingPosition: WAITING_POSITION,
      bookedOptions: BOOKED_OPTIONS,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .innerJoin(tenants, eq(tenants.id, events.tenantId))
    .where(myRegistrationsWhere(shape, (name) => sql.placeholder(name)))
    .orderBy(
      shape.orderBy === 'start' ? dir(events.startsAt) : dir(eventRegistrations.registeredAt),
      asc(eventRegistrations.id),
    )
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`my_registrations_${shapeKey(shape)}`);
}, shapeKey);

export const eventsRepository = {
  async list(
    db: DbOrTx,
    scope: EventScope,
    filters: EventFilters,
    options: { orderBy: 'start' | 'name'; order: 'ascending' | 'descending'; limit: number; offset: number },
  ): Promise<{ rows: EventWithCounts[]; total: number }> {
    const shape: EventListShape = {
      keyword: filters.keyword !== undefined && filters.keyword !== '',
      from: filters.from !== undefined,
      till: filters.till !== undefined,
      tenantIds: filters.tenantIds !== undefined,
      disciplineIds: filters.disciplineIds !== undefined,
      divisionIds: filters.divisionIds !== undefined,
      orderBy: options.orderBy,
      order: options.order,
    };
    const scopeTenantIds = [...scope.tenantIds].sort();
    const values: Record<EventListParameter, unknown> = {
      keyword: filters.keyword ? `%${filters.keyword.replace(/[\\%_]/g, '\\$&')}%` : undefined,
      from: filters.from?.toISOString(),
      till: filters.till?.toISOString(),
      tenantIds: filters.tenantIds,
      disciplineIds: filters.disciplineIds,
      divisionIds: filters.divisionIds,
      scopeTenantIds,
      reach: options.offset + options.limit,
      limit: options.limit,
      offset: options.offset,
    };
    // The page as every person with these clubs, filters and page sees it, kept while the database says it holds
    // (ADR 0051); the counters and the reader's own registrations are read on every use.
    const pages = keptPagesOf(db);
    const pageKey = `${eventListKey(shape)}|${JSON.stringify(values)}`;
    const kept = pages?.get(pageKey);
    if (kept) {
      const live = await preparedLivePage(db, 'one').execute({
        ids: kept.rows.map((r) => r.event.id),
        keys: kept.keys,
        snapshot: kept.snapshot,
        personId: scope.personId,
      });
      if (live[0] && !live[0].changed) {
        const byId = new Map(live.map((r) => [r.id, r]));
        return {
          rows: kept.rows.map(({ event, tenantName }) => {
            const now = byId.get(event.id)!;
            const fresh = { ...event, placeCount: now.placeCount!, waitingCount: now.waitingCount! };
            return { ...counted({ event: fresh, tenantName }), own: toOwn(now) };
          }),
          total: kept.total,
        };
      }
      pages!.drop(pageKey);
    }
    const rows = await preparedEventList(db, shape).execute({ ...values, personId: scope.personId });
    if (rows.length > 0) {
      pages?.keep(pageKey, {
        rows: rows.map((r) => ({ event: r.event, tenantName: r.tenantName })),
        total: rows[0]!.total,
        snapshot: rows[0]!.snapshot,
        keys: [...scopeTenantIds, PUBLIC_EVENTS_KEY],
        until: null,
      });
      return {
        rows: rows.map((r) => ({ ...counted({ event: r.event, tenantName: r.tenantName }), own: toOwn(r) })),
        total: rows[0]!.total,
      };
    }
    if (options.offset === 0) return { rows: [], total: 0 };
    const { total } = eventListParts(db, shape, (name) => sql.param(values[name]));
    const [count] = await db.select({ n: total }).from(sql`(select 1) as one`);
    return { rows: [], total: count?.n ?? 0 };
  },

  async findVisible(db: DbOrTx, scope: EventScope, eventId: string): Promise<EventWithCounts | undefined> {
    if (!isUuid(eventId)) return undefined;
    const [row] = await db
      .select(withCounts)
      .from(events)
      .innerJoin(tenants, eq(tenants.id, events.tenantId))
      .where(and(eq(events.id, eventId), visibleTo(scope)))
      .limit(1);
    return row && counted(row);
  },

  /** Locks the event row for the rest of the transaction (registrations on it serialise here). */
  async lockVisible(tx: DbOrTx, scope: EventScope, eventId: string): Promise<EventRow | undefined> {
    if (!isUuid(eventId)) return undefined;
    const [row] = await tx
      .select()
      .from(events)
      .where(and(eq(events.id, eventId), visibleTo(scope)))
      .for('update', { of: events })
      .limit(1);
    return row;
  },

  /**
   * Everything a registration checks before it takes a place, in ONE query without a lock (ADR 0032): the visible
   * event with its counters, the person's registration status on it (null: none) and the event's price options.
   * Read from committed state; `claimRegistration` re-checks what may have changed since on the locked row.
   *
   * Registrations for the same event by persons who see the same clubs share a read that is still in flight
   * (ADR 0032, amendment 2026-12-07): in a storm the first one reads, the others arriving meanwhile take its answer
   * instead of queueing a read each. A request that took another's read does not know its own registration
   * (`existing` undefined): the claim tells it. Reads on a transaction are never shared.
   */
  async registrationContext(
    db: DbOrTx,
    scope: EventScope,
    eventId: string,
    personId: string,
  ): Promise<
    | { event: EventRow; existing: RegistrationStatus | null | undefined; options: PriceOptionRow[] }
    | undefined
  > {
    if (!isUuid(eventId) || !isUuid(personId)) return undefined;
    const pending = contextsInFlightOf(db);
    const key = `${eventId} ${[...scope.tenantIds].sort().join(' ')}`;
    const shared = pending?.get(key);
    if (shared) {
      const seen = await shared;
      return seen && { ...seen, existing: undefined };
    }
    const read = readRegistrationContext(db, eventId, personId, scope.tenantIds);
    if (!pending) return read;
    pending.set(key, read);
    try {
      return await read;
    } finally {
      pending.delete(key);
    }
  },

  /**
   * Takes a place or a waiting place in ONE statement, which is its own transaction (ADR 0032): it locks the
   * event row, decides on the locked row's counters and registration window, inserts or re-activates the
   * registration and writes its history; the counters follow by trigger. The row lock is held only while
   * PostgreSQL runs this statement, never across a round trip to the server, so a storm of registrations
   * queues for microseconds per person. Answers the locked event's state and, when a place was taken, the
   * registration with its waiting position (null unless waiting); no registration when the window closed,
   * the event is full, the person registered in the meantime (`active`) or a chosen price option was removed
   * (`optionsGone`).
   *
   * The row is locked only while it has a place or a waiting place left (ADR 0032, amendment 2026-11-28). A
   * statement that starts on a full row takes no lock and writes nothing: it answers the event as read
   * (`ev_seen`) with no registration, which the service turns into "full". So once the places are gone, the
   * registrations a full event refuses hold no row, write no WAL and wait for no flushed commit, instead of queueing
   * one by one. (A statement that started while a place was left and waited for the lock still locks the newest
   * row before it re-checks it: only the claims in flight when the event fills.)
   */
  async claimRegistration(
    db: DbOrTx,
    scope: EventScope,
    input: {
      eventId: string;
      personId: string;
      priceOptionIds: string[];
      showInParticipantList: boolean;
      now: Date;
    },
  ): Promise<{
    event: EventRow | undefined;
    registration: RegistrationRow | undefined;
    waitingPosition: number | null;
    active: boolean;
    /** Whether the event had a place or a waiting place left in the statement's snapshot. Only then did it try to
     * lock the row, and it may have waited there for another registration's commit, which its snapshot does not
     * show (PostgreSQL re-checks the newest row after the wait, and leaves it out when it is full by then). */
    sawRoom: boolean;
    /** A chosen price option was removed after the first read (its row is locked here, so a removal that
     * committed while this statement waited for the event row is seen). */
    optionsGone: boolean;
  }> {
    const now = input.now.toISOString();
    const result = await db.execute(sql`
      with ev as (
        select * from ${events} where ${events.id} = ${input.eventId} and ${visibleTo(scope)}
           and (${events.maxParticipants} is null or ${events.placeCount} < ${events.maxParticipants}
                or ${events.waitingCount} < ${events.maxWaiting})
           for update
      ), ev_seen as (
        select * from ${events} where ${events.id} = ${input.eventId} and ${visibleTo(scope)}
      ), opts as (
        select o.id from ${eventPriceOptions} o
         where o.contract_id = (select ev.contract_id from ev)
           and ${JSON.stringify(input.priceOptionIds)}::jsonb ? o.id::text
           for share of o
      ), chk as (
        -- Not locked (full): nothing to decide, the options are not what refuses it.
        select not exists (select 1 from ev)
          or (select count(*) from opts) = ${input.priceOptionIds.length} as options_ok
      ), decided as (
        select ev.id, ev.tenant_id, ev.waiting_count, case
          when not (select options_ok from chk) then null
          when ev.cancelled or not ev.registration_open or ev.ends_at <= ${now}::timestamptz
            or ev.registration_starts_at > ${now}::timestamptz or ev.registration_deadline < ${now}::timestamptz then null
          when ev.max_participants is null or ev.place_count < ev.max_participants
            then case when ev.requires_approval then 'requested' else 'participating' end
          when ev.waiting_count < ev.max_waiting then 'waiting'
        end::registration_status as status from ev
      ), reg as (
        insert into ${eventRegistrations} (tenant_id, event_id, person_id, status, price_option_ids,
          show_in_participant_list, registered_at, cancelled_at)
        select d.tenant_id, d.id, ${input.personId}, d.status, ${JSON.stringify(input.priceOptionIds)}::jsonb,
          ${input.showInParticipantList}, clock_timestamp(), null from decided d where d.status is not null
        on conflict (event_id, person_id) do update set status = excluded.status,
          price_option_ids = excluded.price_option_ids, show_in_participant_list = excluded.show_in_participant_list,
          registered_at = clock_timestamp(), cancelled_at = null, updated_at = now()
          where ${eventRegistrations}.status in ('cancelled', 'invited')
        returning *
      ), hist as (
        insert into ${eventRegistrationHistory} (registration_id, status, reason, actor_person_id)
        select reg.id, reg.status, 'registered', ${input.personId} from reg
      ), mine as (
        select r.status from ${eventRegistrations} r
         where r.event_id = ${input.eventId} and r.person_id = ${input.personId}
      )
      select coalesce((select to_jsonb(ev) from ev), (select to_jsonb(ev_seen) from ev_seen)) as event,
        (select to_jsonb(reg) from reg) as registration,
        (select d.status from decided d) as decided, (select d.waiting_count + 1 from decided d) as next_waiting,
        (select options_ok from chk) as options_ok, (select m.status from mine m) as mine`);
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
    const event = row.event ? fromJson(events, row.event) : undefined;
    const registration = row.registration ? fromJson(eventRegistrations, row.registration) : undefined;
    // The locked row (`ev`) is there only when it had room, else the snapshot's row (`ev_seen`) is answered: either
    // way the answered event has room exactly when the snapshot's row had.
    const sawRoom = event !== undefined && hasRoom(event);
    return {
      event,
      registration,
      waitingPosition: registration?.status === 'waiting' ? Number(row.next_waiting) : null,
      // A status was decided but the upsert found an active registration: one registered in the meantime. On a
      // row that was full when the statement started, it tried no lock and waited for nobody, so its snapshot
      // shows the person's registration as a read after it would.
      active:
        !registration &&
        ((row.decided !== null && row.decided !== undefined) ||
          (!sawRoom && isActiveRegistration(row.mine as RegistrationStatus | null))),
      sawRoom,
      optionsGone: row.options_ok === false,
    };
  },

  /** The event's taken places and waiting places, from its counters (in a transaction: as it changed them). */
  async counts(tx: DbOrTx, scope: EventScope, eventId: string): Promise<{ places: number; waiting: number }> {
    const [row] = await tx
      .select({ places: events.placeCount, waiting: events.waitingCount })
      .from(events)
      .where(and(eq(events.id, eventId), visibleTo(scope)));
    return { places: row?.places ?? 0, waiting: row?.waiting ?? 0 };
  },

  /** The owner's registrations on these visible events (event id → registration), in ONE query. */
  async ownRegistrations(
    db: DbOrTx,
    scope: EventScope,
    eventIds: string[],
  ): Promise<Map<string, OwnRegistration>> {
    if (eventIds.length === 0) return new Map();
    const rows = await preparedOwnRegistrations(db, 'all').execute({
      eventIds,
      personId: scope.personId,
      tenantIds: [...scope.tenantIds],
    });
    return new Map(
      rows.flatMap((r) => {
        const own = toOwn(r);
        return own ? [[r.eventId, own] as const] : [];
      }),
    );
  },

  async contractsFor(db: DbOrTx, scope: EventScope, eventIds: string[]) {
    if (eventIds.length === 0) return [];
    return db
      .select({ id: eventContracts.id, eventId: eventContracts.eventId })
      .from(eventContracts)
      .where(
        and(inArray(eventContracts.eventId, eventIds), ofVisibleEvent(db, scope, eventContracts.eventId)),
      );
  },

  async priceOptionsFor(
    db: DbOrTx,
    scope: EventScope,
    eventIds: string[],
  ): Promise<(PriceOptionRow & { eventId: string })[]> {
    if (eventIds.length === 0) return [];
    const rows = await db
      .select({ option: eventPriceOptions, eventId: eventContracts.eventId })
      .from(eventPriceOptions)
      .innerJoin(eventContracts, eq(eventContracts.id, eventPriceOptions.contractId))
      .where(
        and(inArray(eventContracts.eventId, eventIds), ofVisibleEvent(db, scope, eventContracts.eventId)),
      )
      .orderBy(asc(eventPriceOptions.position), asc(eventPriceOptions.name));
    return rows.map((r) => ({ ...r.option, eventId: r.eventId }));
  },

  /**
   * The owner's own registrations for these events, each with its waiting position (null unless waiting) in
   * the same query: no query per registration (ADR 0020).
   */
  async registrationsOf(
    db: DbOrTx,
    owner: OwnerScope,
    eventIds: string[],
  ): Promise<(RegistrationRow & { waitingPosition: number | null })[]> {
    if (eventIds.length === 0) return [];
    const rows = await db
      .select({
        registration: eventRegistrations,
        waitingPosition: WAITING_POSITION,
      })
      .from(eventRegistrations)
      .where(
        and(eq(eventRegistrations.personId, owner.personId), inArray(eventRegistrations.eventId, eventIds)),
      );
    return rows.map((r) => ({
      ...r.registration,
      waitingPosition: r.waitingPosition === null ? null : Math.max(1, Number(r.waitingPosition)),
    }));
  },

  /**
   * A person's registration for an event the scope sees. Whether the actor may see another person's
   * registration is the policy's `event.registration.view`; the caller asks it first.
   */
  async registration(
    db: DbOrTx,
    scope: EventScope,
    eventId: string,
    personId: string,
  ): Promise<RegistrationRow | undefined> {
    if (!isUuid(personId)) return undefined;
    const [row] = await db
      .select()
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, eventId),
          eq(eventRegistrations.personId, personId),
          ofVisibleEvent(db, scope, eventRegistrations.eventId),
        ),
      )
      .limit(1);
    return row;
  },

  /** The booked price options of one registration (lists read them with BOOKED_OPTIONS instead). */
  async bookedOptions(db: DbOrTx, registrationId: string): Promise<BookedOptionRow[]> {
    const [row] = await db
      .select({ options: BOOKED_OPTIONS })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(eq(eventRegistrations.id, registrationId));
    return toBooked(row?.options ?? []);
  },

  /** Changes the person's consent to be named in the participant list; undefined when not visible. */
  async setShowInParticipantList(
    tx: DbOrTx,
    scope: EventScope,
    registration: { id: string; eventId: string },
    value: boolean,
  ): Promise<RegistrationRow | undefined> {
    const [row] = await tx
      .update(eventRegistrations)
      .set({ showInParticipantList: value, updatedAt: sql`now()` })
      .where(
        and(
          eq(eventRegistrations.id, registration.id),
          eq(eventRegistrations.eventId, registration.eventId),
          ofVisibleEvent(tx, scope, eventRegistrations.eventId),
        ),
      )
      .returning();
    return row;
  },

  /**
   * The participant list: persons holding a confirmed place (participating) who agreed to be named, by name,
   * and how many hold a place in all. Whether the actor may read it is the policy's `event.participants.view`.
   */
  async listedParticipants(db: DbOrTx, scope: EventScope, eventId: string) {
    const rows = await db
      .select({
        personId: eventRegistrations.personId,
        firstName: persons.firstName,
        lastName: persons.lastName,
        listed: eventRegistrations.showInParticipantList,
      })
      .from(eventRegistrations)
      .innerJoin(persons, eq(persons.id, eventRegistrations.personId))
      .where(
        and(
          eq(eventRegistrations.eventId, eventId),
          eq(eventRegistrations.status, 'participating'),
          ofVisibleEvent(db, scope, eventRegistrations.eventId),
        ),
      )
      .orderBy(asc(persons.firstName), asc(persons.lastName), asc(eventRegistrations.id));
    return {
      items: rows.filter((r) => r.listed),
      participantCount: rows.length,
    };
  },

  /** 1-based position on the waiting list, by registration time (compared in SQL: microsecond precision). */
  async waitingPosition(db: DbOrTx, scope: EventScope, reg: RegistrationRow): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, reg.eventId),
          // One's own registration keeps its position even where the event is no longer visible.
          reg.personId === scope.personId ? undefined : ofVisibleEvent(db, scope, eventRegistrations.eventId),
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
      showInParticipantList?: boolean;
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
          showInParticipantList: input.showInParticipantList ?? false,
          registeredAt: sql`clock_timestamp()`,
          cancelledAt: null,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    return row!;
  },

  /** Sets the status of a registration of this event; undefined when the scope does not see the event. */
  async setStatus(
    tx: DbOrTx,
    scope: EventScope,
    registration: { id: string; eventId: string },
    status: RegistrationStatus,
    extra: { cancelledAt?: Date | null } = {},
  ): Promise<RegistrationRow | undefined> {
    const [row] = await tx
      .update(eventRegistrations)
      .set({ status, updatedAt: sql`now()`, ...extra })
      .where(
        and(
          eq(eventRegistrations.id, registration.id),
          eq(eventRegistrations.eventId, registration.eventId),
          ofVisibleEvent(tx, scope, eventRegistrations.eventId),
        ),
      )
      .returning();
    return row;
  },

  /** Cancels these registrations of the event in one statement (the club cancels the event). */
  async cancelRegistrations(
    tx: DbOrTx,
    scope: EventScope,
    eventId: string,
    ids: readonly string[],
    cancelledAt: Date,
  ): Promise<RegistrationRow[]> {
    if (ids.length === 0) return [];
    return tx
      .update(eventRegistrations)
      .set({ status: 'cancelled', updatedAt: sql`now()`, cancelledAt })
      .where(
        and(
          sql`${eventRegistrations.id} = any(${sql.param([...ids])}::uuid[])`,
          eq(eventRegistrations.eventId, eventId),
          ofVisibleEvent(tx, scope, eventRegistrations.eventId),
        ),
      )
      .returning();
  },

  async firstWaiting(tx: DbOrTx, scope: EventScope, eventId: string): Promise<RegistrationRow | undefined> {
    const [row] = await tx
      .select()
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, eventId),
          eq(eventRegistrations.status, 'waiting'),
          ofVisibleEvent(tx, scope, eventRegistrations.eventId),
        ),
      )
      .orderBy(asc(eventRegistrations.registeredAt), asc(eventRegistrations.id))
      .limit(1);
    return row;
  },

  async addHistory(tx: DbOrTx, row: HistoryRow): Promise<void> {
    await tx.insert(eventRegistrationHistory).values(row);
  },

  /** Many history rows in one statement (db/insert-many.ts: every row sets every column). */
  async addHistories(tx: DbOrTx, rows: Required<HistoryRow>[]): Promise<void> {
    await insertMany(tx, eventRegistrationHistory, rows);
  },

  async myRegistrations(
    db: DbOrTx,
    owner: OwnerScope,
    options: MyRegistrationsOptions,
  ): Promise<{
    rows: {
      registration: RegistrationRow;
      event: EventRow;
      tenantName: string;
      waitingPosition: number | null;
      bookedOptions: BookedOptionRow[];
    }[];
    total: number;
  }> {
    const values = {
      personId: owner.personId,
      endsAfter: options.endsAfter?.toISOString(),
      tenantIds: options.tenantIds,
      statuses: options.statuses,
      limit: options.limit,
      offset: options.offset,
    };
    const shape = myRegistrationsShape(options);
    const found = await preparedMyRegistrations(db, shape).execute(values);
    const rows = found.map(({ registration, event, tenantName, waitingPosition, bookedOptions }) => ({
      registration,
      event,
      tenantName,
      waitingPosition: waitingPosition === null ? null : Math.max(1, Number(waitingPosition)),
      bookedOptions: toBooked(bookedOptions),
    }));
    if (found.length > 0 || options.offset === 0) return { rows, total: found[0]?.total ?? 0 };
    // The filters on the event (end, club) need the same join as the page.
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(myRegistrationsWhere(shape, (name) => sql.param(values[name])));
    return { rows, total: count?.n ?? 0 };
  },

  async documents(db: DbOrTx, scope: EventScope, eventId: string) {
    return db
      .select()
      .from(eventDocuments)
      .where(and(eq(eventDocuments.eventId, eventId), ofVisibleEvent(db, scope, eventDocuments.eventId)))
      .orderBy(asc(eventDocuments.fileName), asc(eventDocuments.id));
  },

  async document(db: DbOrTx, scope: EventScope, eventId: string, documentId: string) {
    if (!isUuid(documentId)) return undefined;
    const [row] = await db
      .select()
      .from(eventDocuments)
      .where(
        and(
          eq(eventDocuments.eventId, eventId),
          eq(eventDocuments.id, documentId),
          ofVisibleEvent(db, scope, eventDocuments.eventId),
        ),
      )
      .limit(1);
    return row;
  },

  async contactPersons(db: DbOrTx, scope: EventScope, eventId: string) {
    return db
      .select()
      .from(eventContactPersons)
      .where(
        and(eq(eventContactPersons.eventId, eventId), ofVisibleEvent(db, scope, eventContactPersons.eventId)),
      )
      .orderBy(asc(eventContactPersons.position), asc(eventContactPersons.name));
  },

  async disciplines(db: DbOrTx) {
    return db.select().from(eventDisciplines).orderBy(asc(eventDisciplines.name));
  },

  async divisions(db: DbOrTx) {
    return db.select().from(eventDivisions).orderBy(asc(eventDivisions.name));
  },

  /** Events the person is registered for (not cancelled), for the calendar feed (the token names the owner). */
  async feedEvents(db: DbOrTx, owner: OwnerScope) {
    return db
      .select({ event: events, tenantName: tenants.name, status: eventRegistrations.status })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .innerJoin(tenants, eq(tenants.id, events.tenantId))
      .where(and(eq(eventRegistrations.personId, owner.personId), ne(eventRegistrations.status, 'cancelled')))
      .orderBy(asc(events.startsAt));
  },

  async feedOf(db: DbOrTx, owner: OwnerScope) {
    const [row] = await db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.personId, owner.personId))
      .limit(1);
    return row;
  },

  async feedByToken(db: DbOrTx, token: string) {
    const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token)).limit(1);
    return row;
  },

  async putFeed(db: DbOrTx, owner: OwnerScope, token: string, replace: boolean) {
    const insert = db.insert(calendarFeeds).values({ personId: owner.personId, token });
    const [row] = replace
      ? await insert
          .onConflictDoUpdate({ target: calendarFeeds.personId, set: { token, createdAt: sql`now()` } })
          .returning()
      : await insert.onConflictDoNothing().returning();
    return row;
  },

  /** Records an uploaded document (the seed and the club side); undefined when the id exists already. */
  async insertDocument(db: DbOrTx, values: typeof eventDocuments.$inferInsert): Promise<string | undefined> {
    const [row] = await db
      .insert(eventDocuments)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: eventDocuments.id });
    return row?.id;
  },
};
