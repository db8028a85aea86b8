import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { render } from '../../lib/i18n.ts';
import type { PushSender } from '../push/index.ts';
import { chatRepository as repo } from './chat.repository.ts';

/**
 * The delayed chat push, in one function (it may move to a generic job queue later): members whose push is
 * due (a message they have not read for `CHAT_PUSH_DELAY_SECONDS`) and who are not connected here get one
 * Web Push per conversation, at most one per `CHAT_PUSH_INTERVAL_SECONDS`. Claimed with FOR UPDATE SKIP
 * LOCKED, so several instances share the sweep; the push is sent after the claim has committed.
 */
export async function sweepChatPushes(
  db: Database,
  sender: PushSender,
  options: { intervalSeconds: number; isOnline: (personId: string) => boolean },
): Promise<number> {
  const claimed = await db.transaction((tx) => repo.claimDuePushes(tx, options.intervalSeconds, 100));
  let sent = 0;
  for (const c of claimed) {
    if (options.isOnline(c.personId)) continue;
    const context = await repo.pushContext(db, c.conversationId, c.personId);
    if (!context) continue;
    await sender.pushToPerson(db, c.personId, (lng) => {
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
    });
    sent++;
  }
  return sent;
}

/** Runs the sweep every few seconds until stopped. */
export function startChatPushSweep(
  db: Database,
  sender: PushSender,
  log: FastifyBaseLogger,
  options: { intervalSeconds: number; isOnline: (personId: string) => boolean; everyMs: number },
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepChatPushes(db, sender, options)
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
