import type { AppContext } from '../context.ts';
import { claimDueMails, markMailAttemptFailed, markMailSent } from '../db/queries/outbox.ts';
import { STAFF_NOTICES_MAIL_KIND } from '../mail/staff-notices.ts';
import type { Job } from './runner.ts';

const BATCH = 10;
const RETRY_CAP_MS = 60 * 60_000;
// Longer than one delivery can take (services/mailer.ts bounds it at 40 s), so a mail being sent is never claimed
// again by another runner meanwhile.
const CLAIM_LEASE_MS = 2 * 60_000;

/**
 * Sends queued outbox mails through SMTP (issue 12 C). A batch is claimed and committed before anything is sent
 * (claimDueMails: SKIP LOCKED, attempts + 1, a lease), so no transaction stays open while SMTP answers and any
 * number of instances share the queue without sending a mail twice. A refused mail is due again after
 * MAIL_RETRY_BASE_MS · 2^(attempts - 1), at most an hour; after MAIL_MAX_ATTEMPTS tries it is 'failed' with its
 * last error, for an operator to see, and staff are told (a 'mail.failed' event, ADR 0046). Without SMTP_URL nothing is claimed: the outbox is the sandbox's inbox.
 */
export const deliverMailJob: Job = {
  name: 'deliver-mail',
  everyMs: 3_000,
  async run(ctx: AppContext) {
    if (!ctx.mailer.delivers) return 0;
    const retry = {
      maxAttempts: ctx.config.mail.maxAttempts,
      baseMs: ctx.config.mail.retryBaseMs,
      capMs: RETRY_CAP_MS,
      quietKind: STAFF_NOTICES_MAIL_KIND,
    };
    const claimed = await claimDueMails(ctx.db.pool, ctx.clock.now(), BATCH, CLAIM_LEASE_MS);
    // Together, so one slow mail costs the batch one timeout rather than one per mail.
    await Promise.all(
      claimed.map(async (m) => {
        const id = Number(m.id);
        try {
          await ctx.mailer.deliver({ to: m.recipient, subject: m.subject, text: m.body, html: m.html });
        } catch (err) {
          const message = String((err as Error)?.message ?? err);
          await markMailAttemptFailed(ctx.db.pool, id, message, ctx.clock.now(), retry);
          return;
        }
        await markMailSent(ctx.db.pool, id, ctx.clock.now());
      }),
    );
    return claimed.length;
  },
};
