import { readFileSync, writeFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import iconv from 'iconv-lite';
import { snap, useLanguage } from './helpers';
import { apiPost, signInStaff } from './staff';

// The fulfilment journey of issue 10: a member buys and chooses to ship; the shipping role exports the carrier
// CSV, imports tracking numbers, packs and marks the parcel shipped; the member sees the timeline with the tracking
// link and receives the mail (sandbox outbox). Console pages are shot in Japanese and English.
type Lang = 'ja' | 'en';
type Catalogue = Record<string, unknown>;
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
const str = (c: Catalogue, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Catalogue)[k], c) as string;
const shop = (lang: Lang, ns: string) => read(`apps/web/src/i18n/locales/${lang}/${ns}.json`);
const consoleText = (lang: Lang) => read(`apps/web/src/admin/i18n/${lang}/fulfilment.json`);
const PACK = { ja: 'ドラゴンシジル 蒼炎の覇者パック', en: 'Dragon Sigil: Azure Flame Sovereign Pack' };

/** The member's purchase through the shop: log in, draw 10, skip the reveal, ship every card. */
async function buyAndShip(page: Page, lang: Lang, mail: string, pass: string) {
  const p = shop(lang, 'pack');
  const account = shop(lang, 'account');
  await page.goto('/login');
  await page.getByLabel(new RegExp(`^${str(account, 'fields.mail')}`)).fill(mail);
  await page.getByLabel(new RegExp(`^${str(account, 'fields.pass')}`)).fill(pass);
  await page.getByLabel(new RegExp(`^${str(account, 'fields.pass')}`)).press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/pack-list?index=1');
  await page.getByRole('link', { name: PACK[lang], exact: true }).click();
  const draw = page.getByRole('button', {
    name: new RegExp(`^${str(p, 'draw.ten').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s`),
  });
  // The list's own draw buttons stay on screen until the pack page has loaded: wait for the page's one button.
  await expect(page).toHaveURL(/\/pack-detail\?packId=\d+/);
  await expect(draw).toHaveCount(1);
  await draw.click();
  await page
    .getByRole('dialog', { name: str(p, 'confirm.title') })
    .getByTestId('confirm-buy')
    .click();
  await expect(page).toHaveURL(/\/gacha-animation/);
  await page.getByRole('button', { name: str(p, 'reveal.tap') }).click();
  const skip = page.getByRole('button', { name: str(p, 'reveal.skip') });
  await expect(page.getByTestId('reveal-card').first()).toBeVisible();
  if (await skip.isVisible()) await skip.click();
  await expect(page.locator('[data-testid="reveal-card"][data-revealed="1"]')).toHaveCount(10);
  await page.getByTestId('reveal-next').click();
  await expect(page).toHaveURL(/\/get-card-list\?purchaseId=\d+$/);
  const purchaseId = new URL(page.url()).searchParams.get('purchaseId')!;
  const free = page.locator('input[type="checkbox"]:not([disabled])');
  await expect(free.first()).toBeVisible();
  for (let i = 0; i < (await free.count()); i++) await free.nth(i).check();
  await page.getByTestId('to-confirm').click();
  await page.getByTestId('decide').click();
  await expect(page.getByRole('heading', { name: str(p, 'decide.doneTitle') })).toBeVisible();
  return purchaseId;
}

