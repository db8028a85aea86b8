import { fillPlaceholders } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.ts';
import { seedScale } from '../../../../../scripts/seed-scale.mjs';
import { eventListQuery, eventsRepository, type EventListShape } from './events.repository.ts';

/**
 * The events list is a prepared statement (ADR 0034). It pays only if PostgreSQL keeps its generic plan, made
 * without the parameters' values, instead of planning every call, and that plan must still find a page through the
 * indexes (issue 14 §3). On an installation of 50,000 persons (15,000 events in 150 clubs, scripts/seed-scale.mjs),
 * for a member of two of its clubs:
 * - after the five calls PostgreSQL plans with the values, the sixth runs the generic plan (before: planned anew on
 *   every call, 0.3–0.4 ms, and the generic plan read 3,638 blocks where the values' plan read 201 at 10 k persons);
 * - no node of it scans the events table;
 * - by start (as the bench and the app ask it), a page reads fewer blocks than the events table has;
 * - with the clubs filter, no scan yields more rows than the chosen clubs have events.
 * And the pages are the visible events in their order, with their total, checked against a plain query.
 */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

/** The list by start, ascending, without a filter; each shape below changes what it names. */
const PLAIN: EventListShape = {
  keyword: false,
  from: false,
  till: false,
  tenantIds: false,
  disciplineIds: false,
  divisionIds: false,
  orderBy: 'start',
  order: 'ascending',
};

const SHAPES: EventListShape[] = [
  // The list as the bench asks it (no filter, both ways), from today on, and sorted by name.
  PLAIN,
  { ...PLAIN, order: 'descending' },
  { ...PLAIN, from: true },
  { ...PLAIN, orderBy: 'name' },
  // The app's events page: the chosen clubs, and the chosen clubs from today on.
  { ...PLAIN, tenantIds: true },
  { ...PLAIN, tenantIds: true, from: true },
];

describe.skipIf(!process.env.DATABASE_URL)('the events list with a generic plan (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let client: pg.Client;
  let scopeTenantIds: string[];
  /** The clubs filter: one of the member's clubs and one that is not. */
  let chosenTenantIds: string[];
  let tablePages: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    const url = (database.pool as unknown as { options: { connectionString: string } }).options
      .connectionString;
    await seedScale(url, 50_000, () => undefined);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    // A member of two of the clubs.
    scopeTenantIds = (
      await client.query<{ id: string }>(
        `select id from tenants where name like 'Scale%' order by id limit 3`,
      )
    ).rows.map((r) => r.id);
    expect(scopeTenantIds).toHaveLength(3);
    chosenTenantIds = [scopeTenantIds[0]!, scopeTenantIds.pop()!];
    tablePages = (
      await client.query<{ n: number }>(`select relpages as n from pg_class where relname = 'events'`)
    ).rows[0]!.n;
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  function nodes(node: PlanNode): PlanNode[] {
    return [node, ...(node.Plans ?? []).flatMap(nodes)];
  }

  it.each(SHAPES)(
    'keeps a generic plan that finds a page through the indexes: $orderBy $order, from: $from, clubs: $tenantIds',
    async (shape) => {
      const statement = eventListQuery(database.db, shape).toSQL();
      const values = fillPlaceholders(statement.params, {
        from: new Date().toISOString(),
        tenantIds: chosenTenantIds,
        scopeTenantIds,
        reach: 25,
        personId: '00000000-0000-4000-8000-000000000000',
        limit: 25,
        offset: 0,
      });
      const name = `page_${shape.orderBy}_${shape.order}_${shape.from}_${shape.tenantIds}`;
      await client.query(`prepare ${name} as ${statement.sql}`);
      const literal = (value: unknown) =>
        Array.isArray(value)
          ? client.escapeLiteral(`{${value.join(',')}}`)
          : typeof value === 'number'
            ? String(value)
            : client.escapeLiteral(String(value));
      const call = `execute ${name}(${values.map(literal).join(', ')})`;
      for (let i = 0; i < 5; i++) await client.query(call);
      const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `explain (analyze, buffers, format json) ${call}`,
      );
      const kept = await client.query<{ generic_plans: string }>(
        'select generic_plans from pg_prepared_statements where name = $1',
        [name],
      );
      expect(Number(kept.rows[0]!.generic_plans)).toBeGreaterThan(0);
      const plan = rows[0]!['QUERY PLAN'][0]!.Plan;
      const scans = nodes(plan)
        .filter((n) => n['Relation Name'] === 'events')
        .map((n) => n['Node Type']);
      expect(scans).not.toContain('Seq Scan');
      if (shape.orderBy === 'start')
        expect(plan['Shared Hit Blocks'] + plan['Shared Read Blocks']).toBeLessThan(tablePages);
      if (shape.tenantIds) {
        // With the clubs filter, no scan of events or of its indexes yields more rows than those clubs have events.
        const { rows: clubEvents } = await client.query<{ n: number }>(
          'select count(*)::int as n from events where tenant_id = any($1::uuid[])',
          [chosenTenantIds],
        );
        const widest = Math.max(
          ...nodes(plan)
            .filter((n) => n['Relation Name'] === 'events' || n['Index Name']?.startsWith('events_'))
            .map((n) => n['Actual Rows']),
        );
        expect(widest).toBeLessThanOrEqual(clubEvents[0]!.n);
      }
    },
  );

  it.each(SHAPES)(
    'pages of the list are the visible events in order, with their total: $orderBy $order, from: $from, clubs: $tenantIds',
    async (shape) => {
      const from = new Date();
      const scope = { personId: '00000000-0000-4000-8000-000000000000', tenantIds: scopeTenantIds };
      const column = shape.orderBy === 'name' ? 'name' : 'starts_at';
      const direction = shape.order === 'ascending' ? 'asc' : 'desc';
      const params: unknown[] = [scopeTenantIds];
      let where = "(visibility = 'public' or tenant_id = any($1::uuid[]))";
      if (shape.from) where += ` and ends_at >= $${params.push(from)}`;
      if (shape.tenantIds) where += ` and tenant_id = any($${params.push(chosenTenantIds)}::uuid[])`;
      const visible = (
        await client.query<{ id: string }>(
          `select id from events where ${where} order by ${column} ${direction}, id`,
          params,
        )
      ).rows.map((r) => r.id);
      // Several pages, and with the clubs filter a page past the end (empty, with the total).
      expect(visible.length).toBeGreaterThan(shape.tenantIds ? 40 : 100);
      for (const offset of [0, 25, 50, 375]) {
        const filters = {
          ...(shape.from ? { from } : {}),
          ...(shape.tenantIds ? { tenantIds: chosenTenantIds } : {}),
        };
        const page = await eventsRepository.list(database.db, scope, filters, {
          orderBy: shape.orderBy,
          order: shape.order,
          limit: 25,
          offset,
        });
        expect(page.rows.map((r) => r.event.id)).toEqual(visible.slice(offset, offset + 25));
        expect(page.total).toBe(visible.length);
      }
    },
  );
});
