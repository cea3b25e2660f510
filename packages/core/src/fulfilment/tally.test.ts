import { describe, expect, it } from 'vitest';
import { namesWithCounts, tally } from './tally.ts';

describe('tally', () => {
  it('groups by key in first-seen order and keeps every item', () => {
    const lines = [
      { card: 7, parcel: 1 },
      { card: 3, parcel: 1 },
      { card: 7, parcel: 2 },
    ];
    expect(tally(lines, (l) => l.card)).toEqual([
      { key: 7, first: lines[0], items: [lines[0], lines[2]] },
      { key: 3, first: lines[1], items: [lines[1]] },
    ]);
    expect(tally([], (x) => x)).toEqual([]);
  });

  it('writes a repeated name once with its count', () => {
    expect(namesWithCounts(['Ember Fox', 'Aqua Drake', 'Ember Fox'])).toEqual(['Ember Fox × 2', 'Aqua Drake']);
  });
});
