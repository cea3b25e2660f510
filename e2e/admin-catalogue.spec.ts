import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, hydrating, test } from './fixtures';
import { consoleWalkIn, snap, useLanguage } from './helpers';
import { uploadInto } from './pictures';
import { signInStaff } from './staff';

// The catalogue journey of issue 10: an operator creates cards with images, builds a pack, previews and publishes
// it, and sees it on the storefront with its commitment on /fairness. Every catalogue page is shot in both
// languages.
type Lang = 'ja' | 'en';
type Catalogue = Record<string, unknown>;
const text = (lang: Lang, ns: string) =>
  JSON.parse(readFileSync(`apps/web/src/admin/i18n/${lang}/${ns}.json`, 'utf8')) as Catalogue;
const str = (c: Catalogue, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Catalogue)[k], c) as string;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function createCard(page: Page, lang: Lang, c: Catalogue, names: [string, string], rarity: number, hue: number) {
  await page.goto('/admin/cards/new');
  await expect(page.getByRole('heading', { name: str(c, 'newCard') })).toBeVisible();
  await uploadInto(page, hue);
  await page.getByLabel(str(c, 'nameJa')).fill(names[0]);
  await page.getByLabel(str(c, 'nameEn')).fill(names[1]);
  await page.getByLabel(str(c, 'rarity')).selectOption(String(rarity));
  await page.getByLabel(str(c, 'modelNumber')).fill(`E2E-${hue}`);
  await page.getByLabel(str(c, 'buyPoint')).fill(String(1000 * (rarity + 1)));
  await page.getByRole('button', { name: str(text(lang, 'common'), 'save') }).click();
  await expect(page.getByRole('status')).toHaveText(str(c, 'created'));
  await expect(page).toHaveURL(/\/admin\/cards\/\d+$/);
  return Number(/\/admin\/cards\/(\d+)$/.exec(page.url())![1]);
}

