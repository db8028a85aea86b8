import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { render } from '../../lib/i18n.ts';
import { enqueueMany, type JobHandler } from '../jobs/index.ts';
import type { PushSender } from '../push/index.ts';
import { chatRepository as repo } from './chat.repository.ts';

/** The job that sends one delayed chat push (ADR 0021). */
export const CHAT_PUSH_JOB = 'push.chat';

interface ChatPushPayload {
  conversationId: string;
  personId: string;
  unreadCount: number;
}

/**
 * The delayed chat push is scheduled here: members whose push is due (a message they have not read for
 * `CHAT_PUSH_DELAY_SECONDS`) and who are not connected here get one Web Push per conversation, at most one
 * per `CHAT_PUSH_INTERVAL_SECONDS`. Claimed with FOR UPDATE SKIP LOCKED, so several instances share the
 * sweep; the push itself is a job written in the claim's transaction (key: conversation, person and the
 * claim's time), so a crash after the claim loses nothing and a repeated job pushes once.
 */
export async function sweepChatPushes(
  db: Database,
  options: { intervalSeconds: number; isOnline: (personId: string) => boolean },
): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await repo.claimDuePushes(tx, options.intervalSeconds, 100);
    const at = Date.now();
    const due = claimed.filter((c) => !options.isOnline(c.personId));
    return enqueueMany(
      tx,
      due.map((c) => ({
        kind: CHAT_PUSH_JOB,
        key: `push:chat:${c.conversationId}:${c.personId}:${at}`,
        payload: c satisfies ChatPushPayload,
      })),
    );
  });
}

/** Sends a delayed chat push: the newest unread message of another member, or how many are unread. */
export function chatPushJobs(db: Database, sender: PushSender): Record<string, JobHandler> {
  return {
    [CHAT_PUSH_JOB]: async (payload, job) => {
      const c = payload as ChatPushPayload;
      const context = await repo.pushContext(db, c.conversationId, c.personId);
      if (!context) return;
      const result = await sender.pushToPerson(
        db,
        c.personId,
        (lng) => {
          const name = context.sender_name ?? '';
          const title =
            context.kind === 'team' && context.team_name
              ? render(lng, { key: 'chat.push.titleIn', params: { name, conversation: context.team_name } })
              : render(lng, { key: 'chat.push.title', params: { name } });
          const body =
            c.unreadCount > 1
              ? render(lng, { key: 'chat.push.more', params: { count: c.unreadCount } })
              : context.body.length > 180
                ? `${context.body.slice(0, 177)}…`
                : context.body;
          return { title, body, url: `/inbox?c=${c.conversationId}`, tag: `chat-${c.conversationId}` };
        },
        { key: job.key },
      );
      if (result.retry > 0) throw new Error(`push to ${result.retry} device(s) to be tried again`);
    },
  };
}

/** Runs the sweep every few seconds until stopped. */
export function startChatPushSweep(
  db: Database,
  log: FastifyBaseLogger,
  options: { intervalSeconds: number; isOnline: (personId: string) => boolean; everyMs: number },
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepChatPushes(db, options)
      .catch((err: unknown) => log.error({ err }, 'chat push sweep failed'))
      .finally(() => {
        running = undefined;
      });
  }, options.everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
