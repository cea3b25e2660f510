import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, hydrating, test } from './fixtures';
import sharp from 'sharp';
import { consoleWalkIn, snap, useLanguage } from './helpers';
import { signInStaff } from './staff';

// The console's member programmes (issue 11) and the shipment of an exchanged card (ADR 0027): an operator lists a
// card for exchange (bad input refused first), a member takes it and chooses to ship it, the parcel shows the card
// in the fulfilment queue and detail, the member's history lists it with its parcel; partner sites and SNS
// campaigns are managed on their pages. Every new console page is shot in Japanese and English.
type Lang = 'ja' | 'en';
type Catalogue = Record<string, unknown>;
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
const admin = (lang: Lang, ns: string) => read(`apps/web/src/admin/i18n/${lang}/${ns}.json`);
const shop = (lang: Lang, ns: string) =>
  read(`apps/web/src/i18n/${ns === 'perks' ? 'lazy' : 'locales'}/${lang}/${ns}.json`);
const str = (c: Catalogue, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Catalogue)[k], c) as string;
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A generated card picture (no real artwork). */
const art = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="840"><rect width="100%" height="100%" fill="hsl(200,70%,45%)"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

async function staffPage(page: Page, testInfo: TestInfo, baseURL: string | undefined, lang: Lang) {
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await page.context().browser()!.newContext({ baseURL, viewport, isMobile, hasTouch });
  const staff = hydrating(await context.newPage());
  await useLanguage(staff, lang);
  await signInStaff(staff, 'owner');
  return { staff, context };
}

for (const lang of consoleWalkIn('ja')) {
  test(
    `console programmes: list a card for exchange, a member takes and ships it, the parcel carries it (${lang})`,
    { tag: '@wide' },
    async ({ page, baseURL }, testInfo) => {
      test.setTimeout(180_000);
      const t = admin(lang, 'programmes');
      const f = admin(lang, 'fulfilment');
      const stamp = `${Date.now().toString(36)}${testInfo.project.name[0]}`;
      const name = { ja: `交換E2E ${stamp}`, en: `Exchange E2E ${stamp}` };
      const { staff, context } = await staffPage(page, testInfo, baseURL, lang);

      // The catalogue: an empty form is refused field by field; conversion above the price is refused.
      await staff.goto('/admin/programmes/exchange');
      await expect(staff.getByRole('heading', { name: str(t, 'exchange.title'), level: 1 })).toBeVisible();
      await staff.getByRole('button', { name: str(t, 'exchange.add') }).click();
      const form = staff.getByRole('form', { name: str(t, 'exchange.add') });
      await form.getByRole('button', { name: str(admin(lang, 'common'), 'save') }).click();
      await expect(form.getByRole('alert').first()).toBeVisible();
      const label = (k: string) => form.getByLabel(str(t, `fields.${k}`), { exact: true });
      await label('name_ja').fill(name.ja);
      await label('name_en').fill(name.en);
      await label('price').fill('1000');
      await label('convert_point').fill('1500');
      await label('stock_total').fill('2');
      await form
        .getByTestId('image-input')
        .setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: await art() });
      await expect(form.locator('.a-thumbs img')).toHaveCount(1);
      await form.getByRole('button', { name: str(admin(lang, 'common'), 'save') }).click();
      const over =
        lang === 'ja' ? '変換ポイントは交換ポイント（1000P）以下に' : 'may not exceed the exchange price (1000 P)';
      await expect(form.getByText(over)).toBeVisible();
      await snap(staff, testInfo, `admin-programmes-${lang}-exchange-refused`);
      await label('convert_point').fill('600');
      await form.getByRole('button', { name: str(admin(lang, 'common'), 'save') }).click();
      await expect(staff.getByRole('status')).toHaveText(str(t, 'saved'));
      const row = staff.getByRole('row').filter({ hasText: name.ja });
      await expect(row).toContainText('2 / 2');
      await snap(staff, testInfo, `admin-programmes-${lang}-exchange`);

      // A member takes it from the exchange corner and chooses to ship it.
      const b = shop(lang, 'perks');
      await useLanguage(page, lang);
      const member = (await (
        await page.request.post('/sandbox/members', { data: { lang, paidPoints: 5_000, address: true } })
      ).json()) as { mail: string; pass: string; id: number };
      const account = shop(lang, 'account');
      await page.goto('/login');
      await page.getByLabel(new RegExp(`^${escape(str(account, 'fields.mail'))}`)).fill(member.mail);
      await page.getByLabel(new RegExp(`^${escape(str(account, 'fields.pass'))}`)).fill(member.pass);
      await page.getByLabel(new RegExp(`^${escape(str(account, 'fields.pass'))}`)).press('Enter');
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/exchange-card');
      const said: string[] = [];
      page.on('dialog', (d) => {
        said.push(d.message());
        void d.accept();
      });
      await page.getByRole('button', { name: `${name[lang]} ${str(b, 'exchange.exchange')}` }).click();
      await page
        .getByRole('dialog', { name: str(b, 'exchange.confirmTitle') })
        .getByRole('button', { name: str(b, 'exchange.confirm'), exact: true })
        .click();
      const done = page.getByRole('dialog', { name: str(b, 'exchange.doneTitle') });
      await done.getByRole('button', { name: str(b, 'exchange.ship') }).click();
      await expect.poll(() => said).toEqual([str(b, 'exchange.shipped')]);

      // The console: the order, then the parcel in the fulfilment queue with the exchanged card as its line.
      await staff.goto(`/admin/programmes/exchange-orders?q=${member.id}`);
      const order = staff.getByRole('row').filter({ hasText: name.ja });
      await expect(order).toContainText(str(t, 'orders.statuses.ship'));
      await snap(staff, testInfo, `admin-programmes-${lang}-orders`);
      await staff.goto(`/admin/shipments?status=preparing&q=${member.id}`);
      const parcel = staff.getByRole('row').filter({ hasText: lang === 'ja' ? '試験 花子' : 'Tester Alex' });
      await expect(parcel).toHaveCount(1);
      const shipmentId = Number((await parcel.getByRole('link').first().textContent())!.replace('#', ''));
      await staff.goto(`/admin/shipments/pick-list?ids=${shipmentId}`);
      await expect(staff.locator('tbody tr')).toHaveCount(1);
      await expect(staff.locator('tbody tr')).toContainText(str(f, 'source.exchange'));
      await snap(staff, testInfo, `admin-programmes-${lang}-pick-list`);

      // The member's history lists the exchanged card with its label; its detail shows the parcel's timeline.
      const p = shop(lang, 'pack');
      await page.goto('/buy-product-history');
      const line = page.getByRole('button', { name: new RegExp(escape(name[lang])) });
      await expect(line).toContainText(str(p, 'history.exchangeLabel'));
      await snap(page, testInfo, `admin-programmes-${lang}-member-history`);
      await line.click();
      await expect(page).toHaveURL(/exchangeId=\d+/);
      await expect(page.getByRole('heading', { name: str(p, 'history.exchangeCard') })).toBeVisible();
      await expect(page.getByTestId('shipment-timeline')).toBeVisible();
      await snap(page, testInfo, `admin-programmes-${lang}-member-exchange-detail`);

      // Close the card: members no longer see it.
      await staff.goto('/admin/programmes/exchange');
      await staff
        .getByRole('row')
        .filter({ hasText: name.ja })
        .getByRole('button', { name: new RegExp(`^${escape(str(t, 'exchange.close'))}`) })
        .click();
      await expect(staff.getByRole('status')).toHaveText(fill(str(t, 'exchange.closed'), { name: name.ja }));
      await page.goto('/exchange-card');
      await expect(page.getByRole('heading', { name: str(b, 'exchange.title') })).toBeVisible();
      await expect(page.getByText(name[lang], { exact: true })).toHaveCount(0);
      await context.close();
    },
  );
}

