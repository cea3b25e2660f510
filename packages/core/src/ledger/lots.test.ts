import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareLotsForSpending, planLotSpend, type SpendableLot } from './lots.ts';
import { PointLedgerModel } from './model.ts';

const NOW = new Date('2026-06-01T00:00:00Z');
const lotArb = fc.record({
  kind: fc.constantFrom('paid' as const, 'free' as const),
  remaining: fc.integer({ min: 0, max: 5000 }),
  // Some lots already expired (negative offsets), most still valid.
  offsetDays: fc.integer({ min: -30, max: 200 }),
});
const lotsArb = fc.array(lotArb, { maxLength: 12 }).map((ls) =>
  ls.map((l, i): SpendableLot => ({
    id: i + 1,
    kind: l.kind,
    remaining: l.remaining,
    expiresAt: new Date(NOW.getTime() + l.offsetDays * 86400_000),
  })),
);

const usable = (lots: SpendableLot[]) => lots.filter((l) => l.remaining > 0 && l.expiresAt > NOW);

describe('planLotSpend (property)', () => {
  it('takes exactly the amount when the usable lots hold it, else null', () => {
    fc.assert(
      fc.property(lotsArb, fc.integer({ min: 1, max: 30000 }), (lots, amount) => {
        const plan = planLotSpend(lots, amount, NOW);
        const available = usable(lots).reduce((s, l) => s + l.remaining, 0);
        if (available < amount) return plan === null;
        return plan !== null && plan.reduce((s, t) => s + t.amount, 0) === amount;
      }),
    );
  });

  it('never overdraws a lot, never touches an expired lot, takes each lot at most once', () => {
    fc.assert(
      fc.property(lotsArb, fc.integer({ min: 1, max: 30000 }), (lots, amount) => {
        const plan = planLotSpend(lots, amount, NOW) ?? [];
        const ids = plan.map((t) => t.lotId);
        expect(new Set(ids).size).toBe(ids.length);
        for (const t of plan) {
          const lot = lots.find((l) => l.id === t.lotId)!;
          expect(t.amount).toBeGreaterThan(0);
          expect(t.amount).toBeLessThanOrEqual(lot.remaining);
          expect(lot.expiresAt.getTime()).toBeGreaterThan(NOW.getTime());
        }
      }),
    );
  });

  it('takes free lots first, then the soonest to expire: a prefix of the order, all but the last drained', () => {
    fc.assert(
      fc.property(lotsArb, fc.integer({ min: 1, max: 30000 }), (lots, amount) => {
        const plan = planLotSpend(lots, amount, NOW);
        if (!plan) return;
        const order = usable(lots).sort(compareLotsForSpending);
        expect(plan.map((t) => t.lotId)).toEqual(order.slice(0, plan.length).map((l) => l.id));
        plan.slice(0, -1).forEach((t) => expect(t.amount).toBe(lots.find((l) => l.id === t.lotId)!.remaining));
        const kinds = plan.map((t) => lots.find((l) => l.id === t.lotId)!.kind);
        expect(kinds.indexOf('paid') === -1 || !kinds.slice(kinds.indexOf('paid')).includes('free')).toBe(true);
      }),
    );
  });
});

describe('PointLedgerModel (property)', () => {
  type Op =
    | { t: 'grant'; kind: 'paid' | 'free'; amount: number }
    | { t: 'spend'; amount: number }
    | { t: 'advance'; days: number };
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      t: fc.constant('grant' as const),
      kind: fc.constantFrom('paid' as const, 'free' as const),
      amount: fc.integer({ min: 1, max: 5000 }),
    }),
    fc.record({ t: fc.constant('spend' as const), amount: fc.integer({ min: 1, max: 8000 }) }),
    fc.record({ t: fc.constant('advance' as const), days: fc.integer({ min: 0, max: 120 }) }),
  );

  it('balance = sum of entries = sum of unexpired lots, and nothing is negative, after every step', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
        const m = new PointLedgerModel();
        let now = NOW;
        let id = 0;
        for (const op of ops) {
          if (op.t === 'grant') m.grant(++id, op.kind, op.amount, now);
          else if (op.t === 'spend') m.spend(op.amount, now);
          else {
            now = new Date(now.getTime() + op.days * 86400_000);
            m.expire(now);
          }
          const sum = m.entries.reduce((s, e) => s + e, 0);
          expect(m.balance).toBe(sum);
          expect(m.balance).toBeGreaterThanOrEqual(0);
          m.lots.forEach((l) => expect(l.remaining).toBeGreaterThanOrEqual(0));
        }
      }),
    );
  });
});
