import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  batchRefusal,
  saleEligibility,
  standingRefusals,
  type SaleAsk,
  type SaleBuyer,
  type SalePack,
} from './sale-eligibility.ts';

const NOW = new Date('2026-11-24T00:00:00Z');
const HOUR = 3600_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

const pack = (o: Partial<SalePack> = {}): SalePack => ({
  point: 100,
  payment_method: '1',
  max_buy_count: 0,
  rank_limit: 0,
  sms_only: false,
  start_date: at(-HOUR),
  closed_at: null,
  ...o,
});
const buyer = (o: Partial<SaleBuyer> = {}): SaleBuyer => ({
  rank: 1,
  mailVerified: true,
  smsVerified: false,
  bought: 0,
  pointBalance: 1_000,
  coinBalance: 0,
  ...o,
});
const reasons = (p: SalePack, b: SaleBuyer, ask: SaleAsk) => {
  const a = saleEligibility(p, b, NOW, ask);
  return a.ok ? [] : a.refusals.map((r) => r.reason);
};

describe('saleEligibility', () => {
  it('accepts a fixed count the member can pay for, at its price', () => {
    expect(saleEligibility(pack(), buyer(), NOW, { count: 3, available: 10 })).toEqual({
      ok: true,
      count: 3,
      price: 300,
    });
  });

  it('names each rule with its details', () => {
    const ask = { count: 1, available: 10 };
    expect(saleEligibility(pack({ closed_at: NOW }), buyer(), NOW, ask)).toMatchObject({
      refusal: { reason: 'closed' },
    });
    expect(reasons(pack({ closed_at: at(1) }), buyer(), ask)).toEqual([]);
    expect(reasons(pack({ start_date: at(1) }), buyer(), ask)).toEqual(['before_start']);
    expect(reasons(pack({ start_date: NOW }), buyer(), ask)).toEqual([]);
    expect(reasons(pack({ sms_only: true }), buyer(), ask)).toEqual(['sms_required']);
    expect(reasons(pack({ sms_only: true }), buyer({ smsVerified: true }), ask)).toEqual([]);
    expect(reasons(pack(), buyer({ mailVerified: false }), ask)).toEqual(['mail_unverified']);
    expect(saleEligibility(pack({ rank_limit: 3 }), buyer({ rank: 2 }), NOW, ask)).toMatchObject({
      refusal: { reason: 'rank_required', rank: 3 },
    });
    expect(saleEligibility(pack({ max_buy_count: 5 }), buyer({ bought: 5 }), NOW, ask)).toMatchObject({
      refusals: [{ reason: 'max_buy_count', max: 5, bought: 5 }],
    });
    expect(reasons(pack({ max_buy_count: 5 }), buyer({ bought: 3 }), { count: 3, available: 10 })).toEqual([
      'max_buy_count',
    ]);
    expect(reasons(pack(), buyer(), { ...ask, unit: 90 })).toEqual(['price_changed']);
    expect(reasons(pack(), buyer(), { count: 1, available: 0 })).toEqual(['sold_out']);
    expect(saleEligibility(pack(), buyer(), NOW, { count: 4, available: 3 })).toMatchObject({
      refusal: { reason: 'insufficient_stock', remaining: 3 },
    });
    expect(reasons(pack(), buyer({ pointBalance: 299 }), { count: 3, available: 10 })).toEqual(['insufficient_points']);
  });

  it('sells coin packs for coins only', () => {
    const coins = pack({ payment_method: '2', point: 30 });
    expect(reasons(coins, buyer({ pointBalance: 10_000, coinBalance: 59 }), { count: 2, available: 10 })).toEqual([
      'insufficient_coins',
    ]);
    expect(
      saleEligibility(coins, buyer({ pointBalance: 0, coinBalance: 60 }), NOW, { count: 2, available: 10 }),
    ).toEqual({ ok: true, count: 2, price: 60 });
  });

  it("takes 'all' as the check does: what is left, only where the banner offers it", () => {
    expect(saleEligibility(pack(), buyer(), NOW, { count: 'all', available: 7 })).toEqual({
      ok: true,
      count: 7,
      price: 700,
    });
    expect(reasons(pack(), buyer({ pointBalance: 100_000 }), { count: 'all', available: 100 })).toEqual([
      'all_not_offered',
    ]);
    expect(reasons(pack({ max_buy_count: 20 }), buyer(), { count: 'all', available: 5 })).toEqual(['all_not_offered']);
    // The check confirms every draw of 'all' or none.
    expect(reasons(pack(), buyer({ pointBalance: 650 }), { count: 'all', available: 7 })).toEqual([
      'insufficient_points',
    ]);
  });

  it("takes what the purse and the stock allow for a token's smaller minimum", () => {
    expect(saleEligibility(pack(), buyer({ pointBalance: 350 }), NOW, { count: 7, min: 1, available: 10 })).toEqual({
      ok: true,
      count: 3,
      price: 300,
    });
    expect(saleEligibility(pack(), buyer(), NOW, { count: 7, min: 1, available: 2 })).toEqual({
      ok: true,
      count: 2,
      price: 200,
    });
    expect(reasons(pack(), buyer({ pointBalance: 99 }), { count: 7, min: 1, available: 10 })).toEqual([
      'insufficient_points',
    ]);
  });

  it('lists every rule broken, the check order first; the batch names rules, max_buy, purse, stock', () => {
    const p = pack({ sms_only: true, max_buy_count: 5 });
    const b = buyer({ pointBalance: 100, bought: 2 });
    const a = saleEligibility(p, b, NOW, { count: 4, available: 3 });
    expect(reasons(p, b, { count: 4, available: 3 })).toEqual([
      'sms_required',
      'insufficient_stock',
      'max_buy_count',
      'insufficient_points',
    ]);
    expect(a.ok ? null : batchRefusal(a.refusals)?.reason).toBe('sms_required');
    const c = saleEligibility(pack(), buyer({ pointBalance: 100 }), NOW, { count: 4, available: 3 });
    expect(c).toMatchObject({ refusal: { reason: 'insufficient_stock' } });
    expect(c.ok ? null : batchRefusal(c.refusals)?.reason).toBe('insufficient_points');
    expect(batchRefusal([{ reason: 'all_not_offered' }])).toBeNull();
  });
});

