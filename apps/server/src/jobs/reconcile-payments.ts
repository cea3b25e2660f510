import type { AppContext } from '../context.ts';
import { claimStalePayments } from '../db/queries/payments.ts';
import { withTransaction } from '../db/transaction.ts';
import { reconcilePayment } from '../services/payments/reconcile.ts';
import type { Job } from './runner.ts';

const BATCH = 50;
/** Longer than a start of payment can take (SDK timeouts and retries), and than Stripe's search lags behind. */
export const RECONCILE_GRACE_MS = 5 * 60_000;
/** How often one open payment (a konbini slip waits up to 3 days) is asked about again. */
export const RECONCILE_RECHECK_MS = 15 * 60_000;

/**
 * Finishes payments a webhook did not: ones left 'created' by a crash between the provider's charge and the shop
 * saving the outcome (or its id), and 'pending' / 'requires_action' ones whose callback was lost. Each is asked
 * about at the provider (services/payments/reconcile.ts) and a finished one settled as a webhook would, crediting
 * once. Claimed rows are stamped as asked, so runners on other instances take other rows.
 */
export const reconcilePaymentsJob: Job = {
  name: 'reconcile-payments',
  everyMs: 60_000,
  async run(ctx: AppContext) {
    const now = ctx.clock.now();
    const cutoffs = {
      madeBefore: new Date(now.getTime() - RECONCILE_GRACE_MS),
      askedBefore: new Date(now.getTime() - RECONCILE_RECHECK_MS),
      now,
    };
    // Claiming is a short transaction of its own: the provider calls must not hold row locks.
    const claimed = await withTransaction(ctx.db, (tx) => claimStalePayments(tx, cutoffs, BATCH));
    let failures = 0;
    let firstError: unknown = null;
    for (const p of claimed) {
      // A payment the provider cannot answer for (or that reports another amount) is asked about again later.
      try {
        await reconcilePayment(ctx, p);
      } catch (err) {
        failures++;
        firstError ??= err;
      }
    }
    if (failures > 0 && failures === claimed.length) throw firstError;
    return claimed.length;
  },
};
