import type { DrawnCard } from '@oripa/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareLinks } from './hit-share';
import { bestCard, drawAgainPath, drawTotals, sortCards } from './result-summary';

const card = (id: number, rank: DrawnCard['rank'], rarity: DrawnCard['rarity'], buy_point: number) =>
  ({ history_id: id, rank, rarity, buy_point, name: `c${id}` }) as DrawnCard;
const cards = [card(1, 'C', 0, 30), card(2, 'S', 3, 50_000), card(3, 'B', 1, 500), card(4, 'A', 2, 3_000)];

describe('the result screen', () => {
  it('sorts by rarity or by value, and keeps the reveal order otherwise', () => {
    expect(sortCards(cards, 'reveal').map((c) => c.history_id)).toEqual([1, 2, 3, 4]);
    expect(sortCards(cards, 'rarity').map((c) => c.history_id)).toEqual([2, 4, 3, 1]);
    expect(sortCards(cards, 'value').map((c) => c.history_id)).toEqual([2, 4, 3, 1]);
    expect(bestCard(cards)?.history_id).toBe(2);
  });

  it('sorting never loses or adds a card, and value order is non-increasing', () => {
    const arb = fc.array(
      fc.record({
        rank: fc.constantFrom('S', 'A', 'B', 'C'),
        rarity: fc.constantFrom(0, 1, 2, 3),
        value: fc.nat(100_000),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, (rows) => {
        const list = rows.map((r, i) => card(i, r.rank as DrawnCard['rank'], r.rarity as DrawnCard['rarity'], r.value));
        const byValue = sortCards(list, 'value');
        expect([...byValue].map((c) => c.history_id).sort((a, b) => a - b)).toEqual(list.map((c) => c.history_id));
        for (let i = 1; i < byValue.length; i++)
          expect(byValue[i - 1]!.buy_point).toBeGreaterThanOrEqual(byValue[i]!.buy_point);
      }),
    );
  });

  it('totals the value drawn against the points spent', () => {
    expect(drawTotals(cards, 1000)).toEqual({ value: 53_530, spent: 4000, balance: 49_530 });
    expect(drawTotals(cards, undefined)).toEqual({ value: 53_530, spent: undefined, balance: undefined });
  });

  it('draws again with the same count where the pack page takes it', () => {
    expect(drawAgainPath(7, 10)).toBe('/pack-detail?packId=7&num=10');
    expect(drawAgainPath(7, 37)).toBe('/pack-detail?packId=7');
  });

  it('builds X and LINE share links with the text and address encoded', () => {
    const l = shareLinks('S賞 & more', 'https://shop.example/pack-detail?packId=1');
    expect(l.x).toBe(
      'https://twitter.com/intent/tweet?text=S%E8%B3%9E+%26+more&url=https%3A%2F%2Fshop.example%2Fpack-detail%3FpackId%3D1',
    );
    expect(new URL(l.line).searchParams.get('url')).toBe('https://shop.example/pack-detail?packId=1');
  });
});
