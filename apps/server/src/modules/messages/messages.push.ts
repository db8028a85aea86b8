import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import type { JobHandler } from '../jobs/index.ts';
import type { PushSender } from '../push/index.ts';
import { messageText } from './messages.text.ts';

/** The job that pushes one message to its person's devices (ADR 0021); enqueued by sendMessages. */
export const MESSAGE_PUSH_JOB = 'push.message';

/** One job per message (a message belongs to one person): its key names the message. */
export const messagePushKey = (messageId: string) => `push:message:${messageId}`;

/**
 * Pushes the message in each device's language. A message deleted meanwhile (by its reader, or with the
 * person) is not pushed. Devices that asked to try later make the job fail, so the queue runs it again
 * with backoff; the devices it has reached are skipped then (push_deliveries).
 */
export function messagePushJobs(db: Database, sender: PushSender): Record<string, JobHandler> {
  return {
    [MESSAGE_PUSH_JOB]: async (payload, job) => {
      const { messageId } = payload as { messageId: string };
      const [message] = await db.select().from(messages).where(eq(messages.id, messageId));
      if (!message) return;
      const result = await sender.pushToPerson(
        db,
        message.personId,
        (lng) => {
          const { title, body } = messageText(lng, message);
          return {
            title,
            body: body.length > 180 ? `${body.slice(0, 177)}…` : body,
            url: message.link ?? '/messages',
            tag: `message-${message.id}`,
            messageId: message.id,
          };
        },
        { key: job.key },
      );
      if (result.retry > 0) throw new Error(`push to ${result.retry} device(s) to be tried again`);
    },
  };
}
