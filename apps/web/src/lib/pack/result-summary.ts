import { RANK_ORDER, type DrawnCard } from '@oripa/core';

/** How the result grid is ordered: as revealed, by rarity (then value), or by conversion value. */
export type ResultSort = 'reveal' | 'rarity' | 'value';

const rankIndex = (c: DrawnCard) => RANK_ORDER.indexOf(c.rank);

export function sortCards(cards: readonly DrawnCard[], sort: ResultSort): DrawnCard[] {
  if (sort === 'reveal') return [...cards];
  const byValue = (a: DrawnCard, b: DrawnCard) => b.buy_point - a.buy_point;
  return [...cards].sort(
    sort === 'value'
      ? (a, b) => byValue(a, b) || rankIndex(a) - rankIndex(b)
      : (a, b) => b.rarity - a.rarity || rankIndex(a) - rankIndex(b) || byValue(a, b),
  );
}

/** The value drawn (sum of the cards' conversion points) against what the draw cost. */
export function drawTotals(cards: readonly DrawnCard[], pricePerDraw: number | undefined) {
  const value = cards.reduce((s, c) => s + c.buy_point, 0);
  const spent = pricePerDraw === undefined ? undefined : pricePerDraw * cards.length;
  return { value, spent, balance: spent === undefined ? undefined : value - spent };
}

/** The card to share: the rarest, then the most valuable. */
export function bestCard(cards: readonly DrawnCard[]): DrawnCard | undefined {
  return sortCards(cards, 'rarity')[0];
}

/** A count the pack page's ?num= accepts again (1, 10, 100); anything else opens the page without a preset. */
export function drawAgainPath(packId: number, count: number): string {
  return [1, 10, 100].includes(count) ? `/pack-detail?packId=${packId}&num=${count}` : `/pack-detail?packId=${packId}`;
}
