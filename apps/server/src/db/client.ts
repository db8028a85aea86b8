import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'drizzle-orm/logger';
import * as schema from './schema/index.ts';
import { OneCallPGlite } from './pglite-one-call.ts';
import { statementNamer } from './statement-names.ts';

/**
 * Query counting for `npm run bench` (DB_COUNT_QUERIES=1): every statement Drizzle sends is counted in the
 * store of the request that sent it (plugins/query-count.ts opens one per request and answers the count in
 * `x-db-queries`). Off by default: no logger, no AsyncLocalStorage, no cost. The test harness counts on its
 * databases (`countQueries` of openPglite/openPostgres), so tests can state how many statements a request sends.
 */
export const queryCounting = process.env.DB_COUNT_QUERIES === '1';

/**
 * The hot query that every request asks (the actor scope) and the hot lists (preparedPerDatabase)
 * are built once (ADR 0020, ADR 0034). DB_PREPARED=0 builds them per call with Drizzle's builder instead: only for
 * the A/B measurement of scripts/bench-prepared.mjs.
 */
export const usePrepared = process.env.DB_PREPARED !== '0';
/**
 * DB_NAMED_READS=0 sends every statement unnamed (ADR 0034): the reads are not named, and the names of the
 * statements built once (Drizzle's `.prepare(name)`: actor scope, subject → person, the hot lists) are dropped
 * before they reach node-postgres; on PGlite its reads go unnamed too (ADR 0042). For PgBouncer in transaction
 * mode before 1.21 (docs/operations.md) and for the A/B of scripts/bench-prepared.mjs and ADR 0042.
 */
const namedReads = process.env.DB_NAMED_READS !== '0';
export const queryCount = new AsyncLocalStorage<{ queries: number }>();
const countingLogger: Logger = {
  logQuery() {
    const store = queryCount.getStore();
    if (store) store.queries += 1;
  },
};
/** Drizzle's options for a handle: the counting logger with DB_COUNT_QUERIES=1 or when the caller asks (the tests). */
const loggerFor = (countQueries = queryCounting) => (countQueries ? { logger: countingLogger } : {});

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** One type for both drivers: PGlite and node-postgres share Drizzle's PgDatabase surface. */
export type Database = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories take either the database or an open transaction. */
export type DbOrTx = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The raw PGlite instance (embedded only), e.g. to dump it in tests. */
  pglite?: PGlite;
  /** The pg pool (PostgreSQL only), for LISTEN/NOTIFY. */
  pool?: pg.Pool;
  /**
   * Subscribes to connection errors that were handled (a connection dropped; the pool replaces it). For logging;
   * PGlite has no connections and never calls it.
   */
  onConnectionError(listener: (error: Error) => void): void;
}

// Dates and timestamps come back as strings/Date consistently on both drivers.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob;
  /** Count statements into `queryCount`'s store (default: DB_COUNT_QUERIES). */
  countQueries?: boolean;
}): Promise<DatabaseHandle> {
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  // pg_trgm: the trigram index of the event keyword search (migration 0008, ADR 0020).
  // One call into the database per statement instead of six (ADR 0038).
  const client = new OneCallPGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  client.namedReads = namedReads;
  await client.waitReady;
  const db = drizzlePglite({ client, schema, ...loggerFor(options.countQueries) }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    onConnectionError: () => undefined,
  };
}

type QueryConfigLike = { text?: unknown; name?: unknown };

/** Gives the client's reads their statement names (one namer per pool: a text has one name on every connection). */
function nameReads(client: pg.PoolClient, statementNameFor: (text: string) => string | undefined): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    ...rest: unknown[]
  ) => {
    if (config !== null && typeof config === 'object' && !('submit' in config)) {
      const { text, name } = config as QueryConfigLike;
      const given = name === undefined && typeof text === 'string' ? statementNameFor(text) : undefined;
      if (given !== undefined) return query({ ...config, name: given }, ...rest);
    }
    return query(config, ...rest);
  };
}

/**
 * Sends the client's every statement unnamed (DB_NAMED_READS=0): a statement built once with Drizzle's
 * `.prepare(name)` keeps its SQL text and parameters, but no name reaches PostgreSQL, so a pooler that hands each
 * transaction another server connection never meets a statement it has not parsed.
 */
function unnameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    ...rest: unknown[]
  ) => {
    if (config !== null && typeof config === 'object' && !('submit' in config) && 'name' in config) {
      const { name: _dropped, ...unnamed } = config as QueryConfigLike;
      return query(unnamed, ...rest);
    }
    return query(config, ...rest);
  };
}

/**
 * A Drizzle prepared statement per database handle and shape (e.g. the sort order, or which filters a list has),
 * built on first use: the common shapes of a hot list are built once instead of on every request (ADR 0034,
 * amendment). `keyOf` names the shape when it is an object (default: the shape itself). A transaction is its own
 * handle, so a list read inside one builds its statement there. With DB_PREPARED=0 it is built on every call (the
 * A/B of scripts/bench-prepared.mjs).
 */
export function preparedPerDatabase<S, P>(
  build: (db: DbOrTx, shape: S) => P,
  keyOf: (shape: S) => unknown = (shape) => shape,
): (db: DbOrTx, shape: S) => P {
  const byDatabase = new WeakMap<object, Map<unknown, P>>();
  return (db, shape) => {
    if (!usePrepared) return build(db, shape);
    let byKey = byDatabase.get(db);
    if (!byKey) byDatabase.set(db, (byKey = new Map<unknown, P>()));
    const key = keyOf(shape);
    let statement = byKey.get(key);
    if (!statement) byKey.set(key, (statement = build(db, shape)));
    return statement;
  };
}

/** How long a request waits for a pooled connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A pg pool whose every connection has an `error` listener for its whole life. node-postgres emits `error` on a
 * client whose server connection ends (PostgreSQL restarting, `pg_terminate_backend()`, a network cut); the pool
 * listens only while a client is idle, so a client borrowed by a transaction that is between two queries had no
 * listener and the unhandled `error` event ended the process. With the listener the client is marked broken,
 * its next query rejects (the request answers 503, see db/errors.ts), and the pool discards it on release.
 * `namedStatements` (default: DB_NAMED_READS) names the reads, or else sends every statement unnamed.
 */
export function openPostgres(
  url: string,
  poolSize = 10,
  options: { namedStatements?: boolean; countQueries?: boolean } = {},
): DatabaseHandle {
  const nameFor = (options.namedStatements ?? namedReads) ? statementNamer() : undefined;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  const listeners = new Set<(error: Error) => void>();
  const report = (error: Error) => {
    for (const listener of listeners) listener(error);
  };
  // Every client, idle or borrowed (transactions, migrations): a listener from its first connect on.
  pool.on('connect', (client) => {
    client.on('error', report);
    if (nameFor) nameReads(client, nameFor);
    else unnameStatements(client);
  });
  // The pool re-emits an idle client's error after removing it; already reported by the listener above.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema, ...loggerFor(options.countQueries) });
  return {
    db,
    kind: 'postgres',
    pool,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
    onConnectionError: (listener) => {
      listeners.add(listener);
    },
  };
}

/** Applies the SQL migrations; on PostgreSQL under an advisory lock so that several instances may start at once. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder });
    return;
  }
  const client = await handle.pool!.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
}

export async function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  databasePoolSize?: number;
}): Promise<DatabaseHandle> {
  const handle = config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databasePoolSize)
    : await openPglite({ dataDir: path.join(config.dataDir, 'db') });
  await runMigrations(handle);
  return handle;
}

export { schema, sql };
