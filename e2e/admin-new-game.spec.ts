import { readFileSync } from 'node:fs';
import { cardOf, makeCardSet } from '../scripts/lib/card-set';
import { expect, hydrating, test } from './fixtures';
import {
  drawTenAndShip,
  exportYamato,
  importTracking,
  logIn,
  memberSeesShipped,
  packAndShip,
  parcelInQueue,
  shopText,
  str,
  type Catalogue,
} from './fulfilment-steps';
import { consoleWalkIn, snap, useLanguage } from './helpers';
import { uploadInto } from './pictures';
import { apiPost, signInStaff } from './staff';

// A new game as staff bring it in (issue 21, done means): the operator imports its 200 cards with their pictures in
// one go, builds a pack of it with the card picker while the economics panel follows the lineup, publishes it; a
// member buys it out and asks for shipping; the shipping staff export, import the tracking number and ship; the
// member sees it shipped. The set is the fictional 星霊譚 / Starlore Tales of scripts/make-card-set.ts, drawn in
// the test at 160 px wide: the pictures' variants (WebP and AVIF, ADR 0015) take most of an import's time.
const catalogue = (lang: 'ja' | 'en') =>
  JSON.parse(readFileSync(`apps/web/src/admin/i18n/${lang}/catalogue.json`, 'utf8')) as Catalogue;
const fill = (c: Catalogue, key: string, vars: Record<string, string | number>) =>
  Object.entries(vars).reduce((t, [k, v]) => t.replace(`{{${k}}}`, String(v)), str(c, key));
/** A counted text: English has _one/_other forms, Japanese one form (i18next's plural keys). */
const plural = (c: Catalogue, key: string, vars: Record<string, string | number>) =>
  fill(c, str(c, key) === undefined ? `${key}_${vars.count === 1 ? 'one' : 'other'}` : key, vars);

const CARDS = 200;
const PRICE = 3000;
/** The lineup by the set's positions (scripts/lib/card-set.ts): one ultra rare, a super rare, a rare, a common. */
const LINEUP = [
  { index: 49, rank: 'S', count: 1 },
  { index: 9, rank: 'A', count: 2 },
  { index: 2, rank: 'B', count: 3 },
  { index: 0, rank: 'C', count: 4 },
] as const;
const TICKETS = LINEUP.reduce((n, l) => n + l.count, 0);

const number = (n: number) => n.toLocaleString('en-US');
const percent = (part: number, whole: number) => `${(Math.round((part * 10_000) / whole) / 100).toFixed(1)} %`;