describe('standingRefusals', () => {
  it('needs no count: what the banner flags show', () => {
    const p = pack({ start_date: at(HOUR), sms_only: true, rank_limit: 2, max_buy_count: 1 });
    const standing = { rank: 1, mailVerified: false, smsVerified: false, bought: 1 };
    expect(standingRefusals(p, standing, NOW).map((r) => r.reason)).toEqual([
      'before_start',
      'mail_unverified',
      'sms_required',
      'rank_required',
      'max_buy_count',
    ]);
    expect(standingRefusals(pack(), { rank: 1, mailVerified: true, smsVerified: false, bought: 0 }, NOW)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------

const packArb: fc.Arbitrary<SalePack> = fc.record({
  point: fc.constantFrom(1, 30, 100, 130),
  payment_method: fc.constantFrom('1' as const, '2' as const),
  max_buy_count: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 8 })),
  rank_limit: fc.integer({ min: 0, max: 4 }),
  sms_only: fc.boolean(),
  start_date: fc.constantFrom(-HOUR, 0, HOUR).map(at),
  closed_at: fc.constantFrom(null, at(-HOUR), NOW, at(HOUR)),
});
const buyerArb: fc.Arbitrary<SaleBuyer> = fc.record({
  rank: fc.integer({ min: 1, max: 4 }),
  mailVerified: fc.boolean(),
  smsVerified: fc.boolean(),
  bought: fc.integer({ min: 0, max: 8 }),
  pointBalance: fc.integer({ min: 0, max: 1_500 }),
  coinBalance: fc.integer({ min: 0, max: 1_500 }),
});
const askArb: fc.Arbitrary<SaleAsk> = fc.oneof(
  fc.record({ count: fc.constant('all' as const), available: fc.integer({ min: 0, max: 120 }) }),
  fc
    .record({ count: fc.integer({ min: 1, max: 12 }), all: fc.boolean(), available: fc.integer({ min: 0, max: 20 }) })
    .map(({ count, all, available }) => ({ count, min: all ? 1 : count, available })),
);

describe('saleEligibility (properties)', () => {
  it('an accepted ask is within the stock, the allowance, the count and the purse', () => {
    fc.assert(
      fc.property(packArb, buyerArb, askArb, (p, b, ask) => {
        const a = saleEligibility(p, b, NOW, ask);
        if (!a.ok) {
          expect(a.refusals[0]).toBe(a.refusal);
          // The rules that need no count come first, in their own order.
          const standing = standingRefusals(p, b, NOW);
          expect(a.refusals.slice(0, standing.length)).toEqual(standing);
          const onlyCheck = a.refusals.every((r) => r.reason === 'all_not_offered');
          const batch = batchRefusal(a.refusals);
          expect(batch === null).toBe(onlyCheck);
          if (batch) expect(a.refusals).toContain(batch);
          return;
        }
        expect(standingRefusals(p, b, NOW)).toEqual([]);
        const purse = p.payment_method === '2' ? b.coinBalance : b.pointBalance;
        const count = ask.count === 'all' ? ask.available : ask.count;
        expect(a.count).toBeGreaterThanOrEqual(ask.count === 'all' ? count : (ask.min ?? count));
        expect(a.count).toBeLessThanOrEqual(Math.min(count, ask.available));
        if (p.max_buy_count > 0) expect(b.bought + a.count).toBeLessThanOrEqual(p.max_buy_count);
        expect(a.price).toBe(a.count * p.point);
        expect(a.price).toBeLessThanOrEqual(purse);
      }),
      { numRuns: 2_000 },
    );
  });

  it('more to spend, a higher rank or fewer draws bought never turns an acceptance into a refusal', () => {
    fc.assert(
      fc.property(packArb, buyerArb, askArb, fc.nat({ max: 1_000 }), (p, b, ask, more) => {
        const a = saleEligibility(p, b, NOW, ask);
        if (!a.ok) return;
        const richer = {
          ...b,
          pointBalance: b.pointBalance + more,
          coinBalance: b.coinBalance + more,
          rank: b.rank + 1,
          bought: Math.max(0, b.bought - 1),
        };
        const r = saleEligibility(p, richer, NOW, ask);
        expect(r.ok).toBe(true);
        if (r.ok) expect(r.count).toBeGreaterThanOrEqual(a.count);
      }),
      { numRuns: 2_000 },
    );
  });
});
