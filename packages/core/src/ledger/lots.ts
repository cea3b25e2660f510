/** Points live in lots. These rules decide which lots a spend takes from; the server applies the plan. */
export interface SpendableLot {
  id: number;
  kind: 'paid' | 'free';
  remaining: number;
  expiresAt: Date;
}

export interface LotTake {
  lotId: number;
  amount: number;
}

export const POINT_VALIDITY_MONTHS = 6;

/** Spending order: free-granted points first, then the soonest to expire, then the oldest lot. */
export function compareLotsForSpending(a: SpendableLot, b: SpendableLot): number {
  if (a.kind !== b.kind) return a.kind === 'free' ? -1 : 1;
  const t = a.expiresAt.getTime() - b.expiresAt.getTime();
  return t !== 0 ? t : a.id - b.id;
}

/**
 * Plans taking `amount` points from `lots` (only unexpired lots with remaining > 0 at `now` count).
 * Returns null when the lots do not hold enough; never takes more from a lot than it has.
 */
export function planLotSpend(lots: readonly SpendableLot[], amount: number, now: Date): LotTake[] | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('amount must be a positive integer');
  const usable = lots
    .filter((l) => l.remaining > 0 && l.expiresAt.getTime() > now.getTime())
    .sort(compareLotsForSpending);
  const takes: LotTake[] = [];
  let left = amount;
  for (const lot of usable) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    takes.push({ lotId: lot.id, amount: take });
    left -= take;
  }
  return left === 0 ? takes : null;
}