for (const lang of consoleWalkIn('en')) {
  test(
    `console programmes: partner sites and SNS campaigns (${lang})`,
    { tag: '@wide' },
    async ({ page, baseURL }, testInfo) => {
      test.setTimeout(120_000);
      const t = admin(lang, 'programmes');
      const { staff, context } = await staffPage(page, testInfo, baseURL, lang);
      const save = str(admin(lang, 'common'), 'save');

      await staff.goto('/admin/programmes/partners');
      await expect(staff.getByRole('heading', { name: str(t, 'partners.title'), level: 1 })).toBeVisible();
      const site = staff.getByRole('row').filter({ hasText: lang === 'ja' ? 'スタートレカ' : 'Star Toreca' });
      await expect(site).toContainText(str(t, 'partners.on'));
      await snap(staff, testInfo, `admin-programmes-${lang}-partners`);
      staff.on('dialog', (d) => void d.accept());
      await site.getByRole('button', { name: new RegExp(`^${escape(str(t, 'partners.disable'))}`) }).click();
      await expect(site).toContainText(str(t, 'partners.off'));
      await site.getByRole('button', { name: new RegExp(`^${escape(str(t, 'partners.enable'))}`) }).click();
      await expect(site).toContainText(str(t, 'partners.on'));

      await staff.goto('/admin/programmes/sns');
      await expect(staff.getByRole('heading', { name: str(t, 'sns.title'), level: 1 })).toBeVisible();
      await staff.getByRole('button', { name: str(t, 'sns.add') }).click();
      const form = staff.getByRole('form', { name: str(t, 'sns.add') });
      const label = (k: string) => form.getByLabel(str(t, `fields.${k}`), { exact: true });
      const code = `E2E${Date.now().toString(36).toUpperCase()}${testInfo.project.name[0]!.toUpperCase()}${lang}`;
      await label('code').fill('no spaces');
      await label('point').fill('0');
      await label('follow_url').fill('http://example.com');
      await form.getByRole('button', { name: save }).click();
      await expect(form.getByRole('alert')).toHaveCount(3);
      await snap(staff, testInfo, `admin-programmes-${lang}-sns-refused`);
      await label('code').fill(code);
      await label('point').fill('300');
      await label('follow_url').fill('https://x.com/example');
      await form.getByRole('button', { name: save }).click();
      await expect(staff.getByRole('status')).toHaveText(str(t, 'saved'));
      const campaign = staff.getByRole('row').filter({ hasText: code });
      await expect(campaign).toContainText(str(t, 'sns.active'));
      await snap(staff, testInfo, `admin-programmes-${lang}-sns`);
      // Edit it: switched off (so the shop's own follow campaign stays the one members see in later journeys).
      await campaign.getByRole('button', { name: new RegExp(`^${escape(str(t, 'edit'))}`) }).click();
      const edit = staff.getByRole('form', { name: fill(str(t, 'sns.edit'), { code }) });
      await expect(edit.getByLabel(str(t, 'fields.code'), { exact: true })).toBeDisabled();
      await edit.getByLabel(str(t, 'fields.active'), { exact: true }).uncheck();
      await edit.getByRole('button', { name: save }).click();
      await expect(campaign).toContainText(str(t, 'sns.inactive'));
      await context.close();
    },
  );
}
