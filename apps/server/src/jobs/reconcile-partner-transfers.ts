import type { AppContext } from '../context.ts';
import { claimDueTransfers } from '../db/queries/partner.ts';
import { withTransaction } from '../db/transaction.ts';
import { completeTransfer, gatewayOfSite } from '../services/programmes/partner/transfer.ts';
import type { Job } from './runner.ts';

const BATCH = 20;

/**
 * Partner transfers left pending (the partner was unreachable or its answer was lost): each due one is claimed by
 * one instance (SKIP LOCKED, next attempt moved out with back-off) and its debit repeated with the same
 * idempotency key, so the partner debits at most once and the points here are granted at most once (ADR 0023).
 */
export async function reconcilePartnerTransfers(ctx: AppContext): Promise<number> {
  const due = await withTransaction(ctx.db, (tx) => claimDueTransfers(tx, ctx.clock.now(), BATCH));
  for (const t of due) {
    const gateway = await gatewayOfSite(ctx, t.site_id);
    if (gateway) await completeTransfer(ctx, gateway, t).catch(() => undefined);
  }
  return due.length;
}

export const reconcilePartnerTransfersJob: Job = {
  name: 'reconcile-partner-transfers',
  everyMs: 30_000,
  run: reconcilePartnerTransfers,
};
