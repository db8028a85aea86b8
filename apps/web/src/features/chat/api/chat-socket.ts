import type { ChatMessage, ChatServerFrame } from '@vereinsheim/contracts/chat';
import { ChatTicketSchema } from '@vereinsheim/contracts/chat';
import { apiRequest, apiUrl, usesBearerToken } from '../../../shared/api/client.ts';

type Listener = (frame: ChatServerFrame) => void;

/**
 * The chat's WebSocket (docs/chat-protocol.md): reconnects with back-off, resumes every conversation it has
 * seen from its highest sequence, and drops messages it already has. One per page load, shared by the views.
 */
class ChatConnection {
  private ws: WebSocket | undefined;
  private readonly listeners = new Set<Listener>();
  private readonly lastSeq = new Map<string, number>();
  private retry = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ping: ReturnType<typeof setInterval> | undefined;
  private users = 0;
  /** Counts opens: a ticket that arrives after the connection was closed or reopened is dropped. */
  private generation = 0;
  connected = false;

  /** Starts (first user) and returns the stop function. */
  use(listener: Listener): () => void {
    this.listeners.add(listener);
    if (this.users++ === 0) this.open();
    return () => {
      this.listeners.delete(listener);
      if (--this.users === 0) this.close();
    };
  }

  /** A conversation the view has loaded up to `seq`: resumed from there on every reconnect. */
  track(conversationId: string, seq: number): void {
    const known = this.lastSeq.get(conversationId);
    if (known === undefined || seq > known) this.lastSeq.set(conversationId, seq);
    if (known === undefined && this.connected) this.resume([conversationId]);
  }

  private resume(ids: string[]): void {
    const conversations = ids.map((conversationId) => ({
      conversationId,
      afterSeq: this.lastSeq.get(conversationId) ?? 0,
    }));
    if (conversations.length > 0) this.send({ type: 'resume', conversations });
  }

  private send(frame: object): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  /**
   * The socket's URL: the web app's session cookie goes with the upgrade; the native apps (a bearer token,
   * no cookie, and a browser WebSocket cannot send a header) first fetch a single-use ticket.
   */
  private async url(): Promise<string> {
    if (await usesBearerToken()) {
      const ticket = await apiRequest('me/chat/ticket', ChatTicketSchema, { method: 'POST' });
      return ticket.websocketUrl;
    }
    const url = new URL(apiUrl('chat/ws'));
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.toString();
  }

  private open(): void {
    const generation = ++this.generation;
    this.url().then(
      (url) => {
        if (generation === this.generation && this.users > 0) this.connect(url);
      },
      () => {
        if (generation === this.generation && this.users > 0) this.reconnectLater();
      },
    );
  }

  private reconnectLater(): void {
    const delay = Math.min(30_000, 500 * 2 ** this.retry++);
    this.timer = setTimeout(() => this.open(), delay);
  }

  private connect(url: string): void {
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.connected = true;
      this.resume([...this.lastSeq.keys()]);
      this.ping = setInterval(() => this.send({ type: 'ping' }), 25_000);
    };
    ws.onmessage = (event: MessageEvent<string>) => {
      const frame = JSON.parse(event.data) as ChatServerFrame;
      if (frame.type === 'message' && !this.accept(frame.message)) return;
      if (frame.type === 'resync') this.resume([...this.lastSeq.keys()]);
      for (const listener of this.listeners) listener(frame);
    };
    ws.onclose = () => {
      this.connected = false;
      clearInterval(this.ping);
      if (this.ws !== ws || this.users === 0) return;
      this.reconnectLater();
    };
  }

  /** A message of a tracked conversation is new when its sequence is the next; a gap asks for a resume. */
  private accept(message: ChatMessage): boolean {
    const known = this.lastSeq.get(message.conversationId);
    if (known === undefined) return true;
    if (message.seq <= known) return false;
    if (message.seq > known + 1) {
      this.resume([message.conversationId]);
      return false;
    }
    this.lastSeq.set(message.conversationId, message.seq);
    return true;
  }

  private close(): void {
    this.generation++;
    clearTimeout(this.timer);
    clearInterval(this.ping);
    const ws = this.ws;
    this.ws = undefined;
    this.connected = false;
    ws?.close();
  }
}

export const chatConnection = new ChatConnection();
