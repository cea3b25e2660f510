import type { AppContext } from '../context.ts';
import { purgeRejectedCallbacks } from '../db/queries/payment-callbacks.ts';
import type { Job } from './runner.ts';

const BATCH = 1000;
/** How long a rejected callback's summary is kept: long enough to look into an incident, short enough to stay small. */
export const REJECTED_CALLBACK_DAYS = 14;

/**
 * Deletes rejected payment callbacks (bad signature, malformed, unknown payment, duplicate, amount mismatch)
 * older than REJECTED_CALLBACK_DAYS. Accepted callbacks ('processed', 'ignored') are the record of what moved a
 * payment and stay. One batch per run, SKIP LOCKED; the runner repeats it while it finds rows.
 */
export const purgeRejectedCallbacksJob: Job = {
  name: 'purge-rejected-callbacks',
  everyMs: 60 * 60_000,
  run(ctx: AppContext) {
    const before = new Date(ctx.clock.now().getTime() - REJECTED_CALLBACK_DAYS * 24 * 3600_000);
    return purgeRejectedCallbacks(ctx.db.pool, before, BATCH);
  },
};
