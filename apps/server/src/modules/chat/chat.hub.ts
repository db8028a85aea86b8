import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  ChatClientFrameSchema,
  type ChatClientFrame,
  type ChatMessage,
  type ChatServerFrame,
} from '@vereinsheim/contracts';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { listenTo, type ChannelSubscription } from '../../db/notifications.ts';
import { render, type Language } from '../../lib/i18n.ts';
import { HttpProblem } from '../../lib/problem.ts';
import type { Actor } from '../../policy/index.ts';
import { CHAT_CHANNEL, chatRepository as repo, type ChatEvent } from './chat.repository.ts';
import { readableConversation, toMessage, type ChatService } from './chat.service.ts';

// ------------------------------------------------------------------ the bus (LISTEN/NOTIFY)

/**
 * Where committed chat events arrive (db/notifications.ts): PostgreSQL LISTEN on the instance's listening connection
 * (reconnecting with back-off; after a reconnect every socket is told to resync, since notifications sent
 * meanwhile are lost), or PGlite's in-process listen. Writers NOTIFY inside their transaction
 * (chat.repository.ts), so an event is delivered exactly when its data is committed, to every instance.
 */
export function listenForChat(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  hub: Pick<ChatHub, 'onEvent' | 'onResync'>,
): Promise<ChannelSubscription> {
  return listenTo(database, CHAT_CHANNEL, log, {
    onNotification: (payload) => {
      if (payload) hub.onEvent(JSON.parse(payload) as ChatEvent);
    },
    onUp: (reconnected) => {
      if (reconnected) hub.onResync();
    },
  });
}

// ------------------------------------------------------------------ sockets

export interface ChatSocketOptions {
  heartbeatMs: number;
}

/** One connected client (docs/chat-protocol.md). */
class ChatSocket {
  /** The highest sequence sent per conversation: message frames at or below it are not sent again. */
  private readonly lastSent = new Map<string, number>();
  /** Conversations being resumed: live message frames wait here until the missed ones are sent. */
  private readonly resuming = new Map<string, ChatMessage[]>();
  private alive = true;
  private readonly timers: NodeJS.Timeout[] = [];
  readonly ws: WebSocket;
  readonly actor: Actor;
  private readonly hub: ChatHub;
  private readonly lng: Language;

  constructor(ws: WebSocket, actor: Actor, hub: ChatHub, lng: Language, options: ChatSocketOptions) {
    this.ws = ws;
    this.actor = actor;
    this.hub = hub;
    this.lng = lng;
    ws.on('pong', () => {
      this.alive = true;
    });
    ws.on('message', (data: Buffer) => void this.onFrame(data.toString('utf8')));
    ws.on('close', () => this.dispose());
    ws.on('error', () => this.dispose());
    const heartbeat = setInterval(() => {
      if (!this.alive) {
        ws.terminate();
        return;
      }
      this.alive = false;
      ws.ping();
    }, options.heartbeatMs);
    this.timers.push(heartbeat);
    // The access token is checked again when it expires: the client reconnects with a fresh one.
    const exp = typeof actor.claims.exp === 'number' ? actor.claims.exp * 1000 : undefined;
    if (exp !== undefined) {
      const expiry = setTimeout(
        () => ws.close(4001, 'token expired'),
        Math.max(0, Math.min(exp - Date.now(), 2 ** 31 - 1)),
      );
      this.timers.push(expiry);
    }
    this.send({ type: 'ready', personId: actor.personId });
  }

