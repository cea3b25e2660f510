import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/**
 * This instance's way out to SMTP. A mail is sent by queueing it (mail/outbox.ts queueMail, on the transaction of
 * what it reports); only the deliver-mail job calls deliver(), so no request waits on SMTP and SMTP being down
 * loses nothing.
 */
export interface Mailer {
  /** False without SMTP_URL: nothing leaves, and the outbox is the sandbox's inbox (GET /sandbox/outbox). */
  readonly delivers: boolean;
  /** Hands one mail to the SMTP server; rejects when it is refused, unreachable or too slow. */
  deliver(mail: OutgoingMail): Promise<void>;
}

// Bounds on one delivery: a hung SMTP server fails the attempt (retried later) well within the claim's lease (jobs/deliver-mail.ts).
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer(config: Config): Mailer {
  const url = config.mail.smtpUrl;
  const transport = url ? nodemailer.createTransport({ url, ...TIMEOUTS }) : null;
  return {
    delivers: transport !== null,
    async deliver(mail) {
      if (!transport) throw new Error('no SMTP_URL: mails stay in the outbox');
      await transport.sendMail({
        from: config.mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
      });
    },
  };
}
