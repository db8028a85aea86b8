import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { devMails } from '../db/schema/index.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP in production; on the embedded default mails go to the log and the development mailbox (/oidc/dev/mailbox). */
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
        });
      },
    };
  }
  return {
    async send(mail) {
      await db.insert(devMails).values(mail);
      log.info({ mail: { subject: mail.subject } }, 'mail written to the development mailbox');
    },
  };
}
