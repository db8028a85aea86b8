import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openPglite } from './db/client.ts';
import { generateSigningKeys } from './identity/keys.ts';

/**
 * The app built on an empty, unmigrated PGlite, for what is read from its routes and their schemas (the OpenAPI
 * document, the response-serializer sweep and `npm run bench:serializer`). `use` gets the ready app and every
 * route it registered; the app, the database and the data directory are gone when it returns.
 */
export async function withSchemaOnlyApp<T>(
  use: (app: FastifyInstance, routes: RouteOptions[]) => Promise<T>,
): Promise<T> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vh-schema-app-'));
  // An unmigrated database: the cookie keys come from the configuration, not from server_keys.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    DATA_DIR: dataDir,
    OIDC_COOKIE_KEYS: randomBytes(32).toString('base64url'),
  });
  const database = await openPglite({});
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    config,
    database,
    keys: await generateSigningKeys(),
    onRoute: (route) => {
      routes.push(route);
    },
  });
  try {
    await app.ready();
    return await use(app, routes);
  } finally {
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