for (const lang of ['ja', 'en'] as const) {
  test(
    `fulfilment: the demo queue opens with parcels in every working status (${lang})`,
    { tag: '@wide' },
    async ({ page }, testInfo) => {
      const t = consoleText(lang);
      await useLanguage(page, lang);
      await signInStaff(page, 'shipping');
      await page.goto('/admin/shipments');
      await expect(page.getByRole('heading', { name: str(t, 'title'), level: 1 })).toBeVisible();
      // The seed's parcels (apps/server/src/seed/demo-shipments.ts): each status tab counts at least one.
      for (const status of ['preparing', 'packed', 'shipped', 'held']) {
        const tab = page.getByRole('tab', { name: new RegExp(`^${str(t, `status.${status}`)} \\((\\d+)\\)$`) });
        await expect(tab).toBeVisible();
        expect(Number(/\((\d+)\)$/.exec((await tab.textContent())!)![1])).toBeGreaterThan(0);
      }
      await page.getByRole('tab', { name: new RegExp(`^${str(t, 'status.shipped')}`) }).click();
      await expect(page.getByRole('row').filter({ hasText: '470123456784' })).toHaveCount(1);
      await snap(page, testInfo, `fulfilment-${lang}-demo-queue`);
    },
  );

  test(
    `fulfilment: buy and ship → export → import tracking → pack → ship → timeline and mail (${lang})`,
    { tag: '@wide' },
    async ({ browser, page: memberPage, baseURL }, testInfo) => {
      test.setTimeout(180_000);
      const t = consoleText(lang);
      const p = shop(lang, 'pack');
      await useLanguage(memberPage, lang);
      const made = await memberPage.request.post('/sandbox/members', {
        data: { paidPoints: 50_000, lang, address: true },
      });
      const member = (await made.json()) as { mail: string; pass: string; id: number };
      const purchaseId = await buyAndShip(memberPage, lang, member.mail, member.pass);

      // The shipping staff member, in a browser of their own.
      const { viewport, isMobile, hasTouch } = testInfo.project.use;
      const staffContext = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, acceptDownloads: true });
      const staff = await staffContext.newPage();
      await useLanguage(staff, lang);
      await signInStaff(staff, 'shipping');
      await staff.goto(`/admin/shipments?status=preparing&q=${member.id}`);
      await expect(staff.getByRole('heading', { name: str(t, 'title'), level: 1 })).toBeVisible();
      const row = staff.getByRole('row').filter({ hasText: lang === 'ja' ? '試験 花子' : 'Tester Alex' });
      await expect(row).toHaveCount(1);
      const shipmentId = Number((await row.getByRole('link').first().textContent())!.replace('#', ''));
      await snap(staff, testInfo, `fulfilment-${lang}-queue`);

      // Select it; the Yamato B2 Cloud file downloads in Shift_JIS with our shipment id in お客様管理番号.
      await row.getByRole('checkbox').check();
      const [download] = await Promise.all([
        staff.waitForEvent('download'),
        staff.getByRole('link', { name: str(t, 'export.yamato') }).click(),
      ]);
      const csv = iconv.decode(readFileSync((await download.path())!), 'Shift_JIS');
      const [header, line] = csv
        .trim()
        .split('\r\n')
        .map((l) => l.split(','));
      expect(header![0]).toBe('お客様管理番号');
      expect(line![0]).toBe(String(shipmentId));

      // The pick list, print-friendly.
      await staff.getByRole('link', { name: str(t, 'pick.open') }).click();
      await expect(staff.getByRole('heading', { name: str(t, 'pickListTitle') })).toBeVisible();
      await expect(staff.locator('tbody tr')).toHaveCount(10);
      await snap(staff, testInfo, `fulfilment-${lang}-pick-list`);
      await staff.goBack();

      // B2 Cloud's issued data comes back with the tracking number: import it.
      // 11 digits and their check digit (the first 11 mod 7: Yamato's 7DR, ADR 0047).
      const body = `4${String(Date.now()).slice(-9)}${lang === 'ja' ? 1 : 2}`;
      const tracking = `${body}${Number(body) % 7}`;
      const file = testInfo.outputPath('issued.csv');
      writeFileSync(
        file,
        iconv.encode(`お客様管理番号,伝票番号,お届け先名\r\n${shipmentId},${tracking},x\r\n`, 'Shift_JIS'),
      );
      await staff.getByLabel(str(t, 'import.file')).setInputFiles(file);
      await staff.getByRole('button', { name: str(t, 'import.submit') }).click();
      // The page's notice (the export panel's count is a status too).
      const notice = (text: string) => staff.getByRole('status').filter({ hasText: text });
      await expect(notice(str(t, 'import.done').replace('{{count}}', '1'))).toBeVisible();
      // A file without the expected columns is refused whole, saying which columns it needs.
      const bad = testInfo.outputPath('bad.csv');
      writeFileSync(bad, `番号,追跡\n${shipmentId},${tracking}\n`);
      await staff.getByLabel(str(t, 'import.file')).setInputFiles(bad);
      await staff.getByRole('button', { name: str(t, 'import.submit') }).click();
      await expect(staff.getByRole('alert').filter({ hasText: str(t, 'import.failed') })).toBeVisible();
      await snap(staff, testInfo, `fulfilment-${lang}-import-refused`);

      // Pack, then ship (both bulk actions on the selection).
      await staff
        .getByRole('row')
        .filter({ hasText: `#${shipmentId}` })
        .getByRole('checkbox')
        .check();
      await staff.getByRole('button', { name: str(t, 'move.packed') }).click();
      await expect(notice(str(t, 'status.packed'))).toBeVisible();
      await staff.getByRole('tab', { name: new RegExp(str(t, 'status.packed')) }).click();
      await staff
        .getByRole('row')
        .filter({ hasText: `#${shipmentId}` })
        .getByRole('checkbox')
        .check();
      await staff.getByRole('button', { name: str(t, 'move.shipped') }).click();
      await expect(notice(str(t, 'status.shipped'))).toBeVisible();

      // The shipment's page: history with the carrier and number.
      await staff.goto(`/admin/shipments/${shipmentId}`);
      await expect(staff.getByRole('heading', { name: new RegExp(`#${shipmentId}`) })).toBeVisible();
      await expect(staff.getByText(tracking).first()).toBeVisible();
      await snap(staff, testInfo, `fulfilment-${lang}-detail`);

      // The member: the timeline with the tracking link on the history detail, and the mail.
      await memberPage.goto(`/buy-product-history-detail?packHistoryId=${purchaseId}`);
      const timeline = memberPage.getByTestId('shipment-timeline');
      await expect(timeline).toBeVisible();
      await expect(timeline.getByRole('listitem')).toHaveCount(3);
      await expect(timeline.locator('[aria-current="step"]')).toContainText(str(p, 'history.shipmentStatus.shipped'));
      await expect(timeline.getByRole('link')).toHaveAttribute('href', new RegExp(`number01=${tracking}$`));
      await expect(memberPage.getByTestId('delivery-code')).toHaveText(tracking);
      await snap(memberPage, testInfo, `fulfilment-${lang}-member-timeline`);
      const outbox = (await (await memberPage.request.get('/sandbox/outbox')).json()) as {
        messages: { recipient: string; subject: string; body: string }[];
      };
      const mail = outbox.messages.find((m) => m.recipient === member.mail && m.body.includes(tracking));
      expect(mail?.subject).toContain(lang === 'ja' ? 'カード発送のお知らせ' : 'Your cards have been shipped');
      await staffContext.close();
    },
  );
}

