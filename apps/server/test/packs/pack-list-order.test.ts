import { describe, expect, it } from 'vitest';
import type { PackSummary, PageObject } from '@oripa/core';
import { buildMember } from '../factories.ts';
import { useTestShop } from '../test-shop.ts';
import { buildPack, drawVia, smallLineup } from './pack-fixtures.ts';

const t = useTestShop();
const TYPE = 7;
const DAY = 86400_000;

/** Every page of the list with this query, in page order. */
async function allPages(query: string): Promise<{ list: PackSummary[]; pages: number }> {
  const c = t.shop.client();
  const first = await c.get(`/user/pack/all_list/${TYPE}?${query}`);
  expect(first.state, JSON.stringify(first)).toBe(200);
  const pages = (first.page as PageObject).all_page;
  const list = [...(first.list as PackSummary[])];
  for (let p = 2; p <= pages; p++)
    list.push(...((await c.get(`/user/pack/all_list/${TYPE}/${p}?${query}`)).list as PackSummary[]));
  return { list, pages };
}

describe('the pack list sorted and filtered by the server, across pages (issue 13)', () => {
  it('orders and filters the whole card type before paging', async () => {
    const now = t.shop.clock.now().getTime();
    // 14 point packs on sale at scattered prices and start times, a coin pack, 2 upcoming, 1 sold out: two pages.
    const prices = [900, 100, 500, 1300, 300, 700, 1100, 200, 1500, 800, 400, 1000, 600, 1200];
    for (const [i, point] of prices.entries()) {
      await buildPack(t.shop, {
        cardType: TYPE,
        point,
        nameEn: `P${point}`,
        startDate: new Date(now - ((i * 7) % 13) * DAY - DAY),
        cards: smallLineup(2 + (i % 5)),
      });
    }
    const soon = [
      await buildPack(t.shop, { cardType: TYPE, point: 50, startDate: new Date(now + 2 * DAY) }),
      await buildPack(t.shop, { cardType: TYPE, point: 5000, startDate: new Date(now + 3 * DAY) }),
    ];
    const soldOut = await buildPack(t.shop, { cardType: TYPE, point: 10, cards: smallLineup(1) });
    const coin = await buildPack(t.shop, { cardType: TYPE, point: 5, paymentMethod: '2' });
    const member = await buildMember(t.shop, { paidPoints: 10_000 });
    expect((await drawVia(member.client, soldOut, 'all')).buy?.state).toBe(200);

    const byPrice = await allPages('sort=price');
    expect(byPrice.pages).toBe(2);
    expect(byPrice.list).toHaveLength(18);
    // Sold out last, the coin pack (another currency) before it; before them every point pack cheapest first,
    // across the page break.
    expect(byPrice.list.at(-1)!.id).toBe(soldOut);
    expect(byPrice.list.at(-2)!.id).toBe(coin);
    const points = byPrice.list.slice(0, -2).map((p) => p.point);
    expect(points).toEqual([...points].sort((a, b) => a - b));

    const byLeft = (await allPages('sort=remaining')).list.slice(0, -1).map((p) => p.pack_count);
    expect(byLeft).toEqual([...byLeft].sort((a, b) => b - a));

    const newest = (await allPages('sort=new')).list.slice(0, -1).map((p) => p.start_date);
    expect(newest).toEqual([...newest].sort().reverse());

    const onSale = await allPages('filter=onSale&sort=price');
    expect(onSale.pages).toBe(2);
    expect(onSale.list).toHaveLength(15);
    expect(onSale.list.every((p) => p.is_before === '0' && p.pack_count > 0)).toBe(true);

    const coming = await allPages('filter=soon');
    expect(coming.pages).toBe(1);
    expect(coming.list.map((p) => p.id).sort()).toEqual([...soon].sort());

    expect((await allPages('filter=soldOut')).list.map((p) => p.id)).toEqual([soldOut]);
  });

  it('refuses an unknown sort or filter with a message in the caller language', async () => {
    const ja = await t.shop.client('ja').get(`/user/pack/all_list/${TYPE}?sort=cheapest`);
    expect(ja.state).toBe(400);
    expect(ja.errors?.sort?.[0]).toBe('不正な値です');
    const en = await t.shop.client('en').get(`/user/pack/all_list/${TYPE}?filter=x`);
    expect(en.state).toBe(400);
    expect(Object.keys(en.errors ?? {})).toEqual(['filter']);
  });
});
