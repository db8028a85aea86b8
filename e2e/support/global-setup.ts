import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { E2E_TELEMETRY_KEY, startServer } from './server.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * Builds the web app when stale, then starts the real server (PGlite, embedded provider, demo data)
 * on the port the config chose, with a fresh temporary DATA_DIR. Returns the teardown.
 */
export default async function globalSetup(_config: FullConfig) {
  ensureWebBuild();
  const port = Number(process.env.E2E_PORT);
  const logFile = path.join(import.meta.dirname, '../test-results/server.log');
  // Telemetry on (as in production), so that specs can see the web app's reports in /metrics.
  const server = await startServer({
    port,
    logFile,
    env: { TELEMETRY_INSTRUMENTATION_KEY: E2E_TELEMETRY_KEY },
  });
  process.env.E2E_BASE_URL = server.baseURL;
  // The demo's times are relative to the day it was seeded on (apps/server/src/seed/time.ts): specs
  // that run after the next Berlin midnight find them a day older.
  process.env.E2E_SEEDED_AT = new Date().toISOString();
  process.env.E2E_DATA_DIR = server.dataDir;
  console.log(`[e2e] server ready at ${server.baseURL} (log: ${path.relative(process.cwd(), logFile)})`);
  return async () => {
    await server.stop();
  };
}