  send(frame: ChatServerFrame): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(frame));
  }

  /** A committed message of one of the person's conversations (`text`: its frame, serialized once per event). */
  deliverMessage(message: ChatMessage, text?: string): void {
    const buffer = this.resuming.get(message.conversationId);
    if (buffer) {
      buffer.push(message);
      return;
    }
    this.sendMessage(message, text);
  }

  sendText(text: string): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(text);
  }

  private sendMessage(message: ChatMessage, text?: string): void {
    const last = this.lastSent.get(message.conversationId) ?? 0;
    if (message.seq <= last) return;
    this.lastSent.set(message.conversationId, message.seq);
    if (text) this.sendText(text);
    else this.send({ type: 'message', message });
  }

  private dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.length = 0;
    this.hub.remove(this);
  }

  private async onFrame(text: string): Promise<void> {
    let frame: ChatClientFrame;
    try {
      frame = ChatClientFrameSchema.parse(JSON.parse(text));
    } catch {
      this.send({
        type: 'error',
        code: 'chat.frame.invalid',
        detail: render(this.lng, { key: 'problem.chat.frame.invalid' }),
      });
      return;
    }
    try {
      switch (frame.type) {
        case 'ping':
          this.send({ type: 'pong' });
          return;
        case 'resume':
          for (const c of frame.conversations) await this.resume(c.conversationId, c.afterSeq);
          return;
        case 'send': {
          const { type: _type, conversationId, ...input } = frame;
          const message = await this.hub.service.send(this.hub.db, this.actor, conversationId, input);
          this.send({ type: 'ack', clientId: input.clientId ?? null, message });
          return;
        }
        case 'read':
          await this.hub.service.markRead(this.hub.db, this.actor, frame.conversationId, frame.seq);
          return;
      }
    } catch (error) {
      const clientId = frame.type === 'send' ? (frame.clientId ?? null) : undefined;
      if (error instanceof HttpProblem && error.code) {
        this.send({
          type: 'error',
          code: error.code,
          detail: render(this.lng, { key: `problem.${error.code}`, params: error.params }),
          ...(clientId !== undefined ? { clientId } : {}),
        });
        return;
      }
      this.hub.log.error({ err: error }, 'chat frame failed');
      this.send({
        type: 'error',
        code: 'chat.failed',
        detail: render(this.lng, { key: 'problem.chat.failed' }),
        ...(clientId !== undefined ? { clientId } : {}),
      });
    }
  }

  /** Sends everything after `afterSeq`, then the live messages that arrived meanwhile: no loss, no duplicate. */
  private async resume(conversationId: string, afterSeq: number): Promise<void> {
    this.resuming.set(conversationId, []);
    try {
      await readableConversation(this.hub.db, this.actor, conversationId);
      this.lastSent.set(conversationId, afterSeq);
      let after = afterSeq;
      for (;;) {
        const page = await repo.history(this.hub.db, conversationId, { afterSeq: after, limit: 200 });
        for (const m of page.items) this.sendMessage(toMessage(m));
        if (page.items.length > 0) after = Number(page.items.at(-1)!.seq);
        if (!page.hasMore) break;
      }
    } finally {
      const buffered = this.resuming.get(conversationId) ?? [];
      this.resuming.delete(conversationId);
      for (const m of buffered.sort((a, b) => a.seq - b.seq)) this.sendMessage(m);
    }
    this.send({ type: 'resumed', conversationId, lastSeq: this.lastSent.get(conversationId) ?? afterSeq });
  }
}

/**
 * The sockets of this instance by person, fed by the bus: each event is read once from the database and
 * sent to the local sockets of the conversation's members. Events are handled one after another, in the
 * order they were committed.
 */
export class ChatHub {
  private readonly byPerson = new Map<string, Set<ChatSocket>>();
  private queue: Promise<void> = Promise.resolve();
  readonly db: Database;
  readonly service: ChatService;
  readonly log: FastifyBaseLogger;
  private readonly options: ChatSocketOptions;

  constructor(db: Database, service: ChatService, log: FastifyBaseLogger, options: ChatSocketOptions) {
    this.db = db;
    this.service = service;
    this.log = log;
    this.options = options;
  }

  get size(): number {
    let n = 0;
    for (const set of this.byPerson.values()) n += set.size;
    return n;
  }

  isOnline(personId: string): boolean {
    return (this.byPerson.get(personId)?.size ?? 0) > 0;
  }

  attach(ws: WebSocket, actor: Actor, lng: Language): void {
    const socket = new ChatSocket(ws, actor, this, lng, this.options);
    const set = this.byPerson.get(actor.personId) ?? new Set();
    set.add(socket);
    this.byPerson.set(actor.personId, set);
  }

  remove(socket: ChatSocket): void {
    const set = this.byPerson.get(socket.actor.personId);
    set?.delete(socket);
    if (set?.size === 0) this.byPerson.delete(socket.actor.personId);
  }

  onEvent = (event: ChatEvent): void => {
    this.queue = this.queue
      .then(() => this.deliver(event))
      .catch((err: unknown) => this.log.error({ err }, 'chat fan-out failed'));
  };

  /** After the listener reconnected: clients ask for what they missed (resume). */
  onResync = (): void => {
    for (const set of this.byPerson.values()) for (const s of set) s.send({ type: 'resync' });
  };

  private async deliver(event: ChatEvent): Promise<void> {
    if (this.byPerson.size === 0) return;
    if (event.k === 'r') {
      for (const s of this.byPerson.get(event.p) ?? [])
        s.send({ type: 'read', conversationId: event.c, seq: event.s, unreadCount: event.n });
      return;
    }
    const members = (await repo.memberIds(this.db, event.c)).filter((p) => this.byPerson.has(p));
    if (members.length === 0) return;
    const row = await repo.findMessage(this.db, event.id);
    if (!row) return;
    const message = toMessage(row);
    const text = JSON.stringify(event.k === 'm' ? { type: 'message', message } : { type: 'update', message });
    for (const personId of members)
      for (const s of this.byPerson.get(personId) ?? []) {
        if (event.k === 'm') s.deliverMessage(message, text);
        else s.sendText(text);
      }
  }

  closeAll(): void {
    for (const set of this.byPerson.values()) for (const s of set) s.ws.close(1001, 'server shutting down');
  }
}
