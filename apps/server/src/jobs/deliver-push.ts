import type { AppContext } from '../context.ts';
import { claimDueMails, markMailAttemptFailed, markMailSent, type OutboxRow } from '../db/queries/outbox.ts';
import {
  countMemberPushSubscriptions,
  deletePushSubscription,
  findPushSubscription,
  lockPushFallback,
  noticePacks,
  noticeRecipients,
} from '../db/queries/sale-start-notices.ts';
import { withTransaction } from '../db/transaction.ts';
import { recipientOf } from '../mail/outbox.ts';
import { sendSaleStarted } from '../mail/sale-started.ts';
import type { SaleStartPayload } from '../services/notices/sale-start-payload.ts';
import type { Job } from './runner.ts';

// Push services answer in tens of milliseconds; a batch is sent together, so 50,000 pushes take a few minutes.
const BATCH = 100;
const RETRY_CAP_MS = 5 * 60_000;
// Longer than one push can take (pusher.ts: 10 s), so another runner never claims a push being sent.
const CLAIM_LEASE_MS = 60_000;
// A sale-start notice is stale after a few tries; then the member gets the mail instead.
const MAX_ATTEMPTS = 4;

/**
 * Sends queued outbox pushes (ADR 0051) like deliver-mail sends mails (ADR 0012): claimed with SKIP LOCKED and a
 * lease, then sent outside any transaction. A 404/410 answer means the browser dropped the subscription: it is
 * deleted, and the push fails for good. A push that fails for good falls back to a mail when the member has no
 * other device left to reach.
 */
export const deliverPushJob: Job = {
  name: 'deliver-push',
  everyMs: 2_000,
  async run(ctx: AppContext) {
    if (!ctx.pusher.enabled) return 0;
    const claimed = await claimDueMails(ctx.db.pool, ctx.clock.now(), BATCH, CLAIM_LEASE_MS, 'push');
    await Promise.all(claimed.map((m) => deliverOne(ctx, m)));
    return claimed.length;
  },
};

async function deliverOne(ctx: AppContext, m: OutboxRow) {
  const id = Number(m.id);
  const sub = await findPushSubscription(ctx.db.pool, Number(m.recipient));
  const outcome = sub
    ? await ctx.pusher.send(sub, m.body)
    : { ok: false as const, gone: true, error: 'subscription removed' };
  if (outcome.ok) {
    await markMailSent(ctx.db.pool, id, ctx.clock.now());
    return;
  }
  const forGood = outcome.gone || m.attempts >= MAX_ATTEMPTS;
  const payload = JSON.parse(m.body) as SaleStartPayload;
  await withTransaction(ctx.db, async (tx) => {
    if (forGood) await lockPushFallback(tx, payload.memberId);
    if (sub && outcome.gone) await deletePushSubscription(tx, Number(sub.id));
    const retry = {
      maxAttempts: forGood ? 0 : MAX_ATTEMPTS,
      baseMs: ctx.config.mail.retryBaseMs,
      capMs: RETRY_CAP_MS,
      quietKind: '',
    };
    await markMailAttemptFailed(tx, id, outcome.error, ctx.clock.now(), retry);
    if (forGood) await mailInstead(ctx, tx, payload);
  });
}

/** The mail fallback, when no device of the member is left (another device's push still reaches the member). */
async function mailInstead(ctx: AppContext, tx: Parameters<typeof noticeRecipients>[0], p: SaleStartPayload) {
  if ((await countMemberPushSubscriptions(tx, p.memberId)) > 0) return;
  const [member] = await noticeRecipients(tx, [p.memberId]);
  const [pack] = await noticePacks(tx, [p.packId]);
  if (!member || !pack) return;
  const started = { id: p.packId, nameJa: pack.name_ja, nameEn: pack.name_en };
  await sendSaleStarted(ctx, tx, recipientOf(member), started, p.memberId);
}
