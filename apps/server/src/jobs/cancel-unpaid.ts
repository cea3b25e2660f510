import type { AppContext } from '../context.ts';
import { isDeferred } from '../services/payments/methods.ts';
import { applyStatus } from '../services/payments/payments.ts';
import { gatewayFor, type PaymentGateway } from '../services/payments/gateway.ts';
import type { PayId } from '@oripa/core';
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
    const client = await ctx.db.pool.connect();
    let claimed: { id: number; pay_id: number; provider_ref: string | null }[];
    try {
      await client.query('BEGIN');
      const { rows } = await client.query(
        `SELECT id, pay_id, provider_ref FROM payments
         WHERE status IN ('pending', 'requires_action', 'created') AND expires_at <= $1
         ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [now, BATCH],
      );
      claimed = rows.map((r) => ({ id: Number(r.id), pay_id: Number(r.pay_id), provider_ref: r.provider_ref }));
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
    const gw = gatewayFor(ctx);
    let handled = 0;
    let firstError: unknown = null;
    for (const p of claimed) {
      // One payment the provider cannot answer for (or that reports another amount) must not hold up the rest:
      // it stays open and is retried; the error surfaces once a batch has nothing else to do.
      try {
        if (await closeOne(ctx, gw, p)) handled++;
      } catch (err) {
        firstError ??= err;
      }
    }
    if (handled === 0 && firstError) throw firstError;
    return handled;
  },
};

async function closeOne(
  ctx: AppContext,
  gw: PaymentGateway,
  p: { id: number; pay_id: number; provider_ref: string | null },
): Promise<boolean> {
  const to = isDeferred(p.pay_id as PayId) ? 'cancelled' : 'expired';
  if (p.provider_ref && !(await gw.cancel(p.provider_ref))) {
    const remote = await gw.retrieve(p.provider_ref);
    if (remote.status === 'succeeded' || remote.status === 'failed') {
      await applyStatus(ctx, p.id, remote.status, 'job', { amount: remote.amount });
      return true;
    }
  }
  return (await applyStatus(ctx, p.id, to, 'job', { failureReason: 'deadline' })).changed;
}
