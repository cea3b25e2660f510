import { describe, expect, it } from 'vitest';
import { DEFAULT_METHOD_MAX_YEN, overMethodLimit } from './limits.ts';

describe('provider limits per payment', () => {
  it('answers the maximum only when the amount is over it', () => {
    const limits = new Map([[13, 30_000]]);
    expect(overMethodLimit(13, 30_000, limits)).toBeNull();
    expect(overMethodLimit(13, 30_001, limits)).toBe(30_000);
    expect(overMethodLimit(10, 1_000_000, limits)).toBeNull();
    expect(overMethodLimit(2, 300_001, DEFAULT_METHOD_MAX_YEN)).toBe(300_000);
  });
});
