import { createHash, randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { enqueue, type JobHandler } from './jobs.service.ts';

/** The job that sends one mail (ADR 0021). */
export const MAIL_JOB = 'mail';

/**
 * A mail as a job in the caller's transaction; `purpose` names it in the key (`mail:<purpose>:<uuid>`).
 * Mails leave through the worker, so a mail server that is down delays them (retries with backoff)
 * instead of losing them.
 */
export async function enqueueMail(tx: DbOrTx, purpose: string, mail: Mail): Promise<void> {
  await enqueue(tx, { kind: MAIL_JOB, key: `mail:${purpose}:${randomUUID()}`, payload: mail });
}

/**
 * The Message-ID of the job's mail, derived from its key: a job sent twice (a crash after the send, before
 * the job was marked done) sends the same Message-ID, which mail servers and clients treat as one mail.
 */
export function mailMessageId(key: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'vereinsheim.invalid';
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 40)}@${domain}>`;
}

export function mailJobs(mailer: Mailer, from: string): Record<string, JobHandler> {
  return {
    [MAIL_JOB]: async (payload, job) => {
      const mail = payload as Mail;
      await mailer.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: mailMessageId(job.key, from),
      });
    },
  };
}
