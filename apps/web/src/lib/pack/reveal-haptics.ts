import type { DrawnCard } from '@oripa/core';

/**
 * The vibration for a card as it turns over: a rank-S card buzzes twice and then long, a rank-A card once and short,
 * the rest not at all (a 100-draw must not buzz a hundred times). Patterns are milliseconds on, off, on...
 */
export function hapticPattern(card: Pick<DrawnCard, 'rank'>): number[] | null {
  if (card.rank === 'S') return [60, 40, 60, 40, 160];
  if (card.rank === 'A') return [45];
  return null;
}

/**
 * Whether the reveal may vibrate: the member's effects are on (the sound toggle: muted means no buzz either), they
 * did not ask for less motion, and the page has had a user gesture (browsers ignore vibrate() before one; where the
 * User Activation API is missing, the reveal itself only starts from a tap).
 */
export function mayVibrate(opts: { effectsOn: boolean; reducedMotion: boolean }): boolean {
  if (!opts.effectsOn || opts.reducedMotion) return false;
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return false;
  const activation = (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation ? activation.hasBeenActive : true;
}
