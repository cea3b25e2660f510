import { readFileSync } from 'node:fs';
import { type Browser } from '@playwright/test';
import { expect, hydrating, test } from './fixtures';
import { snap, useLanguage } from './helpers';
import { apiPost, signInStaff } from './staff';

// The pack list's sort and filter (issue 13) run on the server before paging: page 2 continues page 1's order, and
// the choice lives in the address, so a reload shows the same list. The demo has one page of Dragon Sigil packs;
// an operator publishes a few more first (once per server run), so the list has two.
type Lang = 'ja' | 'en';
type Catalogue = Record<string, Record<string, unknown>>;
const read = (lang: Lang, ns: string) =>
  JSON.parse(readFileSync(`apps/web/src/i18n/locales/${lang}/${ns}.json`, 'utf8')) as Catalogue;
const str = (c: Catalogue, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Catalogue)[k], c) as string;

/** A pack name at the start of its heading (a sold-out one also says so, to screen readers). */
const startsWith = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

interface Listed {
  id: number;
  name: string;
  point: number;
  pack_count: number;
  is_before: string;
  payment_method: string;
}
interface ListReply {
  list: Listed[];
  page: { all_page: number };
}

/** Publishes packs of card type 1 through the console's API until its list has two pages. */
async function ensureTwoPages(browser: Browser) {
  const ctx = await browser.newContext();
  const page = hydrating(await ctx.newPage());
  const first = (await (await page.request.get('/api/user/pack/all_list/1')).json()) as ListReply;
  if (first.page.all_page >= 2) return ctx.close();
  await signInStaff(page, 'operator');
  const cards = (await (await page.request.get('/api/admin/cards?card_type=1&per_page=50')).json()) as {
    rows: { id: number }[];
  };
  const [s, c] = [cards.rows[0]!.id, cards.rows[1]!.id];
  // On sale since long before the demo's packs: newest-first, the demo's packs keep page 1 (other journeys open
  // them from there); the sold-out one moves to page 2, as sold-out packs close the list.
  const start = new Date(Date.now() - 60 * 86400_000).toISOString().slice(0, 16);
  for (let i = 0; i < 13 - first.list.length; i++) {
    const draft = await apiPost(page.request, '/admin/packs', {
      card_type: 1,
      name_ja: `追加パック${i + 1}`,
      name_en: `Extra pack ${i + 1}`,
      images: ['/demo/packs/ds-azure-1.webp'],
      point: 150 + i * 170,
      start_date: start,
      end_date: '',
      total_tickets: 10 + i,
      lineup: [
        { card_id: s, rank: 'S', count: 1 },
        { card_id: c, rank: 'C', count: 9 + i },
      ],
    });
    expect(draft.state, JSON.stringify(draft)).toBe(200);
    const id = (draft.pack as { id: number }).id;
    const published = await apiPost(page.request, `/admin/packs/${id}/publish`);
    expect(published.state, JSON.stringify(published)).toBe(200);
  }
  await ctx.close();
}

for (const lang of ['ja', 'en'] as const) {
  test(`pack list: sort and filter run across pages and survive a reload (${lang})`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    await ensureTwoPages(browser);
    await useLanguage(page, lang);
    const p = read(lang, 'pack');
    const common = read(lang, 'common');
    const names = () => page.getByTestId('pack-banner').locator('h2');

    await page.goto('/pack-list?index=1');
    await page.getByLabel(str(p, 'list.sortLabel')).selectOption('price');
    await expect(page).toHaveURL(/\/pack-list\?index=1&page=1&sort=price$/);
    // What the page shows is the server's order for that choice.
    const api = async (n: number, q: string) =>
      (await (await page.request.get(`/api/user/pack/all_list/1/${n}?${q}`)).json()) as ListReply;
    const [one, two] = [await api(1, 'sort=price'), await api(2, 'sort=price')];
    expect(two.list.length).toBeGreaterThan(0);
    await expect(names()).toHaveText(one.list.map((x) => startsWith(x.name)));
    // Cheapest first across the page break (coin packs follow the point packs; sold-out packs close every order).
    const all = [...one.list, ...two.list].filter((x) => x.pack_count > 0);
    const coinsFrom = all.some((x) => x.payment_method === '2')
      ? all.findIndex((x) => x.payment_method === '2')
      : all.length;
    expect(all.slice(coinsFrom).every((x) => x.payment_method === '2')).toBe(true);
    const onSale = all.slice(0, coinsFrom).map((x) => x.point);
    expect(onSale).toEqual([...onSale].sort((a, b) => a - b));
    await snap(page, testInfo, `pack-list-${lang}-price-1`);

    await page
      .getByRole('navigation', { name: str(common, 'pager.label') })
      .getByRole('button', { name: str(common, 'pager.page').replace('{{page}}', '2') })
      .click();
    await expect(page).toHaveURL(/\/pack-list\?index=1&page=2&sort=price$/);
    await expect(names()).toHaveText(two.list.map((x) => startsWith(x.name)));
    await page.reload();
    await expect(page.getByLabel(str(p, 'list.sortLabel'))).toHaveValue('price');
    await expect(names()).toHaveText(two.list.map((x) => startsWith(x.name)));

    // A filter is another list: it starts on page 1 and keeps the sort.
    await page.getByLabel(str(p, 'list.filterLabel')).selectOption('onSale');
    await expect(page).toHaveURL(/\/pack-list\?index=1&page=1&sort=price&filter=onSale$/);
    const sale = await api(1, 'sort=price&filter=onSale');
    expect(sale.list.every((x) => x.pack_count > 0 && x.is_before === '0')).toBe(true);
    await expect(names()).toHaveText(sale.list.map((x) => startsWith(x.name)));
    await expect(page.getByText('SOLD OUT')).toHaveCount(0);
    await snap(page, testInfo, `pack-list-${lang}-on-sale`);

    // The game select is the card-type filter.
    await page.getByLabel(str(p, 'list.typeLabel')).selectOption('2');
    await expect(page).toHaveURL(/\/pack-list\?index=2&page=1&sort=price&filter=onSale$/);
  });
}
