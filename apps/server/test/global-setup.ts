import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, runMigrations } from '../src/db/client.ts';
import { generateSigningKeys } from '../src/identity/keys.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDataDir: string;
    pgliteTemplate: string;
    pgTemplateDb: string | null;
    databaseUrl: string | null;
    runId: string;
  }
}

/**
 * Prepares once per run: signing keys, a migrated PGlite image to clone per test file
 * (a cold PGlite start costs seconds), and, with DATABASE_URL, a migrated template database.
 */
export default async function setup(project: TestProject) {
  const testDataDir = path.resolve(import.meta.dirname, '../.test-data', String(process.pid));
  await fs.mkdir(testDataDir, { recursive: true });
  const keys = await generateSigningKeys();
  await fs.writeFile(path.join(testDataDir, 'jwks.json'), JSON.stringify(keys.privateJwks));

  const handle = await openPglite({});
  await runMigrations(handle);
  const dump = await handle.pglite!.dumpDataDir('gzip');
  const pgliteTemplate = path.join(testDataDir, 'pglite-template.tar.gz');
  await fs.writeFile(pgliteTemplate, Buffer.from(await dump.arrayBuffer()));
  await handle.close();

  const databaseUrl = process.env.DATABASE_URL ?? null;
  let pgTemplateDb: string | null = null;
  if (databaseUrl) {
    pgTemplateDb = `vh_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pgTemplateDb} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${pgTemplateDb}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${pgTemplateDb}`;
    const tpl = openPostgres(url.toString(), 1);
    await runMigrations(tpl);
    await tpl.close();
  }

  project.provide('testDataDir', testDataDir);
  project.provide('pgliteTemplate', pgliteTemplate);
  project.provide('pgTemplateDb', pgTemplateDb);
  project.provide('databaseUrl', databaseUrl);
  project.provide('runId', String(process.pid));

  return async () => {
    if (databaseUrl && pgTemplateDb) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      const leftovers = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'vh_t_${process.pid}_%' OR datname = $1`,
        [pgTemplateDb],
      );
      for (const row of leftovers.rows)
        await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.end();
    }
    await fs.rm(testDataDir, { recursive: true, force: true });
  };
}
