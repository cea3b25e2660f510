/**
 * Items grouped by a key, in the order each key first appears, with how many of each. The shipped mail lists a
 * parcel's cards this way ("Card × 2"); the combined pick list groups every parcel's lines by card.
 */
export function tally<T, K>(items: readonly T[], keyOf: (item: T) => K): { key: K; first: T; items: T[] }[] {
  const groups = new Map<K, { key: K; first: T; items: T[] }>();
  for (const item of items) {
    const key = keyOf(item);
    const g = groups.get(key);
    if (g) g.items.push(item);
    else groups.set(key, { key, first: item, items: [item] });
  }
  return [...groups.values()];
}

/** Names as readable lines, a repeated name once with its count: ["Aqua Drake", "Ember Fox × 2"]. */
export function namesWithCounts(names: readonly string[], times = '×'): string[] {
  return tally(names, (n) => n).map((g) => (g.items.length > 1 ? `${g.key} ${times} ${g.items.length}` : g.key));
}
