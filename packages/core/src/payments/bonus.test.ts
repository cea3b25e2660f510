import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RANKS, rankBonusPercent } from '../rank.ts';
import { couponBonusPoints, courseInPurchaseRange, rankBonusPoints } from './bonus.ts';
import { canTransition, isTerminal } from './state.ts';

describe('purchase maths', () => {
  it('rank bonus = floor(point × (discount − 1)), matching the shown percent', () => {
    expect(rankBonusPoints(1000, 1.0)).toBe(0);
    expect(rankBonusPoints(1000, 1.05)).toBe(50);
    expect(rankBonusPoints(999, 1.03)).toBe(29);
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 50_000 }), fc.constantFrom(...RANKS), (point, r) => {
        const bonus = rankBonusPoints(point, r.discount);
        expect(bonus).toBe(Math.floor((point * rankBonusPercent(r.discount)) / 100));
        expect(Number.isInteger(bonus) && bonus >= 0).toBe(true);
      }),
    );
  });

  it('purchase range 300–50,000', () => {
    expect([299, 300, 50_000, 50_001, 1.5].map(courseInPurchaseRange)).toEqual([false, true, true, false, false]);
  });

  it('coupon bonus', () => {
    expect(couponBonusPoints(3000, { bonusPoint: 0, bonusPercent: 10 })).toBe(300);
    expect(couponBonusPoints(3333, { bonusPoint: 100, bonusPercent: 10 })).toBe(433);
  });

  it('terminal payment states never move', () => {
    for (const t of ['succeeded', 'failed', 'cancelled', 'expired'] as const) {
      expect(isTerminal(t)).toBe(true);
      for (const to of ['pending', 'succeeded', 'failed', 'cancelled', 'expired'] as const) {
        expect(canTransition(t, to)).toBe(false);
      }
    }
    expect(canTransition('pending', 'succeeded')).toBe(true);
    expect(canTransition('requires_action', 'failed')).toBe(true);
  });
});
