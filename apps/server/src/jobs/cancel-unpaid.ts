import { isDeferredPayment, type PayId } from '@oripa/core';
import { gatewayNamed } from '../services/payments/gateways/routes.ts';
import type { AppContext } from '../context.ts';
import { claimOverduePayments, type OverduePaymentRow } from '../db/queries/payments.ts';
import { withTransaction } from '../db/transaction.ts';
import type { PaymentGateway } from '../services/payments/gateways/gateway.ts';
import { askProvider } from '../services/payments/reconcile.ts';
import { applyStatus } from '../services/payments/status.ts';
import type { Job } from './runner.ts';

const BATCH = 50;

/**
 * Closes open payments past their deadline: convenience-store and bank-transfer orders unpaid after 3 days
 * become 'cancelled' (spec section 4 "Unpaid orders"); abandoned redirect flows (3-D Secure, carrier, wallets)
 * become 'expired'. The provider is told first; if it says the money already arrived, the payment is settled
 * as succeeded instead, so a late payment is never lost.
 */
export const cancelUnpaidJob: Job = {
  name: 'cancel-unpaid',
  everyMs: 60_000,
  async run(ctx: AppContext) {
    const now = ctx.clock.now();
    // Claiming is a short transaction of its own: the provider call must not hold row locks.
    const claimed = await withTransaction(ctx.db, (tx) => claimOverduePayments(tx, now, BATCH));
    let handled = 0;
    let firstError: unknown = null;
    for (const p of claimed) {
      // One payment the provider cannot answer for (or that reports another amount) must not hold up the rest:
      // it stays open and is retried; the error surfaces once a batch has nothing else to do.
      try {
        // The provider the payment was made at (routing per method, ADR 0042).
        const gw = gatewayNamed(ctx.gateway, p.gateway);
        if (!gw) throw new Error(`payment ${p.public_id}: no gateway named ${p.gateway} is configured`);
        if (await closeOne(ctx, gw, p)) handled++;
      } catch (err) {
        firstError ??= err;
      }
    }
    if (handled === 0 && firstError) throw firstError;
    return handled;
  },
};

async function closeOne(ctx: AppContext, gw: PaymentGateway, p: OverduePaymentRow): Promise<boolean> {
  const to = isDeferredPayment(p.pay_id as PayId) ? 'cancelled' : 'expired';
  // A payment left without the provider's id (a crash mid-start) may still have been charged: found first.
  const ref = p.provider_ref ?? (await askProvider(ctx, p))?.providerRef;
  if (ref && !(await gw.cancel(ref))) {
    const remote = await gw.retrieve(ref);
    if (remote.status === 'succeeded' || remote.status === 'failed') {
      await applyStatus(ctx, p.id, remote.status, 'job', { amount: remote.amount });
      return true;
    }
  }
  return (await applyStatus(ctx, p.id, to, 'job', { failureReason: 'deadline' })).changed;
}
