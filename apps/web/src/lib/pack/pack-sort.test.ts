import { describe, expect, it } from 'vitest';
import { listQuery, parseFilter, parseSort } from './pack-sort';

describe('pack list sort and filter in the address', () => {
  it('reads unknown address values as the defaults', () => {
    expect([parseSort('price'), parseSort('bogus'), parseFilter(null), parseFilter('soon')]).toEqual([
      'price',
      'new',
      'all',
      'soon',
    ]);
  });

  it('asks the list API with only what differs from the defaults', () => {
    expect(listQuery('new', 'all')).toBe('');
    expect(listQuery('price', 'all')).toBe('?sort=price');
    expect(listQuery('remaining', 'soon')).toBe('?sort=remaining&filter=soon');
  });
});
