import { isTerminal } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { recordProviderRef } from '../../db/queries/payments.ts';
import type { ProviderPayment } from './gateways/gateway.ts';
import { gatewayNamed } from './gateways/routes.ts';
import { applyStatus } from './status.ts';

/** An open payment as the jobs claim it. */
export interface OpenPayment {
  id: number;
  public_id: string;
  /** The provider it was made at; the shop's main provider when absent. */
  gateway?: string;
  provider_ref: string | null;
}

/**
 * What the provider says about one of our payments: by the id we saved, else (a crash before the save) by our own
 * payment id as its merchant reference, saving the id it finds so later webhooks match. The shop asks over the
 * provider's authenticated API; this is not a callback being matched by merchant reference (A12).
 */
export async function askProvider(ctx: AppContext, p: OpenPayment): Promise<ProviderPayment | null> {
  // The provider the payment was made at (routing per method, ADR 0042).
  const gw = gatewayNamed(ctx.gateway, p.gateway ?? ctx.gateway.name);
  if (!gw) return null;
  if (p.provider_ref) return gw.retrieve(p.provider_ref);
  const found = await gw.findByMerchantRef(p.public_id);
  if (found && (await recordProviderRef(ctx.db.pool, p.id, found.providerRef, ctx.clock.now()))) {
    p.provider_ref = found.providerRef;
  }
  return found;
}

/**
 * Settles an open payment the provider has finished (paid, failed, cancelled) through applyStatus, the path a
 * webhook takes: the amount is checked and the state machine lets only the first completion credit, so a racing
 * job or a late webhook changes nothing. An open or unknown payment is left for the unpaid job's deadline.
 */
export async function reconcilePayment(ctx: AppContext, p: OpenPayment): Promise<boolean> {
  const remote = await askProvider(ctx, p);
  if (!remote || !isTerminal(remote.status) || remote.providerRef !== p.provider_ref) return false;
  const moved = await applyStatus(ctx, p.id, remote.status, 'reconcile', {
    amount: remote.amount,
    failureReason: remote.reason,
  });
  return moved.changed;
}
