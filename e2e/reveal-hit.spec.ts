import { readFileSync } from 'node:fs';
import { type Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { snap, useLanguage } from './helpers';
import { apiPost, signInStaff } from './staff';

// The reveal of a rank-S hit (issue 13): gold foil on the card, a gold burst in the spotlight, then the result
// with the hit's share card. An operator publishes a one-ticket pack whose only ticket is an S card, so the draw
// is certain.
type Catalogue = Record<string, Record<string, unknown>>;
const read = (lang: 'ja' | 'en', ns: string) =>
  JSON.parse(readFileSync(`apps/web/src/i18n/locales/${lang}/${ns}.json`, 'utf8')) as Catalogue;
const str = (c: Catalogue, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Catalogue)[k], c) as string;

/** A published pack of card type 1 with one ticket, an S card of the master's rarest; answers its id. */
async function oneTicketSPack(browser: Browser, name: string): Promise<number> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signInStaff(page, 'operator');
  const cards = (await (await page.request.get('/api/admin/cards?card_type=1&per_page=50')).json()) as {
    rows: { id: number; rarity: number }[];
  };
  const rarest = [...cards.rows].sort((a, b) => b.rarity - a.rarity)[0]!;
  const draft = await apiPost(page.request, '/admin/packs', {
    card_type: 1,
    name_ja: name,
    name_en: name,
    images: ['/demo/packs/ds-azure-1.webp'],
    point: 100,
    // Long on sale, so it lists after the demo's packs and leaves their page alone.
    start_date: new Date(Date.now() - 90 * 86400_000).toISOString().slice(0, 16),
    end_date: '',
    total_tickets: 1,
    lineup: [{ card_id: rarest.id, rank: 'S', count: 1 }],
  });
  expect(draft.state, JSON.stringify(draft)).toBe(200);
  const id = (draft.pack as { id: number }).id;
  expect((await apiPost(page.request, `/admin/packs/${id}/publish`)).state).toBe(200);
  await ctx.close();
  return id;
}

for (const lang of ['ja', 'en'] as const) {
  test(`a rank-S hit: gold reveal, then its share card (${lang})`, async ({ page, browser }, testInfo) => {
    test.setTimeout(90_000);
    const p = read(lang, 'pack');
    const account = read(lang, 'account');
    const packId = await oneTicketSPack(browser, `S-${lang}-${testInfo.project.name}-${Date.now()}`);
    await useLanguage(page, lang);
    const member = (await (
      await page.request.post('/sandbox/members', { data: { paidPoints: 1000, lang } })
    ).json()) as {
      mail: string;
      pass: string;
    };
    await page.goto('/login');
    await page.getByLabel(new RegExp(`^${str(account, 'fields.mail')}`)).fill(member.mail);
    await page.getByLabel(new RegExp(`^${str(account, 'fields.pass')}`)).fill(member.pass);
    await page.getByLabel(new RegExp(`^${str(account, 'fields.pass')}`)).press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/pack-detail?packId=${packId}&num=1`);
    await page
      .getByRole('dialog', { name: str(p, 'confirm.title') })
      .getByTestId('confirm-buy')
      .click();
    await page.getByRole('button', { name: str(p, 'reveal.tap') }).click();

    // The spotlight: the call, the card turned in gold, and the burst of gold sparks behind it.
    const spotlight = page.getByRole('button', { name: new RegExp(`${str(p, 'reveal.continue')}$`) });
    await expect(spotlight.getByRole('status')).toHaveText(str(p, 'reveal.call4'));
    await expect(spotlight.locator('[data-testid="reveal-card"][data-revealed="1"]')).toBeVisible();
    await expect(spotlight.locator('span[aria-hidden="true"] > i')).toHaveCount(16);
    await page.waitForTimeout(700);
    await snap(page, testInfo, `reveal-${lang}-s-spotlight`, { fullPage: false });
    // It leaves by itself (or on a tap) after its moment.

    // The result: the S card's share picture and links, the totals on screen.
    await expect(page.getByTestId('reveal-next')).toBeVisible();
    await expect(page.getByTestId('result-value')).toBeInViewport();
    await page.waitForTimeout(1200);
    await snap(page, testInfo, `reveal-${lang}-s-result`, { fullPage: false });
    await page
      .getByRole('region', { name: str(p, 'reveal.cardsLabel') })
      .evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(page.getByTestId('hit-share-image')).toBeVisible();
    await snap(page, testInfo, `reveal-${lang}-s-share`, { fullPage: false });
  });
}
