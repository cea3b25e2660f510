import { readFileSync, writeFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, hydrating, test } from './fixtures';
import {
  drawTenAndShip,
  exportYamato,
  fulfilmentText as consoleText,
  importTracking,
  logIn,
  memberSeesShipped,
  packAndShip,
  parcelInQueue,
  str,
  type Catalogue,
  type Lang,
} from './fulfilment-steps';
import { consoleWalkIn, snap, useLanguage } from './helpers';
import { apiPost, signInStaff } from './staff';

// The fulfilment journey of issue 10: a member buys and chooses to ship; the shipping role exports the carrier
// CSV, imports tracking numbers, packs and marks the parcel shipped; the member sees the timeline with the tracking
// link and receives the mail (sandbox outbox). Console pages are shot in Japanese and English.
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
const PACK = { ja: 'ドラゴンシジル 蒼炎の覇者パック', en: 'Dragon Sigil: Azure Flame Sovereign Pack' };

/** The member's purchase through the shop: log in, open the demo pack from the list, draw 10 and ship every card. */
async function buyAndShip(page: Page, lang: Lang, mail: string, pass: string) {
  await logIn(page, lang, mail, pass);
  await page.goto('/pack-list?index=1');
  await page.getByRole('link', { name: PACK[lang], exact: true }).click();
  return drawTenAndShip(page, lang);
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
}

for (const lang of consoleWalkIn('en')) {
  test(
    `fulfilment: buy and ship → export → import tracking → pack → ship → timeline and mail (${lang})`,
    { tag: '@wide' },
    async ({ browser, page: memberPage, baseURL }, testInfo) => {
      test.setTimeout(180_000);
      const t = consoleText(lang);
      await useLanguage(memberPage, lang);
      const made = await memberPage.request.post('/sandbox/members', {
        data: { paidPoints: 50_000, lang, address: true },
      });
      const member = (await made.json()) as { mail: string; pass: string; id: number };
      const purchaseId = await buyAndShip(memberPage, lang, member.mail, member.pass);

      // The shipping staff member, in a browser of their own.
      const { viewport, isMobile, hasTouch } = testInfo.project.use;
      const staffContext = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, acceptDownloads: true });
      const staff = hydrating(await staffContext.newPage());
      await useLanguage(staff, lang);
      await signInStaff(staff, 'shipping');
      const { row, shipmentId } = await parcelInQueue(
        staff,
        lang,
        member.id,
        lang === 'ja' ? '試験 花子' : 'Tester Alex',
      );
      await snap(staff, testInfo, `fulfilment-${lang}-queue`);
      await exportYamato(staff, lang, row, shipmentId);

      // The pick list, print-friendly.
      await staff.getByRole('link', { name: str(t, 'pick.open') }).click();
      await expect(staff.getByRole('heading', { name: str(t, 'pickListTitle') })).toBeVisible();
      await expect(staff.locator('tbody tr')).toHaveCount(10);
      await snap(staff, testInfo, `fulfilment-${lang}-pick-list`);
      await staff.goBack();

      const tracking = await importTracking(staff, lang, shipmentId, testInfo, lang === 'ja' ? 1 : 2);
      // A file without the expected columns is refused whole, saying which columns it needs.
      const bad = testInfo.outputPath('bad.csv');
      writeFileSync(bad, `番号,追跡\n${shipmentId},${tracking}\n`);
      await staff.getByLabel(str(t, 'import.file')).setInputFiles(bad);
      await staff.getByRole('button', { name: str(t, 'import.submit') }).click();
      await expect(staff.getByRole('alert').filter({ hasText: str(t, 'import.failed') })).toBeVisible();
      await snap(staff, testInfo, `fulfilment-${lang}-import-refused`);

      // Pack, then ship; the shipment's page has the carrier and number.
      await packAndShip(staff, lang, shipmentId, tracking);
      await snap(staff, testInfo, `fulfilment-${lang}-detail`);

      // The member: the timeline with the tracking link on the history detail, and the mail.
      await memberSeesShipped(memberPage, lang, purchaseId, tracking);
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
      const owner = hydrating(await ownerContext.newPage());
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
