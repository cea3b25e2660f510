import { formatTokyo } from '@oripa/core';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { noteShopTime } from '../../lib/time/shop-time';
import { useCountdown } from './use-countdown';

const HOUR = 3600_000;

describe('useCountdown', () => {
  afterEach(() => noteShopTime(String(Date.now())));

  it("counts down to the sale's start on the shop's clock, not the device's", () => {
    const start = formatTokyo(new Date(Date.now() + 50 * HOUR + 30_000));
    expect(renderHook(() => useCountdown(start, true)).result.current).toMatchObject({
      days: 2,
      clock: expect.stringMatching(/^02:00:[23]\d$/),
    });
    // The shop clock is a day ahead (a sandbox moved it, or the phone's clock is a day behind).
    noteShopTime(String(Date.now() + 24 * HOUR));
    expect(renderHook(() => useCountdown(start, true)).result.current).toMatchObject({
      days: 1,
      clock: expect.stringMatching(/^02:00:[23]\d$/),
    });
    noteShopTime(String(Date.now() + 51 * HOUR));
    expect(renderHook(() => useCountdown(start, true)).result.current).toBeNull();
  });
});