for (const lang of consoleWalkIn('ja')) {
  test(
    `new game: 200 cards with pictures imported → pack from the picker with its economics → published → sold out → shipped (${lang})`,
    { tag: '@wide' },
    async ({ browser, page, baseURL }, testInfo) => {
      test.setTimeout(600_000);
      const c = catalogue(lang);
      const typeId = lang === 'ja' ? 811 : 812;
      const prefix = lang === 'ja' ? 'STJ' : 'STE';
      const cards = LINEUP.map((l) => ({ ...l, card: cardOf(l.index, prefix) }));
      const { csv, zip } = await makeCardSet({ count: CARDS, cardType: String(typeId), prefix, width: 160 });

      await useLanguage(page, lang);
      await signInStaff(page, 'operator');
      const type = await apiPost(page.request, '/admin/content/card-types', {
        id: typeId,
        name_ja: '星霊譚',
        name_en: 'Starlore Tales',
        sort: 80,
      });
      expect(type.state).toBe(200);

      // The import: the card file and the zip of pictures, checked, then registered in one go.
      await page.goto('/admin/cards');
      await page.getByRole('link', { name: str(c, 'import.title') }).click();
      await page
        .getByLabel(str(c, 'import.csv'))
        .setInputFiles({ name: 'starlore.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByLabel(str(c, 'import.pictures')).setInputFiles({
        name: 'starlore-pictures.zip',
        mimeType: 'application/zip',
        buffer: Buffer.from(zip),
      });
      await page.getByRole('button', { name: str(c, 'import.check') }).click();
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: String(CARDS) })
          .first(),
      ).toContainText(fill(c, 'import.summary', { rows: CARDS, fresh: CARDS, problems: 0, warnings: 0 }));
      await expect(page.getByRole('table', { name: str(c, 'import.problems') })).toHaveCount(0);
      const started = Date.now();
      await page.getByRole('button', { name: plural(c, 'import.submit', { count: CARDS }) }).click();
      await expect(page.locator('progress')).toBeVisible();
      await expect(
        page.getByRole('status').filter({ hasText: plural(c, 'import.done', { count: CARDS, unchanged: 0 }) }),
      ).toBeVisible({ timeout: 480_000 });
      console.log(`${lang}: ${CARDS} cards with pictures imported in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      await snap(page, testInfo, `admin-new-game-imported-${lang}`);

      // The master lists the new game's cards with their pictures.
      await page.goto(`/admin/cards?q=${prefix}-0`);
      await expect(page.locator('table tbody tr').first()).toBeVisible();
      await expect(page.locator('table tbody img.a-thumb').first()).toHaveAttribute('src', /^\/media\/img\/.+\.webp$/);

      // The pack: the new game, a price, 10 tickets; the lineup from the picker, filtered to the game.
      await page.goto('/admin/packs/new');
      const packName = lang === 'ja' ? '星霊譚 はじまりの星パック' : 'Starlore Tales: First Star Pack';
      await page.getByLabel(str(c, 'nameJa')).fill('星霊譚 はじまりの星パック');
      await page.getByLabel(str(c, 'nameEn')).fill('Starlore Tales: First Star Pack');
      await page.getByLabel(str(c, 'detailJa')).fill('新しいゲーム「星霊譚」の最初のパックです。');
      await page.getByLabel(str(c, 'detailEn')).fill('The first pack of the new game Starlore Tales.');
      await uploadInto(page, 230, 1200, 630);
      await page.getByLabel(str(c, 'cardType')).selectOption(String(typeId));
      await page.getByLabel(str(c, 'price'), { exact: true }).fill(String(PRICE));
      await page.getByLabel(str(c, 'start')).fill('2024-01-01T10:00');
      await page.getByLabel(str(c, 'totalTickets')).fill(String(TICKETS));
      await page.getByRole('button', { name: str(c, 'addCards') }).click();
      const picker = page.getByTestId('card-picker');
      await picker.getByLabel(str(c, 'picker.game')).selectOption(String(typeId));
      await expect(
        picker.getByText(plural(c, 'picker.found', { count: CARDS, total: CARDS, page: 1, pages: 10 })),
      ).toBeVisible();
      for (const { card, rank, count } of cards) {
        await picker.getByLabel(str(c, 'picker.text')).fill(card.model_number);
        await expect(picker.getByTestId('picker-row')).toHaveCount(1);
        const name = lang === 'ja' ? card.name_ja : card.name_en;
        await picker.getByLabel(fill(c, 'picker.selectCard', { name }), { exact: true }).check();
        await picker.getByLabel(str(c, 'picker.toRank')).selectOption(rank);
        await picker.getByLabel(str(c, 'picker.count')).fill(String(count));
        await picker.getByRole('button', { name: fill(c, 'picker.add', { n: 1, rank }) }).click();
        await expect(
          picker.getByRole('status').filter({ hasText: plural(c, 'picker.added', { count: 1, rank }) }),
        ).toBeVisible();
      }
      await snap(page, testInfo, `admin-new-game-picker-${lang}`, { fullPage: false });
      await picker.getByRole('button', { name: str(c, 'picker.close') }).click();
      await expect(page.getByTestId('lineup-line')).toHaveCount(LINEUP.length);

      // The panel against the lineup: values from the card file, worked out here.
      const value = cards.reduce((n, l) => n + l.count * l.card.buy_point, 0);
      const takings = PRICE * TICKETS;
      const panel = page.getByTestId('economics');
      await expect(panel.getByTestId('economics-ev')).toContainText(number(Math.round(value / TICKETS)));
      await expect(panel.getByTestId('economics-rate')).toHaveText(percent(value, takings));
      await expect(panel.getByTestId('economics-takings')).toContainText(number(takings));
      await expect(panel.getByTestId('economics-value')).toContainText(number(value));
      await expect(panel.getByTestId('economics-margin')).toContainText(number(takings - value));
      // No last-one prize: none of the value given goes to one.
      await expect(panel.getByTestId('economics-lastone')).toHaveText('0.0 %');
      for (const { card, rank, count } of cards) {
        await expect(panel.getByTestId(`economics-rank-${rank}`).getByRole('cell')).toHaveText([
          String(count),
          percent(count, TICKETS),
          number(count * card.buy_point),
          percent(count * card.buy_point, value),
        ]);
      }
      await snap(page, testInfo, `admin-new-game-economics-${lang}`);
      await page.getByRole('button', { name: str(c, 'save') }).click();
      await expect(page).toHaveURL(/\/admin\/packs\/\d+$/);
      await expect(page.getByRole('status')).toHaveText(str(c, 'created'));

      // Published after the server's own figures, which match the live panel's.
      await page.getByRole('button', { name: str(c, 'publish'), exact: true }).click();
      const step = page.getByTestId('publish-step');
      for (const figure of ['ev', 'rate', 'takings', 'value', 'margin']) {
        await expect(step.getByTestId(`publish-economics-${figure}`)).toHaveText(
          (await page.getByTestId(`economics-${figure}`).textContent())!,
        );
      }
      await step.getByRole('button', { name: str(c, 'publishNow') }).click();
      await expect(page.getByTestId('pack-status')).toHaveText(str(c, 'statuses.on_sale'));
      await expect(page.getByTestId('figure-sold')).toContainText(`0 / ${TICKETS}`);
      const packUrl = new URL(page.url());
      const packId = Number(/\/admin\/packs\/(\d+)$/.exec(packUrl.pathname)![1]);

      // A member buys every ticket (one draw of 10) and asks for the cards to be shipped.
      const { viewport } = testInfo.project.use;
      const memberContext = await browser.newContext({ baseURL, viewport });
      const member = hydrating(await memberContext.newPage());
      await useLanguage(member, lang);
      const made = await member.request.post('/sandbox/members', { data: { paidPoints: 50_000, lang, address: true } });
      const buyer = (await made.json()) as { mail: string; pass: string; id: number };
      await logIn(member, lang, buyer.mail, buyer.pass);
      await member.goto(`/pack-detail?packId=${packId}`);
      await expect(member.getByRole('heading', { name: packName })).toBeVisible();
      const purchaseId = await drawTenAndShip(member, lang);
      await member.goto(`/pack-detail?packId=${packId}`);
      await expect(member.getByText(str(shopText(lang, 'pack'), 'blocked.soldOut'))).toBeVisible();
      await snap(member, testInfo, `admin-new-game-sold-out-${lang}`);
      await page.reload();
      await expect(page.getByTestId('pack-status')).toHaveText(str(c, 'statuses.sold_out'));
      await expect(page.getByTestId('figure-sold')).toContainText(`${TICKETS} / ${TICKETS}`);

      // The shipping staff: the carrier file, the tracking number back, packed and shipped.
      const staffContext = await browser.newContext({ baseURL, viewport, acceptDownloads: true });
      const staff = hydrating(await staffContext.newPage());
      await useLanguage(staff, lang);
      await signInStaff(staff, 'shipping');
      const name = lang === 'ja' ? '試験 花子' : 'Tester Alex';
      const { row, shipmentId } = await parcelInQueue(staff, lang, buyer.id, name);
      await exportYamato(staff, lang, row, shipmentId);
      const tracking = await importTracking(staff, lang, shipmentId, testInfo, lang === 'ja' ? 3 : 4);
      await packAndShip(staff, lang, shipmentId, tracking);
      await snap(staff, testInfo, `admin-new-game-shipped-${lang}`);

      // The member sees the parcel shipped, with the number.
      await memberSeesShipped(member, lang, purchaseId, tracking);
      await snap(member, testInfo, `admin-new-game-member-shipped-${lang}`);
      await staffContext.close();
      await memberContext.close();
    },
  );
}
