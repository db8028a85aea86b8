/**
 * Real processes for the fault tests: an own PostgreSQL cluster (initdb under the temp directory, on a free port,
 * never the shared server) and the portal server started as `node apps/server/src/main.ts`.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SignJWT, importJWK } from 'jose';
import { generateSigningKeys, type SigningKeys } from '../../src/identity/keys.ts';

const run = promisify(execFile);
const serverMain = path.resolve(import.meta.dirname, '../../src/main.ts');

/** The directory holding initdb and pg_ctl: PG_BIN, the newest /usr/lib/postgresql/<v>/bin, or the PATH. */
export function findPostgresBin(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(debian, v, 'bin')));
  }
  candidates.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  return (
    candidates.find(
      (dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')),
    ) ?? null
  );
}

/** PostgreSQL refuses to run as root: then its tools run as the `postgres` system user. */
function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root and there is no postgres user to run PostgreSQL as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An own PostgreSQL cluster that the test may stop, restart and kill. */
export class PostgresCluster {
  readonly dir: string;
  readonly port: number;
  private readonly bin: string;
  private readonly user: { uid: number; gid: number } | null;

  private constructor(bin: string, dir: string, port: number) {
    this.bin = bin;
    this.dir = dir;
    this.port = port;
    this.user = postgresUser();
  }

  static async create(bin: string): Promise<PostgresCluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vh-faults-pg-'));
    const cluster = new PostgresCluster(bin, dir, await freePort());
    if (cluster.user) fs.chownSync(dir, cluster.user.uid, cluster.user.gid);
    await cluster.tool('initdb', [
      '-D',
      cluster.dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    await cluster.start();
    return cluster;
  }

  get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  private async tool(name: string, args: string[]): Promise<void> {
    await run(path.join(this.bin, name), args, {
      ...(this.user ?? {}),
      cwd: this.dir,
      env: { ...process.env, LC_ALL: 'C' },
      timeout: 60_000,
    });
  }

  /** pg_ctl with a log file (so that the postmaster does not hold our pipes) and -w (returns when it accepts). */
  private pgCtl(action: string, extra: string[] = []): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
    return this.tool('pg_ctl', [
      action,
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dir, 'server.log'),
      '-w',
      '-t',
      '30',
      '-o',
      options,
      ...extra,
    ]);
  }

  start(): Promise<void> {
    return this.pgCtl('start');
  }

  stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    return this.tool('pg_ctl', ['stop', '-D', this.dataDir, '-m', mode, '-w', '-t', '30']);
  }

  restart(): Promise<void> {
    return this.pgCtl('restart', ['-m', 'fast']);
  }

  async destroy(): Promise<void> {
    await this.stop('immediate').catch(() => undefined);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** What the server process inherits from the test run: the system, never the run's portal configuration. */
const INHERITED = /^(PATH|HOME|USER|TMPDIR|TEMP|TMP|TZ|LANG|LC_\w+|SystemRoot)$/;

/** The portal server as its own process; `exits` records every end of it. */
export class ServerProcess {
  readonly exits: { code: number | null; signal: NodeJS.Signals | null }[] = [];
  readonly baseUrl: string;
  readonly port: number;
  private readonly env: Record<string, string>;
  private child: ChildProcess | undefined;
  private output = '';

  constructor(port: number, env: Record<string, string>) {
    this.port = port;
    this.env = env;
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  /** The server's log (pino JSON lines) since it was first started. */
  get log(): string {
    return this.output;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    // Only the test's own configuration: never the DATABASE_URL (or provider, mail …) of the surrounding run.
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => INHERITED.test(key)));
    const child = spawn(process.execPath, [serverMain], {
      env: { ...inherited, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const collect = (chunk: Buffer) => {
      this.output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code, signal) => {
      if (this.child === child) this.exits.push({ code, signal });
    });
    await this.waitReady(60_000);
  }

  /** Polls /readyz until it answers 200; returns the milliseconds it took. */
  async waitReady(timeoutMs: number, intervalMs = 50): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < timeoutMs) {
      if (this.child && !this.running)
        throw new Error(`the server process ended:\n${this.output.slice(-4000)}`);
      try {
        const res = await fetch(`${this.baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
        await res.arrayBuffer();
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(intervalMs);
    }
    throw new Error(`not ready within ${timeoutMs} ms:\n${this.output.slice(-4000)}`);
  }

  /** kill -9: the process ends without any chance to flush or close. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    this.child = undefined;
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await ended;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    this.child = undefined;
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await ended;
    clearTimeout(timer);
  }
}

/** A DATA_DIR with the embedded provider's signing keys in place, so that the test can sign access tokens. */
export async function prepareDataDir(): Promise<{ dataDir: string; keys: SigningKeys }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vh-faults-data-'));
  const keys = await generateSigningKeys();
  fs.mkdirSync(path.join(dataDir, 'oidc'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'oidc', 'jwks.json'), JSON.stringify(keys.privateJwks), {
    mode: 0o600,
  });
  return { dataDir, keys };
}

/** An access token as the embedded provider at `publicUrl` would issue it. */
export async function accessToken(keys: SigningKeys, publicUrl: string, subject: string): Promise<string> {
  const jwk = keys.privateJwks.keys[0]!;
  return new SignJWT({ scope: 'openid offline_access', client_id: 'vereinsheim-web' })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid!, typ: 'at+jwt' })
    .setIssuer(`${publicUrl}/oidc`)
    .setAudience(`${publicUrl}/api`)
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime('30m')
    .sign(await importJWK(jwk, 'RS256'));
}
