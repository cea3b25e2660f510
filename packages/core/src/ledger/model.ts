import { addMonthsTokyo } from '../time.ts';
import { planLotSpend, POINT_VALIDITY_MONTHS, type SpendableLot } from './lots.ts';

/**
 * A pure model of a member's point ledger: the rules of DESIGN.md section 4 with no database. The server's
 * model-based test runs the same operations against PostgreSQL and compares after every step.
 */
export interface ModelLot extends SpendableLot {
  expired: boolean;
}

export class PointLedgerModel {
  lots: ModelLot[] = [];
  entries: number[] = [];

  get balance(): number {
    return this.lots.reduce((s, l) => s + (l.expired ? 0 : l.remaining), 0);
  }

  grant(id: number, kind: 'paid' | 'free', amount: number, now: Date): void {
    this.lots.push({
      id,
      kind,
      remaining: amount,
      expiresAt: addMonthsTokyo(now, POINT_VALIDITY_MONTHS),
      expired: false,
    });
    this.entries.push(amount);
  }

  /** Returns false (and changes nothing) when the unexpired lots do not hold `amount`. */
  spend(amount: number, now: Date): boolean {
    const plan = planLotSpend(
      this.lots.filter((l) => !l.expired),
      amount,
      now,
    );
    if (!plan) return false;
    for (const take of plan) this.lots.find((l) => l.id === take.lotId)!.remaining -= take.amount;
    this.entries.push(-amount);
    return true;
  }

  /** Expires every lot due at `now`; each lot once. Returns the points expired. */
  expire(now: Date): number {
    let total = 0;
    for (const l of this.lots) {
      if (l.expired || l.expiresAt.getTime() > now.getTime()) continue;
      l.expired = true;
      if (l.remaining > 0) {
        total += l.remaining;
        this.entries.push(-l.remaining);
        l.remaining = 0;
      }
    }
    return total;
  }
}
