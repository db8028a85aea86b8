import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DatabaseHandle } from './client.ts';

/**
 * What a LISTEN on one channel tells its owner. Writers NOTIFY inside their transaction, so a payload arrives
 * when its data is committed, at every instance that listens.
 */
export interface ChannelListener {
  /** A payload on the channel. */
  onNotification(payload: string): void;
  /** The listening connection is lost: notifications sent from now until `onUp` are lost too. */
  onDown?(): void;
  /** Listening, the first time (`reconnected` false) or again after `onDown` (true). */
  onUp?(reconnected: boolean): void;
}

export interface ChannelSubscription {
  close(): Promise<void>;
}

/** How long a LISTEN connection's check waits for its notification, and how often it is repeated while up. */
export interface ListenCheckTiming {
  checkMs: number;
  recheckMs: number;
}

export const LISTEN_CHECK: ListenCheckTiming = { checkMs: 5_000, recheckMs: 60_000 };

/** The payload prefix of listenTo's own checks: never handed to the listener. */
const CHECK_PREFIX = 'listen-check:';

/**
 * LISTEN on `channel`: on PostgreSQL one dedicated connection, reconnecting with back-off (500 ms doubling to
 * 30 s) when it is lost; on PGlite its in-process listen (never down). Resolves once listening; the first
 * connection's failure rejects (the server does not start without its database).
 *
 * A LISTEN that succeeded does not prove that notifications arrive: behind a connection pooler in transaction mode
 * (PgBouncer) the LISTEN runs on a server connection that goes back to the pooler's pool, and the notifications go
 * to whichever client has it next; a connection that died without a word (a half-open TCP connection) hears
 * nothing either. So the connection counts as up (`onUp`) only once a notification it sent itself through the
 * pool (`pg_notify` with a `listen-check:` payload) has arrived on it, within `timing.checkMs`; and the check is
 * repeated every `timing.recheckMs` while up. A check that fails counts as a lost connection (`onDown`, reconnect).
 */
export async function listenTo(
  database: DatabaseHandle,
  channel: string,
  log: FastifyBaseLogger,
  listener: ChannelListener,
  timing: ListenCheckTiming = LISTEN_CHECK,
): Promise<ChannelSubscription> {
  if (database.pglite) {
    const unlisten = await database.pglite.listen(channel, (payload) => listener.onNotification(payload));
    listener.onUp?.(false);
    return { close: () => unlisten().catch(() => undefined) };
  }
  const pool = database.pool!;
  const connectionString = (pool as unknown as { options: { connectionString: string } }).options
    .connectionString;
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let recheck: NodeJS.Timeout | undefined;
  let delay = 500;
  const connect = async (isReconnect: boolean): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString, keepAlive: true, application_name: `listen ${channel}` });
    let failed = false;
    let awaited: { payload: string; arrived: () => void } | undefined;
    const retry = (error?: Error) => {
      if (failed || closed) return;
      failed = true;
      clearTimeout(recheck);
      if (error) log.warn({ err: error, channel }, 'listener connection lost; reconnecting');
      c.removeAllListeners('notification');
      void c.end().catch(() => undefined);
      listener.onDown?.();
      timer = setTimeout(() => void connect(true), delay);
      delay = Math.min(delay * 2, 30_000);
    };
    /**
     * Sends a check through the pool; true once it has arrived on this connection, within checkMs of being sent
     * (the time a busy pool takes to send it does not count; a pool that cannot, fails it).
     */
    const check = async (): Promise<boolean> => {
      const payload = `${CHECK_PREFIX}${randomUUID()}`;
      let timeout: NodeJS.Timeout | undefined;
      const arrived = new Promise<boolean>((resolve) => {
        awaited = { payload, arrived: () => resolve(true) };
      });
      try {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
        const late = new Promise<boolean>((resolve) => {
          timeout = setTimeout(() => resolve(false), timing.checkMs);
        });
        return await Promise.race([arrived, late]);
      } catch {
        return false;
      } finally {
        clearTimeout(timeout);
        awaited = undefined;
      }
    };
    const checkAgainLater = () => {
      recheck = setTimeout(() => {
        void check().then((heard) => {
          if (failed || closed) return;
          if (heard) return checkAgainLater();
          log.warn({ channel }, 'listener hears no notifications; reconnecting');
          retry();
        });
      }, timing.recheckMs);
      recheck.unref();
    };
    c.on('error', retry);
    c.on('end', () => retry());
    c.on('notification', (n) => {
      if (n.channel !== channel || n.payload === undefined) return;
      if (n.payload.startsWith(CHECK_PREFIX)) {
        if (n.payload === awaited?.payload) awaited.arrived();
        return;
      }
      listener.onNotification(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      client = c;
    } catch (error) {
      retry(error as Error);
      if (!isReconnect) throw error;
      return;
    }
    const heard = await check();
    if (failed || closed) return;
    if (!heard) {
      log.warn(
        { channel },
        'notifications do not arrive on the listening connection (a connection pooler in transaction mode?); retrying',
      );
      retry();
      return;
    }
    delay = 500;
    listener.onUp?.(isReconnect);
    checkAgainLater();
  };
  await connect(false);
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      clearTimeout(recheck);
      await client?.end().catch(() => undefined);
    },
  };
}
