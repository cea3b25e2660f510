import type { DrawnCard } from '@oripa/core';

/** How strong a card's effect is: rarity 0..3, and rank S above all (4). */
export function cardTier(card: Pick<DrawnCard, 'rarity' | 'rank'>): 0 | 1 | 2 | 3 | 4 {
  if (card.rank === 'S') return 4;
  return card.rarity;
}

/** The strongest card decides the colour and strength of the pack opening. */
export function bestTier(cards: readonly Pick<DrawnCard, 'rarity' | 'rank'>[]): 0 | 1 | 2 | 3 | 4 {
  return cards.reduce<0 | 1 | 2 | 3 | 4>((best, c) => Math.max(best, cardTier(c)) as 0 | 1 | 2 | 3 | 4, 0);
}

/** Weaker cards flip first so the best one comes last; ties keep the ticket order. */
export function revealOrder<T extends Pick<DrawnCard, 'rarity' | 'rank' | 'num'>>(cards: readonly T[]): T[] {
  return [...cards].sort((a, b) => cardTier(a) - cardTier(b) || a.num - b.num);
}

/**
 * Milliseconds a card stays in the spotlight after it flips. Plain cards go faster when there are many, so a
 * 100-draw does not take minutes; rare cards always get their moment.
 */
export function flipPause(card: Pick<DrawnCard, 'rarity' | 'rank'>, total: number): number {
  const tier = cardTier(card);
  if (tier >= 2) return [0, 0, 1100, 1500, 1900][tier]!;
  const base = tier === 1 ? 650 : 450;
  return total > 12 ? Math.max(90, Math.round(base * (12 / total))) : base;
}
