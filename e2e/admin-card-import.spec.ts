import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { snap, useLanguage } from './helpers';
import { apiPost, signInStaff } from './staff';

// Bulk card registration (issue 21 §5): an operator picks a card file and a zip of pictures, sees every problem of
// the file before anything is written, fixes it, imports with a progress bar and finds the cards in the master
// with their pictures. Fictional game and cards; pictures drawn here by sharp. Japanese at 390 px and English at
// 1280 px cover both layouts and both languages; a 200-card import is walked in admin-new-game.spec.ts.
type Catalogue = Record<string, unknown>;
const text = (lang: string) =>
  JSON.parse(readFileSync(`apps/web/src/admin/i18n/${lang}/catalogue.json`, 'utf8')) as Catalogue;
const str = (c: Catalogue, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Catalogue)[k], c) as string;
const HEADER = 'model_number,name_ja,name_en,rarity,card_type,buy_point,no_reduction,image_url';

async function picture(hue: number): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="420">
    <rect width="300" height="420" rx="18" fill="hsl(${hue},45%,60%)"/>
    <rect x="12" y="12" width="276" height="396" rx="12" fill="hsl(${hue},55%,22%)"/>
    <circle cx="150" cy="190" r="80" fill="hsl(${(hue + 120) % 360},80%,65%)"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

for (const lang of ['ja', 'en'] as const) {
  test(
    `card import: problems first, then a clean file with a zip of pictures (${lang})`,
    // Japanese on the phone layout (the default project), English on the desk layout.
    { tag: lang === 'ja' ? [] : '@wide' },
    async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      const c = text(lang);
      await useLanguage(page, lang);
      await signInStaff(page, 'operator');
      const type = await apiPost(page.request, '/admin/content/card-types', {
        id: 707,
        name_ja: '星霊譚',
        name_en: 'Starlore Tales',
        sort: 70,
      });
      expect(type.state).toBe(200);
      const tag = `${lang}${testInfo.project.name}${Date.now() % 100000}`.toUpperCase();
      const model = (n: number) => `E2E-${tag}-${n}`;
      const zip = zipSync({
        [`set/${model(1)}.png`]: await picture(20),
        [`set/${model(2)}.png`]: await picture(200),
        [`set/${model(3)}.png`]: await picture(300),
      });

      await page.goto('/admin/cards');
      await page.getByRole('link', { name: str(c, 'import.title') }).click();
      await expect(page.getByRole('heading', { level: 1, name: str(c, 'import.title') })).toBeVisible();

      // A file with problems: a bad rarity, a value with a decimal point, a formula, an unknown card type, a row
      // without a picture and a picture without a row.
      const bad = [
        HEADER,
        `${model(1)},暁の竜,Dawn Dragon,XR,707,1200,0,`,
        `${model(2)},月影の狐,Moonshade Fox,R,Starlore Tales,12.5,0,`,
        `${model(4)},=HYPERLINK("x"),Star Key,N,999,100,0,`,
      ].join('\r\n');
      await page
        .getByLabel(str(c, 'import.csv'))
        .setInputFiles({ name: 'set.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
      await page.getByLabel(str(c, 'import.pictures')).setInputFiles({
        name: 'pictures.zip',
        mimeType: 'application/zip',
        buffer: Buffer.from(zip),
      });
      await page.getByRole('button', { name: str(c, 'import.check') }).click();
      const problems = page.getByRole('table', { name: str(c, 'import.problems') });
      await expect(problems).toBeVisible();
      await expect(problems.getByRole('row')).toHaveCount(1 + 5);
      const submit = page.getByRole('button', { name: lang === 'ja' ? /登録$/ : /^Register/ });
      await expect(submit).toBeDisabled();
      await snap(page, testInfo, `admin-card-import-problems-${lang}`);

      // Fixed: every row clean, each with its picture.
      const good = [
        HEADER,
        `${model(1)},暁の竜,Dawn Dragon,SR,707,1200,0,`,
        `${model(2)},月影の狐,Moonshade Fox,R,Starlore Tales,400,0,`,
        `${model(3)},星砂の鯨,Stardust Whale,UR,星霊譚,18000,0,`,
      ].join('\r\n');
      await page
        .getByLabel(str(c, 'import.csv'))
        .setInputFiles({ name: 'set.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
      await page.getByRole('button', { name: str(c, 'import.check') }).click();
      await expect(page.getByRole('table', { name: str(c, 'import.problems') })).toHaveCount(0);
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(
        page.getByRole('status').filter({ hasText: lang === 'ja' ? '3枚を登録しました' : 'Registered 3 cards' }),
      ).toBeVisible({
        timeout: 60_000,
      });
      await snap(page, testInfo, `admin-card-import-done-${lang}`);

      await page.goto('/admin/cards?q=' + encodeURIComponent(`E2E-${tag}`));
      const rows = page.locator('table tbody tr');
      await expect(rows).toHaveCount(3);
      await expect(page.locator('table tbody img.a-thumb')).toHaveCount(3);
      const src = await page.locator('table tbody img.a-thumb').first().getAttribute('src');
      expect(src).toMatch(/^\/media\/img\/.+\.webp$/);
      expect((await page.request.get(src!)).status()).toBe(200);
    },
  );
}
