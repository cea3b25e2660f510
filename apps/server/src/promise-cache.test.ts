import { afterEach, describe, expect, it, vi } from 'vitest';
import { PromiseCache } from './promise-cache.ts';

describe('PromiseCache', () => {
  afterEach(() => vi.useRealTimers());

  it('shares one load between concurrent callers and serves it until the time is up', async () => {
    vi.useFakeTimers();
    const cache = new PromiseCache<string, number>(1000);
    const load = vi.fn(async () => 7);
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([7, 7]);
    vi.advanceTimersByTime(999);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed load, and starts afresh past its bound', async () => {
    const cache = new PromiseCache<number, number>(60_000, 2);
    await expect(cache.get(1, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(1, async () => 1)).toBe(1);
    await cache.get(2, async () => 2);
    const third = vi.fn(async () => 3);
    await cache.get(3, third);
    // The bound was reached, so key 1 is loaded again.
    const again = vi.fn(async () => 10);
    expect(await cache.get(1, again)).toBe(10);
    expect(again).toHaveBeenCalledOnce();
  });
});
