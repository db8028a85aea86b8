/**
 * Starts and stops the REAL server (`node apps/server/src/main.ts`) as a child process on
 * 127.0.0.1 with its own temporary DATA_DIR: embedded PGlite, embedded identity provider, demo data.
 * Used by the Playwright global setup, the fresh-database fixture and `npm run bench`.
 * Plain erasable TypeScript so that Node runs it directly (scripts/bench.mjs imports it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The instrumentation key the e2e server hands out in /app-config.json (telemetry on). */
export const E2E_TELEMETRY_KEY = '0b7e3c2a-6f1d-4e8b-9c5a-2d4f6a8b0c1e';

/** /metrics is closed without a token (METRICS_TOKEN); the e2e servers are started with this one. */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-0123456789abcdef';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');

export interface RunningServer {
  baseURL: string;
  port: number;
  dataDir: string;
  logFile: string;
  pid: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Port to listen on; a free one is chosen when omitted. */
  port?: number;
  /** Extra environment (overrides the defaults below). */
  env?: Record<string, string>;
  /** Where the server's stdout/stderr go; defaults to `<dataDir>/server.log`. */
  logFile?: string;
  /** How long to wait for /readyz. */
  timeoutMs?: number;
  /** Keep DATA_DIR after stop (for debugging, or to start again on the same data). */
  keepData?: boolean;
  /** Use this DATA_DIR (e.g. one a stopped server left with keepData) instead of a fresh temporary one. */
  dataDir?: string;
  /**
   * Serve a private copy of apps/web/dist (taken now, inside DATA_DIR) so that a rebuild running elsewhere
   * in the working tree cannot pull the files away mid-run. Default true; false serves apps/web/dist itself.
   */
  snapshotWeb?: boolean;
}

/** Asks the OS for a free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not determine a free port'));
      });
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Environment variables that would point the server elsewhere than its own embedded defaults. */
const STRIPPED_ENV = [
  'DATABASE_URL',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_AUDIENCE',
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATA_DIR',
  'SMTP_URL',
  'WEB_DIST',
  'METRICS_TOKEN',
  'METRICS_ALLOW',
  'UNSAFE_TEST_CSP',
];

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? (await fsp.mkdtemp(path.join(os.tmpdir(), 'vereinsheim-e2e-')));
  const logFile = options.logFile ?? path.join(dataDir, 'server.log');
  await fsp.mkdir(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'w');

  const webDist = path.join(REPO_ROOT, 'apps/web/dist');
  let webEnv: Record<string, string> = {};
  if (options.snapshotWeb !== false && fs.existsSync(path.join(webDist, 'index.html'))) {
    const copy = path.join(dataDir, 'web');
    if (!fs.existsSync(path.join(copy, 'index.html'))) await fsp.cp(webDist, copy, { recursive: true });
    webEnv = { WEB_DIST: copy };
  }

  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !STRIPPED_ENV.includes(key)) env[key] = value;
  }
  Object.assign(env, {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    METRICS_TOKEN: E2E_METRICS_TOKEN,
    // Every answer is also checked against its Zod contract (ADR 0041); the benchmarks turn it off.
    RESPONSE_CHECK: 'true',
    ...webEnv,
    ...options.env,
  });

  const child: ChildProcess = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) => {
    child.on('exit', (code) => {
      exited = code;
      resolve();
    });
  });

  const stop = async () => {
    if (exited === undefined) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    }
    if (!options.keepData) await fsp.rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (exited !== undefined) {
      const message = `The server exited with code ${exited} before it was ready. Log (${logFile}):\n${tail(logFile)}`;
      await stop();
      throw new Error(message);
    }
    try {
      const res = await fetch(`${baseURL}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const message = `The server did not become ready at ${baseURL}/readyz. Log:\n${tail(logFile)}`;
      await stop();
      throw new Error(message);
    }
    await sleep(250);
  }
  return { baseURL, port, dataDir, logFile, pid: child.pid!, stop };
}
