import type { FastifyBaseLogger } from 'fastify';
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

/**
 * LISTEN on `channel`: on PostgreSQL one dedicated connection, reconnecting with back-off (500 ms doubling to
 * 30 s) when it is lost; on PGlite its in-process listen (never down). Resolves once listening; the first
 * connection's failure rejects (the server does not start without its database).
 */
export async function listenTo(
  database: DatabaseHandle,
  channel: string,
  log: FastifyBaseLogger,
  listener: ChannelListener,
): Promise<ChannelSubscription> {
  if (database.pglite) {
    const unlisten = await database.pglite.listen(channel, (payload) => listener.onNotification(payload));
    listener.onUp?.(false);
    return { close: () => unlisten().catch(() => undefined) };
  }
  const connectionString = (database.pool as unknown as { options: { connectionString: string } }).options
    .connectionString;
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = 500;
  const connect = async (isReconnect: boolean): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString, keepAlive: true, application_name: `listen ${channel}` });
    let failed = false;
    const retry = (error?: Error) => {
      if (failed || closed) return;
      failed = true;
      if (error) log.warn({ err: error, channel }, 'listener connection lost; reconnecting');
      c.removeAllListeners('notification');
      void c.end().catch(() => undefined);
      listener.onDown?.();
      timer = setTimeout(() => void connect(true), delay);
      delay = Math.min(delay * 2, 30_000);
    };
    c.on('error', retry);
    c.on('end', () => retry());
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) listener.onNotification(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      client = c;
      delay = 500;
      listener.onUp?.(isReconnect);
    } catch (error) {
      retry(error as Error);
      if (!isReconnect) throw error;
    }
  };
  await connect(false);
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
