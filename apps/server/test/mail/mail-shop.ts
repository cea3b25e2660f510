import { deliverMailJob } from '../../src/jobs/deliver-mail.ts';
import { runJobUntilIdle } from '../../src/jobs/runner.ts';
import { seedCourses } from '../payments/helpers.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { SmtpCatcher } from './smtp-catcher.ts';

// The mail checks are shared with the service tier's mail shop (no Fastify app there).
export { escapeHtml, expectMail, hrefs, outboxOf, recipient } from './service-mail-shop.ts';

export interface MailShop {
  shop: TestShop;
  smtp: SmtpCatcher;
  course: Record<number, number>;
  /** One run of the delivery job until it finds nothing due. */
  deliver(): Promise<number>;
  close(): Promise<void>;
}

/** A test shop whose SMTP_URL points at a real SMTP server started for the file. */
export async function startMailShop(env: Record<string, string> = {}): Promise<MailShop> {
  const smtp = await new SmtpCatcher().start();
  const shop = await startTestShop({ SMTP_URL: smtp.url, ...env });
  const course = await seedCourses(shop);
  return {
    shop,
    smtp,
    course,
    deliver: () => runJobUntilIdle(shop.ctx, deliverMailJob),
    close: async () => {
      await shop.close();
      await smtp.stop();
    },
  };
}