for (const lang of ['ja', 'en'] as const) {
  test(
    `payments and operations: a bank transfer marked received, the unused-balance report (${lang})`,
    { tag: '@wide' },
    async ({ browser, page: memberPage, baseURL }, testInfo) => {
      const t = read(`apps/web/src/admin/i18n/${lang}/payments.json`);
      const o = read(`apps/web/src/admin/i18n/${lang}/operations.json`);
      // A member orders points by bank transfer (the /api calls the shop's pages make).
      const made = await memberPage.request.post('/sandbox/members', { data: { lang } });
      const member = (await made.json()) as { mail: string; pass: string; id: number };
      expect((await apiPost(memberPage.request, '/user/login', { mail: member.mail, pass: member.pass })).state).toBe(
        200,
      );
      const courses = (await (await memberPage.request.get('/api/user/point_price')).json()) as {
        list: { id: number; price: number }[];
      };
      const course = courses.list[0]!;
      const order = await apiPost(memberPage.request, '/user/point/buy', {
        point_price_id: course.id,
        pay_id: 4,
        name: 'ヤマダ タロウ',
      });
      expect(order.state).toBe(200);

      const { viewport, isMobile, hasTouch } = testInfo.project.use;
      const ownerContext = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
      const owner = await ownerContext.newPage();
      await useLanguage(owner, lang);
      await signInStaff(owner, 'owner');
      await owner.goto(`/admin/payments?view=transfers&q=${member.id}`);
      const row = owner.getByRole('row').filter({ hasText: 'ヤマダ タロウ' });
      await expect(row).toHaveCount(1);
      await snap(owner, testInfo, `payments-${lang}-transfers`);
      await row.getByRole('button', { name: str(t, 'reconcile.received') }).click();
      const dialog = owner.getByRole('dialog');
      // A wrong amount is refused with the amount due; the right one credits the points.
      await dialog.getByLabel(str(t, 'reconcile.amount')).fill(String(course.price - 1));
      await dialog.getByRole('button', { name: str(t, 'reconcile.confirm') }).click();
      await expect(dialog.getByRole('alert')).toBeVisible();
      await snap(owner, testInfo, `payments-${lang}-wrong-amount`, { fullPage: false });
      await dialog.getByLabel(str(t, 'reconcile.amount')).fill(String(course.price));
      await dialog.getByRole('button', { name: str(t, 'reconcile.confirm') }).click();
      await expect(owner.getByRole('status')).toContainText(str(t, 'status.succeeded'));
      const point = (await (await memberPage.request.get('/api/user/point')).json()) as { point: string };
      expect(Number(point.point)).toBeGreaterThan(0);

      await owner.goto('/admin/operations');
      await expect(owner.getByRole('heading', { name: str(o, 'unused.title') })).toBeVisible();
      await expect(owner.getByRole('row')).not.toHaveCount(0);
      await snap(owner, testInfo, `operations-${lang}`);
      await ownerContext.close();
    },
  );
}
