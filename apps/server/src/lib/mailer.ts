import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { devMails } from '../db/schema/index.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Set by the mail job (ADR 0021): the same for every attempt of one job. */
  messageId?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set. Without it: in development mode mails go to the development mailbox
 * (/oidc/dev/mailbox, which only exists in development mode); in production mode to the log only, for
 * the operator who tries the portal without a mail server (e.g. DEMO_DATA=true on PostgreSQL).
 */
export function createMailer(config: Config, db: Database, log: FastifyBaseLogger): Mailer {
  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from: config.mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.messageId ? { messageId: mail.messageId } : {}),
        });
      },
    };
  }
  if (config.mode === 'development') {
    return {
      async send(mail) {
        await db.insert(devMails).values({ to: mail.to, subject: mail.subject, text: mail.text });
        log.info({ mail: { subject: mail.subject } }, 'mail written to the development mailbox');
      },
    };
  }
  return {
    send(mail) {
      log.warn({ mail }, 'no SMTP_URL: mail written to the log only');
      return Promise.resolve();
    },
  };
}
