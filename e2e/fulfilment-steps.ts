import { readFileSync, writeFileSync } from 'node:fs';
import { expect, type Page, type TestInfo } from '@playwright/test';
import iconv from 'iconv-lite';

// The steps of a parcel's way as the fulfilment journeys take them (admin-fulfilment.spec.ts, admin-new-game.spec.ts):
// the member draws 10 and asks for shipping; the shipping staff export the carrier file, import the tracking number,
// pack and ship; the member sees the parcel shipped.
export type Lang = 'ja' | 'en';
export type Catalogue = Record<string, unknown>;
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
export const str = (c: Catalogue, path: string) =>
  path.split('.').reduce<unknown>((o, k) => (o as Catalogue)[k], c) as string;
export const shopText = (lang: Lang, ns: string) => read(`apps/web/src/i18n/locales/${lang}/${ns}.json`);
export const fulfilmentText = (lang: Lang) => read(`apps/web/src/admin/i18n/${lang}/fulfilment.json`);

/** Logs a member in through the shop's login page. */
export async function logIn(page: Page, lang: Lang, mail: string, pass: string) {
  const account = shopText(lang, 'account');
  await page.goto('/login');
  await page.getByLabel(new RegExp(`^${str(account, 'fields.mail')}`)).fill(mail);
  await page.getByLabel(new RegExp(`^${str(account, 'fields.pass')}`)).fill(pass);
  await page.getByLabel(new RegExp(`^${str(account, 'fields.pass')}`)).press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * On a pack's page: draw 10, skip the reveal, and ship every card. Answers the purchase's id.
 */
export async function drawTenAndShip(page: Page, lang: Lang) {
  const p = shopText(lang, 'pack');
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

/** The member's parcel in the preparing queue, found by member id and name: answers its row and shipment id. */
export async function parcelInQueue(staff: Page, lang: Lang, memberId: number, name: string) {
  const t = fulfilmentText(lang);
  await staff.goto(`/admin/shipments?status=preparing&q=${memberId}`);
  await expect(staff.getByRole('heading', { name: str(t, 'title'), level: 1 })).toBeVisible();
  const row = staff.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  const shipmentId = Number((await row.getByRole('link').first().textContent())!.replace('#', ''));
  return { row, shipmentId };
}

/** Selects the row and downloads the Yamato B2 Cloud file: Shift_JIS, our shipment id in お客様管理番号. */
export async function exportYamato(staff: Page, lang: Lang, row: ReturnType<Page['locator']>, shipmentId: number) {
  await row.getByRole('checkbox').check();
  const [download] = await Promise.all([
    staff.waitForEvent('download'),
    staff.getByRole('link', { name: str(fulfilmentText(lang), 'export.yamato') }).click(),
  ]);
  const csv = iconv.decode(readFileSync((await download.path())!), 'Shift_JIS');
  const [header, line] = csv
    .trim()
    .split('\r\n')
    .map((l) => l.split(','));
  expect(header![0]).toBe('お客様管理番号');
  expect(line![0]).toBe(String(shipmentId));
}

/**
 * B2 Cloud's issued data comes back with a tracking number: imports it for the shipment and answers the number
 * (11 digits and their check digit, the first 11 mod 7: Yamato's 7DR, ADR 0047; `salt` keeps runs apart).
 */
export async function importTracking(staff: Page, lang: Lang, shipmentId: number, testInfo: TestInfo, salt: number) {
  const t = fulfilmentText(lang);
  const body = `4${String(Date.now()).slice(-9)}${salt}`;
  const tracking = `${body}${Number(body) % 7}`;
  const file = testInfo.outputPath(`issued-${shipmentId}.csv`);
  writeFileSync(
    file,
    iconv.encode(`お客様管理番号,伝票番号,お届け先名\r\n${shipmentId},${tracking},x\r\n`, 'Shift_JIS'),
  );
  await staff.getByLabel(str(t, 'import.file')).setInputFiles(file);
  await staff.getByRole('button', { name: str(t, 'import.submit') }).click();
  // The page's notice (the export panel's count is a status too).
  await expect(notice(staff, str(t, 'import.done').replace('{{count}}', '1'))).toBeVisible();
  return tracking;
}

export const notice = (staff: Page, text: string) => staff.getByRole('status').filter({ hasText: text });

/** Packs, then ships the parcel (both bulk actions on the selection), then opens its page with the number. */
export async function packAndShip(staff: Page, lang: Lang, shipmentId: number, tracking: string) {
  const t = fulfilmentText(lang);
  const tick = () =>
    staff
      .getByRole('row')
      .filter({ hasText: `#${shipmentId}` })
      .getByRole('checkbox')
      .check();
  await tick();
  await staff.getByRole('button', { name: str(t, 'move.packed') }).click();
  await expect(notice(staff, str(t, 'status.packed'))).toBeVisible();
  await staff.getByRole('tab', { name: new RegExp(str(t, 'status.packed')) }).click();
  await tick();
  await staff.getByRole('button', { name: str(t, 'move.shipped') }).click();
  await expect(notice(staff, str(t, 'status.shipped'))).toBeVisible();
  await staff.goto(`/admin/shipments/${shipmentId}`);
  await expect(staff.getByRole('heading', { name: new RegExp(`#${shipmentId}`) })).toBeVisible();
  await expect(staff.getByText(tracking).first()).toBeVisible();
}

/** The member's history detail: the timeline at "shipped" with the carrier's tracking link and the number. */
export async function memberSeesShipped(page: Page, lang: Lang, purchaseId: string, tracking: string) {
  await page.goto(`/buy-product-history-detail?packHistoryId=${purchaseId}`);
  const timeline = page.getByTestId('shipment-timeline');
  await expect(timeline).toBeVisible();
  await expect(timeline.getByRole('listitem')).toHaveCount(3);
  await expect(timeline.locator('[aria-current="step"]')).toContainText(
    str(shopText(lang, 'pack'), 'history.shipmentStatus.shipped'),
  );
  await expect(timeline.getByRole('link')).toHaveAttribute('href', new RegExp(`number01=${tracking}$`));
  await expect(page.getByTestId('delivery-code')).toHaveText(tracking);
}
