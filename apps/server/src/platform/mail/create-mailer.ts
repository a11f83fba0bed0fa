import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { devMailbox } from './mail.tables';
import type { Mailer } from './mailer';

/**
 * SMTP when SMTP_URL is set; otherwise the log mailer, which prints each message (with its
 * link) to the log and keeps it for the dev mailbox.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Database;
  logger: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      mode: 'smtp',
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      },
      async close() {
        transport.close();
        return Promise.resolve();
      },
    };
  }
  return {
    mode: 'log',
    async send(message) {
      options.logger.info(
        { mail: { to: message.to, subject: message.subject, link: message.link } },
        `mail to ${message.to}: ${message.subject}${message.link ? ` — ${message.link}` : ''}`,
      );
      await options.db.insert(devMailbox).values({
        id: randomUUID(),
        to: message.to.toLowerCase(),
        subject: message.subject,
        text: message.text,
        link: message.link ?? null,
      });
    },
    close: () => Promise.resolve(),
  };
}
