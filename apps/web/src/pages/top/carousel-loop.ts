/**
 * Position maths of the looping banner carousel. The track renders [last, ...slides, first]: moving past either
 * end lands on a clone, and once that transition ends the track jumps without animation to the real slide the
 * clone shows, so the loop looks endless in both directions.
 */
export const AUTOPLAY_DELAY_MS = 2500;
export const TRANSITION_MS = 800;

/** The real slide index (0-based) shown at track position `pos` for `count` slides. */
export function realIndex(pos: number, count: number): number {
  return (((pos - 1) % count) + count) % count;
}

/** Where the track must jump (without animation) after landing on `pos`, or null when `pos` is a real slide. */
export function loopJump(pos: number, count: number): number | null {
  if (pos <= 0) return count;
  if (pos >= count + 1) return 1;
  return null;
}

/** Track positions of the rendered slides: the clones sit at 0 and count + 1. */
export function trackSlides<T>(items: T[]): { item: T; clone: boolean; pos: number }[] {
  if (items.length < 2) return items.map((item, i) => ({ item, clone: false, pos: i + 1 }));
  return [
    { item: items[items.length - 1]!, clone: true, pos: 0 },
    ...items.map((item, i) => ({ item, clone: false, pos: i + 1 })),
    { item: items[0]!, clone: true, pos: items.length + 1 },
  ];
}
