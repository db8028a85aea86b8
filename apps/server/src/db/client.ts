import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

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
}

// Dates and timestamps come back as strings/Date consistently on both drivers.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<DatabaseHandle> {
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

export function openPostgres(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection must not take the process down.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    pool,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
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
