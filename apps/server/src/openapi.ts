import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openPglite } from './db/client.ts';
import { generateSigningKeys } from './identity/keys.ts';

/** The OpenAPI document as the app generates it from the Zod contracts (stable key order, no server URLs). */
export async function generateOpenApi(): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vh-openapi-'));
  // An unmigrated database: the cookie keys come from the configuration, not from server_keys.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    DATA_DIR: dataDir,
    OIDC_COOKIE_KEYS: randomBytes(32).toString('base64url'),
  });
  const database = await openPglite({});
  const app = await buildApp({ config, database, keys: await generateSigningKeys() });
  try {
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    return JSON.stringify(JSON.parse(res.body), null, 2) + '\n';
  } finally {
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
