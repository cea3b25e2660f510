/**
 * The pack namespace's top-level keys that no page shows before a draw: the reveal, the choice to ship or exchange,
 * the history and the thank-you page. They live in pack.json with the rest, but travel in the language's second
 * chunk (locales/ja-more.ts), which the pages that show them wait for (routes/lazy-page.ts); the rest of the file is
 * in the first chunk, which every first render needs (build/catalogue-parts.ts splits the file at build time).
 */
export const PACK_AFTER_DRAW = [
  'reveal',
  'result',
  'skip',
  'choice',
  'decide',
  'shipTerms',
  'onceMore',
  'history',
  'thanks',
] as const;

/** One part of a catalogue file: the keys after a draw, or all the others. */
export type CataloguePart = 'before-draw' | 'after-draw';

/** The top-level entries of `strings` that belong to `part`, in the file's order. */
export function catalogueParts(strings: Record<string, unknown>, part: CataloguePart): Record<string, unknown> {
  const after = new Set<string>(PACK_AFTER_DRAW);
  return Object.fromEntries(Object.entries(strings).filter(([key]) => after.has(key) === (part === 'after-draw')));
}
