import { describe, expect, it } from 'vitest';
import { pageObject, parsePage } from './pagination.ts';

describe('pagination', () => {
  it('reads absent as page 1, whole numbers as themselves, anything else as invalid', () => {
    expect(parsePage(undefined)).toBe(1);
    expect(parsePage('')).toBe(1);
    expect(parsePage('7')).toBe(7);
    expect(parsePage(3)).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'abc', '1e3', '01', '9999999', 0, -2, 1.5, {}, []])
      expect(parsePage(bad)).toBeNull();
  });
  it('builds the page object with a window around the current page', () => {
    expect(pageObject(1, 0, 10)).toEqual({ page: 1, all_page: 1, pages: [1] });
    expect(pageObject(5, 100, 10)).toEqual({ page: 5, all_page: 10, pages: [3, 4, 5, 6, 7] });
    expect(pageObject(99, 100, 10).page).toBe(10);
  });
});
