import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Every mail is written to the outbox table (the sandbox's /sandbox/outbox reads it, and in production it is the
 * delivery log); with SMTP_URL set it is also delivered through nodemailer.
 */
export function createMailer(config: Config, db: Database): Mailer {
  const transport = config.mail.smtpUrl ? nodemailer.createTransport(config.mail.smtpUrl) : null;
  return {
    async send(mail) {
      await db.pool.query(
        "INSERT INTO outbox_messages (channel, recipient, subject, body) VALUES ('mail', $1, $2, $3)",
        [mail.to, mail.subject, mail.text],
      );
      if (transport)
        await transport.sendMail({ from: config.mail.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
