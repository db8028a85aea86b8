import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { PushSender } from '../push/index.ts';
import { messagesRepository } from './messages.repository.ts';
import { messageText } from './messages.text.ts';

const kickers = new Set<() => void>();

/** Asks every running outbox to look for messages waiting to be pushed (called by sendMessages). */
export function requestPushDispatch(): void {
  for (const kick of kickers) kick();
}

/**
 * Pushes messages flagged by sendMessages after their transaction has committed. The messages table is
 * the outbox: it claims flagged rows (FOR UPDATE SKIP LOCKED, so several instances share the
 * work) and pushes each to its person's devices. A kick runs it soon and once more a second later (the
 * sending transaction may still be open at the first run); a slow interval catches anything left over.
 */
export class MessageOutbox {
  private timers = new Set<NodeJS.Timeout>();
  private interval: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private readonly kick = () => {
    for (const delay of [20, 1000]) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.runOnce();
      }, delay);
      this.timers.add(timer);
    }
  };

  private readonly db: Database;
  private readonly sender: PushSender;
  private readonly log: FastifyBaseLogger;
  private readonly intervalMs: number;

  constructor(db: Database, sender: PushSender, log: FastifyBaseLogger, intervalMs = 30_000) {
    this.db = db;
    this.sender = sender;
    this.log = log;
    this.intervalMs = intervalMs;
  }

  start(): void {
    kickers.add(this.kick);
    this.interval = setInterval(() => void this.runOnce(), this.intervalMs);
    this.interval.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    kickers.delete(this.kick);
    clearInterval(this.interval);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.running?.catch(() => undefined);
  }

  /** Pushes everything pending now; resolves with the number of messages handled. */
  runOnce(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        void this.runOnce();
      }
    });
    return this.running;
  }

  private async drain(): Promise<number> {
    let handled = 0;
    try {
      for (;;) {
        const batch = await messagesRepository.claimPendingPushes(this.db, 50);
        if (batch.length === 0) break;
        for (const message of batch) {
          // Each device gets the text in its own language.
          await this.sender.pushToPerson(this.db, message.personId, (lng) => {
            const { title, body } = messageText(lng, message);
            return {
              title,
              body: body.length > 180 ? `${body.slice(0, 177)}…` : body,
              url: message.link ?? '/messages',
              tag: `message-${message.id}`,
              messageId: message.id,
            };
          });
          handled++;
        }
      }
    } catch (error) {
      this.log.error({ err: error }, 'push dispatch failed');
    }
    return handled;
  }
}
