/**
 * db/notifications.ts: a LISTEN connection counts as up only once notifications really arrive on it (ADR 0045
 * amendment). Against real peers: PgBouncer in transaction mode, where LISTEN succeeds and nothing arrives, and a
 * TCP connection that stops carrying data without closing (half-open).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './browser.ts';
import { openPostgres, type DatabaseHandle } from '../src/db/client.ts';
import {
  LISTEN_APPLICATION_NAME,
  listenTo,
  notificationsCaughtUp,
  type ChannelSubscription,
} from '../src/db/notifications.ts';
import pg from 'pg';

const url = process.env.DATABASE_URL;
const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => fs.existsSync(p));
const CHANNEL = 'vh_listen_check_test';
const OTHER_CHANNEL = 'vh_listen_check_other';
const TIMING = { checkMs: 400, recheckMs: 300 };

/** A logger that keeps its warnings. */
function recordingLog() {
  const warnings: string[] = [];
  const log = { warn: (_fields: unknown, message: string) => warnings.push(message) } as never;
  return { log, warnings };
}

/** What the listener was told, in order. */
function recordingListener() {
  const heard: string[] = [];
  const events: string[] = [];
  return {
    heard,
    events,
    listener: {
      onNotification: (payload: string) => heard.push(payload),
      onDown: () => events.push('down'),
      onUp: (reconnected: boolean) => events.push(reconnected ? 'up again' : 'up'),
    },
  };
}

async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The test database's URL with another host and port (a pooler or proxy in front of it). */
function through(port: number): string {
  const target = new URL(url!);
  target.hostname = '127.0.0.1';
  target.port = String(port);
  return target.toString();
}

function open(connectionString: string): DatabaseHandle {
  const database = openPostgres(connectionString, 2);
  cleanups.push(() => database.close());
  return database;
}

async function listen(
  database: DatabaseHandle,
  log: never,
  listener: ReturnType<typeof recordingListener>,
  channel = CHANNEL,
) {
  const subscription: ChannelSubscription = await listenTo(database, channel, log, listener.listener, TIMING);
  cleanups.push(() => subscription.close());
  return subscription;
}

