import { expect } from 'vitest';
import { deliverMailJob } from '../../src/jobs/deliver-mail.ts';
import { runJobUntilIdle } from '../../src/jobs/runner.ts';
import type { Recipient } from '../../src/mail/outbox.ts';
import { startServiceShop, type ServiceShop } from '../service-shop.ts';
import type { TestShop } from '../test-shop.ts';
import { SmtpCatcher, type CaughtMail } from './smtp-catcher.ts';

/**
 * Mail checks without a Fastify app (ADR 0038): a service shop whose SMTP_URL points at a real SMTP server started
 * for the file, for a rule that mails (a job's notice); mail-shop.ts is the same with the HTTP shop.
 */
export interface ServiceMailShop {
  shop: ServiceShop;
  smtp: SmtpCatcher;
  /** One run of the delivery job until it finds nothing due. */
  deliver(): Promise<number>;
  close(): Promise<void>;
}

export async function startServiceMailShop(env: Record<string, string> = {}): Promise<ServiceMailShop> {
  const smtp = await new SmtpCatcher().start();
  const shop = await startServiceShop({ SMTP_URL: smtp.url, ...env });
  return {
    shop,
    smtp,
    deliver: () => runJobUntilIdle(shop.ctx, deliverMailJob),
    close: async () => {
      await shop.close();
      await smtp.stop();
    },
  };
}

/** The member's outbox rows (newest last). */
export async function outboxOf(shop: Pick<TestShop, 'ctx'>, mail: string) {
  const { rows } = await shop.ctx.db.pool.query('SELECT * FROM outbox_messages WHERE recipient = $1 ORDER BY id', [
    mail,
  ]);
  return rows as {
    id: string;
    kind: string;
    status: string;
    attempts: number;
    next_attempt_at: Date;
    last_error: string | null;
    sent_at: Date | null;
    subject: string;
  }[];
}

export const recipient = (mail: string, lang: 'ja' | 'en'): Recipient => ({
  mail,
  lang,
  lastName: '試験',
  firstName: '太郎',
});

/**
 * The one mail to `to` with this subject, checked as a member's mail client would see it: multipart with an HTML
 * and a plain-text part, each holding every expected line.
 */
export function expectMail(mails: CaughtMail[], subject: string, lines: string[]): CaughtMail {
  const found = mails.filter((m) => m.subject === subject);
  expect(
    found.map((m) => m.subject),
    `one mail "${subject}" in ${mails.map((m) => m.subject)}`,
  ).toEqual([subject]);
  const mail = found[0]!;
  expect(mail.contentType).toMatch(/^multipart\/alternative/);
  expect(mail.html).toMatch(/^<!DOCTYPE html/i);
  for (const line of lines) {
    expect(mail.text).toContain(line);
    expect(mail.html).toContain(escapeHtml(line));
  }
  return mail;
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** Every href in the HTML part. */
export const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
