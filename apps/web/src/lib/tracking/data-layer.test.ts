import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportGachaResult } from '../../api/pack-purchase';
import { mockApi } from '../../test/mock-api';

type Tracked = Window & { dataLayer?: unknown[] };

describe('conversion tracking (spec section 7)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    delete (window as Tracked).dataLayer;
  });

  it('pushes the gacha result after the reveal', async () => {
    mockApi({ 'GET /user/pack/gtm_gacha_result': { state: 200, gacha_price: 3000, gacha_num: 10, item_id: 12 } });
    await reportGachaResult();
    expect((window as Tracked).dataLayer).toEqual([{ event: 'gacha', gacha_price: 3000, gacha_num: 10, item_id: 12 }]);
  });

  it('only logs a failed fetch', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'GET /user/pack/gtm_gacha_result': { state: 500 } });
    await reportGachaResult();
    expect((window as Tracked).dataLayer).toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });
});
