import type { AppContext } from '../context.ts';
import { claimDueLots } from '../db/queries/ledger.ts';
import { withTransaction } from '../db/transaction.ts';
import { expireLot } from '../services/ledger.ts';
import type { Job } from './runner.ts';

const BATCH = 200;

/**
 * Expires point lots 6 months after grant (spec section 9). Each batch claims due lots with FOR UPDATE SKIP
 * LOCKED, so several instances share the work; expireLot only acts on a lot not yet expired, so each lot
 * is expired exactly once. Runs hourly so "nightly" holds even after a missed run.
 */
export const expirePointsJob: Job = {
  name: 'expire-points',
  everyMs: 60 * 60_000,
  async run(ctx: AppContext) {
    const now = ctx.clock.now();
    return withTransaction(ctx.db, async (tx) => {
      const lots = await claimDueLots(tx, now, BATCH);
      for (const lot of lots) await expireLot(tx, lot, now);
      return lots.length;
    });
  },
};
