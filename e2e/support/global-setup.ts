import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startServer } from './server.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * Builds the web app when stale, then starts the real server (PGlite, embedded provider, demo data)
 * on the port the config chose, with a fresh temporary DATA_DIR. Returns the teardown.
 */
export default async function globalSetup(_config: FullConfig) {
  ensureWebBuild();
  const port = Number(process.env.E2E_PORT);
  const logFile = path.join(import.meta.dirname, '../test-results/server.log');
  const server = await startServer({ port, logFile });
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATA_DIR = server.dataDir;
  console.log(`[e2e] server ready at ${server.baseURL} (log: ${path.relative(process.cwd(), logFile)})`);
  return async () => {
    await server.stop();
  };
}
