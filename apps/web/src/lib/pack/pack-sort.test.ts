import { describe, expect, it } from 'vitest';
import { packState, parseFilter, parseSort, sortAndFilter } from './pack-sort';

const p = (id: number, point: number, pack_count: number, start_date: string, is_before: '0' | '1' = '0') => ({
  id,
  point,
  pack_count,
  start_date,
  is_before,
});
const list = [
  p(1, 500, 10, '2026-11-01 10:00:00'),
  p(2, 100, 0, '2026-11-05 10:00:00'),
  p(3, 1000, 80, '2026-11-03 10:00:00'),
  p(4, 300, 50, '2026-12-01 10:00:00', '1'),
];

describe('pack list sort and filter', () => {
  it('sorts by newest, cheapest or most left', () => {
    expect(sortAndFilter(list, 'new', 'all').map((x) => x.id)).toEqual([4, 2, 3, 1]);
    expect(sortAndFilter(list, 'price', 'all').map((x) => x.id)).toEqual([2, 4, 1, 3]);
    expect(sortAndFilter(list, 'remaining', 'all').map((x) => x.id)).toEqual([3, 4, 1, 2]);
  });

  it('filters on sale, coming soon and sold out, and reads unknown address values as the defaults', () => {
    expect(sortAndFilter(list, 'new', 'onSale').map((x) => x.id)).toEqual([3, 1]);
    expect(sortAndFilter(list, 'new', 'soon').map((x) => x.id)).toEqual([4]);
    expect(sortAndFilter(list, 'new', 'soldOut').map((x) => x.id)).toEqual([2]);
    expect(packState(list[3]!)).toBe('soon');
    expect([parseSort('price'), parseSort('bogus'), parseFilter(null), parseFilter('soon')]).toEqual([
      'price',
      'new',
      'all',
      'soon',
    ]);
  });
});