for (const lang of consoleWalkIn('en')) {
  test(
    `catalogue: cards with images → pack → preview → publish → storefront and /fairness (${lang})`,
    { tag: '@wide' },
    async ({ page, browser, baseURL }, testInfo) => {
      test.setTimeout(180_000);
      const c = text(lang, 'catalogue');
      const tag = `cat${lang}${testInfo.project.name}`;
      await useLanguage(page, lang);
      await signInStaff(page, 'operator');

      // Dashboard first (the operator's home), then the card master.
      await page.goto('/admin/dashboard');
      await expect(page.getByTestId('dashboard-figures')).toBeVisible();
      await snap(page, testInfo, `admin-dashboard-${lang}`);

      const hue = lang === 'ja' ? 10 : 190;
      await createCard(page, lang, c, [`星霊竜 ${tag}`, `Star Spirit Dragon ${tag}`], 3, hue);
      await snap(page, testInfo, `admin-card-edit-${lang}`);
      await createCard(page, lang, c, [`月影の狐 ${tag}`, `Moonshade Fox ${tag}`], 2, hue + 40);
      await page.goto('/admin/cards?q=' + encodeURIComponent(tag));
      await expect(page.getByRole('link', { name: new RegExp(escape(tag)) })).toHaveCount(2);
      await page.goto('/admin/cards');
      await expect(page.getByRole('heading', { level: 1, name: str(c, 'cards') })).toBeVisible();
      await expect(page.getByRole('link', { name: new RegExp(escape(tag)) }).first()).toBeVisible();
      await snap(page, testInfo, `admin-cards-${lang}`);

      // A pack: names, an image, price, sale start, 30 tickets: S 1 + A 4 + C 25 (a demo card).
      await page.goto('/admin/packs/new');
      const packName = lang === 'ja' ? `E2E 星霊竜パック ${tag}` : `E2E Star Spirit Pack ${tag}`;
      await page.getByLabel(str(c, 'nameJa')).fill(`E2E 星霊竜パック ${tag}`);
      await page.getByLabel(str(c, 'nameEn')).fill(`E2E Star Spirit Pack ${tag}`);
      await page.getByLabel(str(c, 'detailJa')).fill('E2Eで作ったパックです。');
      await page.getByLabel(str(c, 'detailEn')).fill('A pack made by the browser test.');
      await uploadInto(page, hue + 120, 1200, 630);
      await page.getByLabel(str(c, 'price'), { exact: true }).fill('300');
      await page.getByLabel(str(c, 'start')).fill('2024-01-01T10:00');
      await page.getByLabel(str(c, 'totalTickets')).fill('30');
      // The lineup from the card picker (a server search, issue 21 item 6): the two new cards by their tag, one at a
      // time to its rank, then any normal card of the demo master to C.
      const fill = (key: string, vars: Record<string, string>) =>
        Object.entries(vars).reduce((t, [k, v]) => t.replace(`{{${k}}}`, v), str(c, key));
      await page.getByRole('button', { name: str(c, 'addCards') }).click();
      const picker = page.getByTestId('card-picker');
      await picker.getByLabel(str(c, 'picker.text')).fill(tag);
      await expect(picker.getByTestId('picker-row')).toHaveCount(2);
      const lines: [string, string, string][] = [
        [lang === 'ja' ? `星霊竜 ${tag}` : `Star Spirit Dragon ${tag}`, 'S', '1'],
        [lang === 'ja' ? `月影の狐 ${tag}` : `Moonshade Fox ${tag}`, 'A', '4'],
      ];
      for (const [name, rank, count] of lines) {
        await picker.getByLabel(fill('picker.selectCard', { name }), { exact: true }).check();
        await picker.getByLabel(str(c, 'picker.toRank')).selectOption(rank);
        await picker.getByLabel(str(c, 'picker.count')).fill(count);
        await picker.getByRole('button', { name: fill('picker.add', { n: '1', rank }) }).click();
        await expect(
          picker
            .getByRole('status')
            .filter({ hasText: fill(lang === 'en' ? 'picker.added_one' : 'picker.added', { count: '1', rank }) }),
        ).toBeVisible();
      }
      await picker.getByLabel(str(c, 'picker.text')).fill('');
      await picker.getByLabel(str(c, 'rarity')).selectOption('0');
      await picker.getByTestId('picker-row').first().getByRole('checkbox').check();
      await picker.getByLabel(str(c, 'picker.toRank')).selectOption('C');
      await picker.getByLabel(str(c, 'picker.count')).fill('25');
      await picker.getByRole('button', { name: fill('picker.add', { n: '1', rank: 'C' }) }).click();
      await picker.getByRole('button', { name: str(c, 'picker.close') }).click();
      await expect(page.getByTestId('lineup-line')).toHaveCount(3);
      await expect(page.getByTestId('economics-ev')).not.toHaveText('—');
      await expect(page.locator('.a-sum')).toHaveAttribute('data-ok', 'true');
      await page.getByRole('button', { name: str(c, 'save') }).click();
      await expect(page).toHaveURL(/\/admin\/packs\/\d+$/);
      await expect(page.getByRole('status')).toHaveText(str(c, 'created'));
      await expect(page.getByTestId('pack-status')).toHaveText(str(c, 'statuses.draft'));

      // A lineup that does not add up is refused with the numbers, and nothing is saved.
      await page.getByLabel(str(c, 'totalTickets')).fill('31');
      await page.getByRole('button', { name: str(c, 'save') }).click();
      await expect(page.getByRole('alert').filter({ hasText: '31' }).first()).toBeVisible();
      await page.getByLabel(str(c, 'totalTickets')).fill('30');

      await page.getByRole('button', { name: str(c, 'preview'), exact: true }).click();
      await expect(page.getByTestId('pack-preview')).toContainText(packName);
      await snap(page, testInfo, `admin-pack-draft-${lang}`);

      // The preview step: the storefront's own pack page for the saved draft, as members will see it, under a bar
      // that says it is not on sale, with nothing to draw. A guest browser never sees the draft in the shop.
      const previewHref = (await page.getByTestId('store-preview').getAttribute('href'))!;
      expect(previewHref).toMatch(/^\/pack-detail\?preview=/);
      const shop = hydrating(await page.context().newPage());
      await shop.goto(previewHref);
      const previewText = JSON.parse(
        readFileSync(`apps/web/src/i18n/lazy/${lang}/pack-preview.json`, 'utf8'),
      ) as Catalogue;
      await expect(shop.getByTestId('preview-bar')).toContainText(str(previewText, 'bar'));
      await expect(shop.getByRole('heading', { level: 1, name: packName })).toBeVisible();
      await expect(shop.getByText(str(previewText, 'notOnSale'))).toBeVisible();
      // The draw buttons' own labels ("10連" / "Draw 10"), from the storefront's catalogue.
      const drawTen = str(JSON.parse(readFileSync(`apps/web/src/i18n/locales/${lang}/pack.json`, 'utf8')), 'draw.ten');
      await expect(shop.getByRole('button', { name: new RegExp(`^${escape(drawTen)}`) })).toHaveCount(0);
      await snap(shop, testInfo, `shop-pack-preview-${lang}`);
      const guestContext = await browser.newContext({ baseURL });
      const guest = hydrating(await guestContext.newPage());
      await useLanguage(guest, lang);
      await guest.goto('/pack-list?index=1');
      await guest.waitForLoadState('networkidle');
      await expect(guest.getByText(packName)).toHaveCount(0);
      await guest.goto(previewHref.replace(/\.[A-Za-z0-9_-]{43}$/, `.${'A'.repeat(43)}`));
      await expect(guest.getByRole('alert')).toContainText(str(previewText, 'expired'));
      await expect(guest.getByText(packName)).toHaveCount(0);
      await guestContext.close();
      await shop.close();

      // The publish step: the server's economics of the saved draft, then the confirmation.
      await page.getByRole('button', { name: str(c, 'publish'), exact: true }).click();
      const step = page.getByTestId('publish-step');
      await expect(step.getByTestId('publish-economics-ev')).toHaveText(
        (await page.getByTestId('economics-ev').textContent())!,
      );
      await snap(page, testInfo, `admin-pack-publish-step-${lang}`);
      await step.getByRole('button', { name: str(c, 'publishNow') }).click();
      await expect(page.getByTestId('pack-status')).toHaveText(str(c, 'statuses.on_sale'));
      await expect(page.getByRole('status')).toHaveText(str(c, 'published'));
      const commitment = (await page.getByTestId('commitment').textContent())!.trim();
      expect(commitment).toMatch(/^[0-9a-f]{64}$/);
      await expect(page.getByTestId('figure-sold')).toContainText('0 / 30');
      await snap(page, testInfo, `admin-pack-published-${lang}`);
      const packId = Number(
        /packId=(\d+)/.exec(
          (await page.getByRole('link', { name: str(c, 'storefrontLink') }).getAttribute('href'))!,
        )![1],
      );

      await page.goto('/admin/packs');
      await expect(page.getByRole('heading', { level: 1, name: str(c, 'packs') })).toBeVisible();
      await expect(page.getByRole('link', { name: packName })).toBeVisible();
      await snap(page, testInfo, `admin-packs-${lang}`);

      await page.goto('/admin/content');
      await expect(page.getByRole('tab', { name: str(text(lang, 'content'), 'tabs.coupons') })).toBeVisible();
      await snap(page, testInfo, `admin-content-${lang}`);
      // Coupons: a points coupon without points is refused by the form, in the console's language.
      const ct = text(lang, 'content');
      await page.getByRole('tab', { name: str(ct, 'tabs.coupons') }).click();
      await page.getByRole('button', { name: str(ct, 'add') }).click();
      await page.getByLabel(str(ct, 'fields.code')).fill(`E2E-${tag}`.slice(0, 20));
      await page.getByRole('button', { name: str(text(lang, 'common'), 'save') }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await page.getByLabel(str(ct, 'fields.point'), { exact: true }).fill('500');
      await page.getByRole('button', { name: str(text(lang, 'common'), 'save') }).click();
      await expect(page.getByRole('cell', { name: `E2E-${tag}`.slice(0, 20) })).toBeVisible();
      await snap(page, testInfo, `admin-content-coupons-${lang}`);

      // The storefront sells it, with the commitment the console showed; /fairness shows the same commitment.
      await page.goto(`/pack-detail?packId=${packId}`);
      await expect(page.getByRole('heading', { name: packName })).toBeVisible();
      await expect(page.getByText(commitment).first()).toBeVisible();
      // The uploaded images are served (/media) and shown by the storefront.
      const media = page.locator('img[src^="/media/"]').first();
      await expect(media).toBeVisible();
      expect(await media.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await page.goto(`/fairness?packId=${packId}`);
      await expect(page.getByText(commitment).first()).toBeVisible();
      await snap(page, testInfo, `admin-pack-fairness-${lang}`);
    },
  );
}