/** A database of this test's own (dropped after it), so that its connections can be counted. */
async function ownDatabase(): Promise<{ url: string; listening: () => Promise<number> }> {
  const name = `vh_listen_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const target = new URL(url!);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    listening: async () =>
      (
        await admin.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = $2',
          [name, LISTEN_APPLICATION_NAME],
        )
      ).rows[0].n,
  };
}

/** PgBouncer in front of the test database, in `mode`; stopped after the test. */
async function pgbouncer(mode: 'transaction' | 'session'): Promise<number> {
  const target = new URL(url!);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vh-pgbouncer-'));
  const port = await freePort();
  const user = decodeURIComponent(target.username || 'postgres');
  fs.writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      `pool_mode = ${mode}`,
      'unix_socket_dir =',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      'ignore_startup_parameters = application_name',
    ].join('\n'),
  );
  // PgBouncer does not run as root: it drops to the postgres user, which must read its files.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
  const child: ChildProcess = spawn(
    PGBOUNCER!,
    [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')],
    { stdio: 'ignore' },
  );
  cleanups.push(async () => {
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });
  await until(() => {
    try {
      return fs.readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8').includes('process up');
    } catch {
      return false;
    }
  });
  return port;
}

/** A TCP proxy to the test database whose connections can stop carrying data without closing. */
async function freezableProxy(): Promise<{ port: number; freeze(connection: number): void }> {
  const target = new URL(url!);
  const sockets: { client: net.Socket; server: net.Socket; frozen: boolean }[] = [];
  const proxy = net.createServer((client) => {
    const server = net.connect(Number(target.port || 5432), target.hostname);
    const pair = { client, server, frozen: false };
    sockets.push(pair);
    client.on('data', (chunk) => pair.frozen || server.write(chunk));
    server.on('data', (chunk) => pair.frozen || client.write(chunk));
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const { client, server } of sockets) {
      client.destroy();
      server.destroy();
    }
    await new Promise((resolve) => proxy.close(resolve));
  });
  return {
    port: (proxy.address() as net.AddressInfo).port,
    freeze: (connection) => void (sockets[connection]!.frozen = true),
  };
}

describe.skipIf(!url)('a LISTEN connection counts as up only when notifications arrive on it', () => {
  it('directly on PostgreSQL: up, and it hears what others notify (never its own checks)', async () => {
    const database = open(url!);
    const { log, warnings } = recordingLog();
    const listener = recordingListener();
    await listen(database, log, listener);
    expect(listener.events).toEqual(['up']);
    await database.pool!.query('select pg_notify($1, $2)', [CHANNEL, 'a change']);
    await until(() => listener.heard.length > 0);
    // Rechecked every 300 ms meanwhile; the checks' payloads are not handed on.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(listener.heard).toEqual(['a change']);
    expect(listener.events).toEqual(['up']);
    expect(warnings).toEqual([]);
  });

  it('caught up: what others committed before the call has been handed to the listener when it resolves', async () => {
    const database = open(url!);
    const { log } = recordingLog();
    const listener = recordingListener();
    expect(await notificationsCaughtUp(database)).toBe(false);
    await listen(database, log, listener);
    // Another session commits 2,000 notifications of 1 kB (2 MB for the listening connection to read); the caller
    // only knows they are committed.
    const writer = new pg.Client({ connectionString: url });
    await writer.connect();
    cleanups.push(() => writer.end());
    await writer.query(
      `select pg_notify($1, i || ':' || repeat('x', 1000)) from generate_series(1, 2000) i`,
      [CHANNEL],
    );
    expect(await notificationsCaughtUp(database)).toBe(true);
    expect(listener.heard).toHaveLength(2000);
    expect(listener.heard.at(-1)).toMatch(/^2000:x+$/);
  });

  it('one connection for every channel of a database handle, closed with the last subscription', async () => {
    const own = await ownDatabase();
    const database = open(own.url);
    const { log, warnings } = recordingLog();
    const first = recordingListener();
    const second = recordingListener();
    const firstSubscription = await listen(database, log, first);
    const secondSubscription = await listen(database, log, second, OTHER_CHANNEL);
    expect(first.events).toEqual(['up']);
    expect(second.events).toEqual(['up']);
    expect(await own.listening()).toBe(1);
    await database.pool!.query('select pg_notify($1, $2), pg_notify($3, $4)', [
      CHANNEL,
      'one',
      OTHER_CHANNEL,
      'two',
    ]);
    await until(() => first.heard.length > 0 && second.heard.length > 0);
    expect(first.heard).toEqual(['one']);
    expect(second.heard).toEqual(['two']);

    await firstSubscription.close();
    await database.pool!.query('select pg_notify($1, $2), pg_notify($3, $4)', [
      CHANNEL,
      'three',
      OTHER_CHANNEL,
      'four',
    ]);
    await until(() => second.heard.length > 1);
    expect(second.heard).toEqual(['two', 'four']);
    expect(first.heard).toEqual(['one']);
    expect(await own.listening()).toBe(1);

    const closed = recordingListener();
    await (await listen(database, log, closed, OTHER_CHANNEL)).close();
    expect(await own.listening()).toBe(1);
    // The last subscription closes the connection.
    await secondSubscription.close();
    let left = await own.listening();
    for (let tries = 0; left > 0 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      left = await own.listening();
    }
    expect(left).toBe(0);
    expect(warnings).toEqual([]);
  });

  it.skipIf(!PGBOUNCER)(
    'behind PgBouncer in transaction mode: never up (the LISTEN succeeds, its notifications go elsewhere)',
    async () => {
      const database = open(through(await pgbouncer('transaction')));
      const { log, warnings } = recordingLog();
      const listener = recordingListener();
      await listen(database, log, listener);
      await until(() => warnings.length >= 2, 5_000);
      expect(listener.events).not.toContain('up');
      expect(listener.events).not.toContain('up again');
      expect(warnings[0]).toMatch(/notifications do not arrive/);
      expect(await notificationsCaughtUp(database)).toBe(false);
    },
  );

  it.skipIf(!PGBOUNCER)('behind PgBouncer in session mode: up', async () => {
    const database = open(through(await pgbouncer('session')));
    const { log, warnings } = recordingLog();
    const listener = recordingListener();
    await listen(database, log, listener);
    expect(listener.events).toEqual(['up']);
    expect(warnings).toEqual([]);
  });

  it('a connection that stops carrying data without closing is down at the next check, then up again', async () => {
    const proxy = await freezableProxy();
    const database = open(through(proxy.port));
    const { log, warnings } = recordingLog();
    const listener = recordingListener();
    const other = recordingListener();
    await listen(database, log, listener);
    await listen(database, log, other, OTHER_CHANNEL);
    expect(listener.events).toEqual(['up']);
    expect(other.events).toEqual(['up']);
    // The listening connection was the first through the proxy (the pool connects on its first query).
    proxy.freeze(0);
    await until(() => listener.events.includes('up again') && other.events.includes('up again'));
    expect(listener.events).toEqual(['up', 'down', 'up again']);
    expect(other.events).toEqual(['up', 'down', 'up again']);
    expect(warnings).toContain('listener hears no notifications; reconnecting');
  });
});
