import { afterEach, describe, expect, it } from 'vitest';
import { noteShopTime, shopNow } from './shop-time';

describe('shopNow', () => {
  afterEach(() => noteShopTime(String(Date.now())));

  it("follows the server's clock once a reply told it, and ignores a missing or broken header", () => {
    const day = 24 * 3600_000;
    noteShopTime(String(Date.now() + 3 * day));
    expect(shopNow() - Date.now()).toBeGreaterThan(3 * day - 1000);
    noteShopTime(null);
    noteShopTime('soon');
    expect(shopNow() - Date.now()).toBeGreaterThan(3 * day - 1000);
    noteShopTime(String(Date.now() - day));
    expect(Date.now() - shopNow()).toBeGreaterThan(day - 1000);
  });
});
