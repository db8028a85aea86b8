import type { FastifyBaseLogger } from 'fastify';
import { randomBytes, randomUUID } from 'node:crypto';
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

/** The `application_name` of an instance's LISTEN connection (pg_stat_activity). */
export const LISTEN_APPLICATION_NAME = 'vereinsheim listen';

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * One `listenTo` call: its channel and listener, and the connection it was last told it is up on (set: the next
 * onUp is a reconnect).
 */
interface Subscriber {
  channel: string;
  listener: ChannelListener;
  upOn: pg.Client | undefined;
}

/**
 * LISTEN on `channel`: on PostgreSQL through the database handle's one listening connection, shared by every
 * channel of the instance (the scope cache's and the chat's) and reconnecting with back-off (500 ms doubling to
 * 30 s) when it is lost; on PGlite its in-process listen (never down). Resolves once listening; the first
 * connection's failure rejects (the server does not start without its database).
 *
 * A LISTEN that succeeded does not prove that notifications arrive: behind a connection pooler in transaction mode
 * (PgBouncer) the LISTEN runs on a server connection that goes back to the pooler's pool, and the notifications go
 * to whichever client has it next; a connection that died without a word (a half-open TCP connection) hears
 * nothing either. So the connection counts as up (`onUp`) only once a notification it sent itself through the
 * pool (`pg_notify` on a check channel of its own) has arrived on it, within `timing.checkMs`; and the check is
 * repeated every `timing.recheckMs` while up. A check that fails counts as a lost connection (`onDown` to every
 * channel's listener, reconnect). The connection is opened by the first `listenTo` of a handle (its `timing`
 * counts) and closed with the last subscription.
 */
export async function listenTo(
  database: DatabaseHandle,
  channel: string,
  log: FastifyBaseLogger,
  listener: ChannelListener,
  timing: ListenCheckTiming = LISTEN_CHECK,
): Promise<ChannelSubscription> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
  if (database.pglite) {
    const unlisten = await database.pglite.listen(channel, (payload) => listener.onNotification(payload));
    listener.onUp?.(false);
    return { close: () => unlisten().catch(() => undefined) };
  }
  let connection = connections.get(database);
  if (!connection) {
    const opened = new ListeningConnection(database.pool!, log, timing, () => {
      if (connections.get(database) === opened) connections.delete(database);
    });
    connections.set(database, (connection = opened));
  }
  return connection.subscribe(channel, listener);
}

/** The listening connection of each PostgreSQL database handle. */
const connections = new WeakMap<DatabaseHandle, ListeningConnection>();

/**
 * Resolves true once every notification committed before the call has been handed to its listeners on this
 * handle's listening connection (PostgreSQL delivers notifications in commit order, so a check sent now arrives
 * after them); false if no connection is up to hear it. On PGlite the listen is in-process and a notification is
 * handed over before its statement's answer, so it is true at once. For a caller that wrote a membership and must
 * see its next request answered with the new scope on this instance (ADR 0045: a change applies when its
 * notification arrives).
 */
export async function notificationsCaughtUp(database: DatabaseHandle): Promise<boolean> {
  if (database.pglite) return true;
  return (await connections.get(database)?.caughtUp()) ?? false;
}

class ListeningConnection {
  private readonly subscribers = new Set<Subscriber>();
  /** Where the checks go: a channel of this connection's own, so that no other instance hears them. */
  private readonly checkChannel = `vh_listen_check_${randomBytes(8).toString('hex')}`;
  private readonly connectionString: string;
  /** The current connection (connected, maybe not yet checked) and the LISTENs sent on it, per channel. */
  private client: pg.Client | undefined;
  private listens = new Map<string, Promise<boolean>>();
  private up = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private recheck: NodeJS.Timeout | undefined;
  private delay = 500;
  /** The first connection attempt. */
  private ready: Promise<void> | undefined;
  /** Sends a check through the pool, true once it has arrived on the current connection (set while it is up). */
  private check: (() => Promise<boolean>) | undefined;

  private readonly pool: pg.Pool;
  private readonly log: FastifyBaseLogger;
  private readonly timing: ListenCheckTiming;
  /** Called once the last subscription has closed it (or its first connection failed). */
  private readonly onClosed: () => void;

  constructor(pool: pg.Pool, log: FastifyBaseLogger, timing: ListenCheckTiming, onClosed: () => void) {
    this.pool = pool;
    this.log = log;
    this.timing = timing;
    this.onClosed = onClosed;
    this.connectionString = (
      pool as unknown as { options: { connectionString: string } }
    ).options.connectionString;
  }

  async subscribe(channel: string, listener: ChannelListener): Promise<ChannelSubscription> {
    const subscriber: Subscriber = { channel, listener, upOn: undefined };
    this.subscribers.add(subscriber);
    const subscription = { close: () => this.unsubscribe(subscriber) };
    try {
      this.ready ??= this.connect(false);
      if (this.client) await this.listen(this.client, channel);
      await this.ready;
    } catch (error) {
      this.subscribers.delete(subscriber);
      await this.shutDown();
      throw error;
    }
    if (this.client && this.up) await this.tellUp(this.client, subscriber);
    return subscription;
  }

