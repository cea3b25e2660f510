import type { PayId } from '../contract/payments.ts';

/**
 * Provider limits per payment (issue 23), checked before anything is made or the buyer is redirected. Konbini takes
 * at most ¥300,000 per payment at Stripe and KOMOJU alike; Paidy's and carrier billing's limits depend on the
 * merchant's contract (and the buyer), so the operator sets them with PAYMENT_METHOD_MAX (README).
 */
export const DEFAULT_METHOD_MAX_YEN: Readonly<Partial<Record<PayId, number>>> = { 2: 300_000 };

/** The method's maximum when `amount` is over it, else null. */
export function overMethodLimit(
  payId: PayId,
  amount: number,
  limits: ReadonlyMap<number, number> | Readonly<Partial<Record<number, number>>>,
): number | null {
  const max = limits instanceof Map ? limits.get(payId) : (limits as Partial<Record<number, number>>)[payId];
  return max !== undefined && amount > max ? max : null;
}
