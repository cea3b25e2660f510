import { expect, test } from './fixtures';
import { snap, useLanguage } from './helpers';
import { apiPost } from './staff';

// Live stock and hits (issue 22 §3, ADR 0049): a page that is only open — the pack list, which never refetches on
// its own — sees another member's purchase: the pack's stock bar moves to empty, the pack turns sold out and the
// hit ticker lists the S and A draws, without a reload.
interface Listed {
  id: number;
  name: string;
  card_type: number;
  pack_count: number;
  total_pack_count: number;
  is_before: string;
  payment_method: string;
  max_buy_count: number;
  rank_limit: number;
  sms_only: string;
}

test('an open pack list sees another member sell a pack out, with the hits on the ticker', async ({
  page,
  browser,
}, testInfo) => {
  await useLanguage(page, 'ja');
  const list = ((await (await page.request.get('/api/user/pack/list')).json()) as { list: Listed[] }).list;
  // The smallest point pack on sale that anyone may buy to the end.
  const pack = list
    .filter((p) => p.pack_count > 0 && p.is_before === '0' && p.payment_method === '1')
    .filter((p) => p.max_buy_count === 0 && p.rank_limit === 0 && p.sms_only === '0')
    // Not pack 1, which the purchase journeys on the same shop buy from.
    .filter((p) => p.id !== 1)
    .sort((a, b) => a.pack_count - b.pack_count)[0]!;
  expect(pack, 'a demo pack on sale').toBeTruthy();

  await page.goto(`/pack-list?index=${pack.card_type}`);
  const banner = page.locator('article', { has: page.locator(`#pack-${pack.id}-name`) });
  const meter = banner.getByRole('meter');
  await expect(meter).toHaveAttribute('aria-valuenow', String(pack.pack_count));
  await expect(page.getByRole('heading', { name: /最新の当たり/ })).toBeVisible();

  // Another member, in another browser, buys every ticket left.
  const buyer = await browser.newContext();
  const made = (await (await buyer.request.post('/sandbox/members', { data: { paidPoints: 5_000_000 } })).json()) as {
    mail: string;
    pass: string;
  };
  expect((await apiPost(buyer.request, '/user/login', { mail: made.mail, pass: made.pass })).state).toBe(200);
  const check = await apiPost(buyer.request, '/user/pack/check', { pack_id: pack.id, count: 'all' });
  expect(check.state).toBe(200);
  const buy = await apiPost(buyer.request, '/user/pack/buy', { token: check.token });
  expect(buy.state).toBe(200);
  const ranks = (buy.cards as { rank?: string }[]).map((c) => c.rank);
  await buyer.close();

  // The open page, not reloaded: stock empty, sold out.
  await expect(meter).toHaveAttribute('aria-valuenow', '0');
  await expect(page.locator(`#pack-${pack.id}-name`)).toContainText('売り切れ');
  if (ranks.some((r) => r === 'S' || r === 'A')) {
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: /さんが[SA]賞/ })
        .first(),
    ).toBeVisible();
  }
  await snap(page, testInfo, 'live-sold-out', { fullPage: false });
});