  private async unsubscribe(subscriber: Subscriber): Promise<void> {
    if (!this.subscribers.delete(subscriber)) return;
    if (this.subscribers.size === 0) return this.shutDown();
    const { channel } = subscriber;
    const client = this.client;
    if (client && ![...this.subscribers].some((s) => s.channel === channel)) {
      this.listens.delete(channel);
      await client.query(`UNLISTEN ${channel}`).catch(() => undefined);
    }
  }

  private async shutDown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onClosed();
    clearTimeout(this.timer);
    clearTimeout(this.recheck);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** A check on the current connection, if it is up (notificationsCaughtUp). */
  async caughtUp(): Promise<boolean> {
    return this.up && this.check ? this.check() : false;
  }

  private channels(): string[] {
    return [...new Set([...this.subscribers].map((s) => s.channel))];
  }

  /** LISTEN on `channel` on `client`, once; false if it failed (the connection's own error handling follows). */
  private listen(client: pg.Client, channel: string): Promise<boolean> {
    let listened = this.listens.get(channel);
    if (!listened) {
      listened = client.query(`LISTEN ${channel}`).then(
        () => true,
        () => false,
      );
      this.listens.set(channel, listened);
    }
    return listened;
  }

  /** Tells the subscriber that its channel is heard on `client`, once per connection. */
  private async tellUp(client: pg.Client, subscriber: Subscriber): Promise<void> {
    if (!(await this.listen(client, subscriber.channel))) return;
    if (this.client !== client || !this.up || subscriber.upOn === client || !this.subscribers.has(subscriber))
      return;
    const reconnected = subscriber.upOn !== undefined;
    subscriber.upOn = client;
    subscriber.listener.onUp?.(reconnected);
  }

  private async connect(isReconnect: boolean): Promise<void> {
    if (this.closed) return;
    const c = new pg.Client({
      connectionString: this.connectionString,
      keepAlive: true,
      application_name: LISTEN_APPLICATION_NAME,
    });
    let failed = false;
    // The checks under way on this connection (the repeated one and any caughtUp), by payload.
    const awaited = new Map<string, () => void>();
    const retry = (error?: Error) => {
      if (failed || this.closed) return;
      failed = true;
      clearTimeout(this.recheck);
      if (error)
        this.log.warn({ err: error, channels: this.channels() }, 'listener connection lost; reconnecting');
      c.removeAllListeners('notification');
      void c.end().catch(() => undefined);
      if (this.client === c) this.client = undefined;
      this.up = false;
      for (const subscriber of [...this.subscribers]) subscriber.listener.onDown?.();
      this.timer = setTimeout(() => void this.connect(true), this.delay);
      this.delay = Math.min(this.delay * 2, 30_000);
    };
    /**
     * Sends a check through the pool; true once it has arrived on this connection, within checkMs of being sent
     * (the time a busy pool takes to send it does not count; a pool that cannot, fails it).
     */
    const check = async (): Promise<boolean> => {
      const payload = randomUUID();
      let timeout: NodeJS.Timeout | undefined;
      const arrived = new Promise<boolean>((resolve) => {
        awaited.set(payload, () => resolve(true));
      });
      try {
        await this.pool.query('select pg_notify($1, $2)', [this.checkChannel, payload]);
        const late = new Promise<boolean>((resolve) => {
          timeout = setTimeout(() => resolve(false), this.timing.checkMs);
        });
        return await Promise.race([arrived, late]);
      } catch {
        return false;
      } finally {
        clearTimeout(timeout);
        awaited.delete(payload);
      }
    };
    const checkAgainLater = () => {
      this.recheck = setTimeout(() => {
        void check().then((heard) => {
          if (failed || this.closed) return;
          if (heard) return checkAgainLater();
          this.log.warn({ channels: this.channels() }, 'listener hears no notifications; reconnecting');
          retry();
        });
      }, this.timing.recheckMs);
      this.recheck.unref();
    };
    c.on('error', retry);
    c.on('end', () => retry());
    c.on('notification', (n) => {
      if (n.payload === undefined) return;
      if (n.channel === this.checkChannel) {
        awaited.get(n.payload)?.();
        return;
      }
      for (const subscriber of [...this.subscribers])
        if (subscriber.channel === n.channel) subscriber.listener.onNotification(n.payload);
    });
    try {
      await c.connect();
      if (this.closed) {
        await c.end().catch(() => undefined);
        return;
      }
      this.client = c;
      this.listens = new Map();
      await c.query(`LISTEN ${this.checkChannel}`);
      const listened = await Promise.all(this.channels().map((channel) => this.listen(c, channel)));
      if (listened.includes(false)) throw new Error('LISTEN failed');
    } catch (error) {
      retry(error as Error);
      if (!isReconnect) throw error;
      return;
    }
    const heard = await check();
    if (failed || this.closed) return;
    if (!heard) {
      this.log.warn(
        { channels: this.channels() },
        'notifications do not arrive on the listening connection (a connection pooler in transaction mode?); retrying',
      );
      retry();
      return;
    }
    this.delay = 500;
    this.check = check;
    this.up = true;
    await Promise.all([...this.subscribers].map((subscriber) => this.tellUp(c, subscriber)));
    checkAgainLater();
  }
}
