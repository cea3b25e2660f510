/**
 * Screenshots of the shop for people to look at (issue 13, issue 24): the top page, a pack's detail, the purchase
 * confirm, the reveal of 1, 10 and 100 draws (sealed pack, opening, cards part way, a rare card's spotlight when one
 * is drawn), their results, the card choice, the ship confirm, the purchase history and the decided purchase's
 * SHIPPED page, then a rank-S hit's spotlight and result, in Japanese and English, on a 390 px phone and a 1280 px
 * desktop. Builds the SPA, starts the shop on a free port with a fresh embedded database and the demo data (like
 * scripts/lighthouse.ts), logs the demo member in through the login form and buys through the UI: one draw of a point
 * pack (shipped), ten and a hundred of a pack of every rank (three of the ten shipped, the rest converted). An
 * operator (a sandbox staff account) first publishes the two Astral Tamers packs this needs: that every-rank pack,
 * and a small pack whose every ticket is an S card, for the spotlight.
 *
 *   npm run screenshots                                # build, then test-results/screens/<lang>-<width>-<nn>-<state>.png
 *   npm run screenshots -- --no-build --out /tmp/shots
 *
 * Chromium comes from CHROMIUM_PATH (default /usr/bin/chromium). A tool for people, not a test: it stops at the
 * first step it cannot take and prints what it saved; the e2e specs are where behaviour is asserted.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, request, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { startDemoShop } from './lib/demo-shop.ts';

type Lang = 'ja' | 'en';
const LANGS: Lang[] = ['ja', 'en'];
const WIDTHS: { name: string; options: BrowserContextOptions }[] = [
  { name: '390', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: '1280', options: { viewport: { width: 1280, height: 800 } } },
];
/** The demo's first pack, sold for points, with stock for many single draws (apps/server/src/seed/demo-packs.ts). */
const PACK_ID = 1;
const DEMO = { mail: 'demo@kirakira-oripa.example', pass: 'demo1234' };

const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: 'test-results/screens' },
    'no-build': { type: 'boolean', default: false },
  },
});
const OUT = path.resolve(args.out!);

type Catalogue = Record<string, unknown>;
const catalogue = (lang: Lang, ns: string) =>
  JSON.parse(readFileSync(`apps/web/src/i18n/locales/${lang}/${ns}.json`, 'utf8')) as Catalogue;
const str = (c: Catalogue, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Catalogue)[k], c) as string;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Waits until the page has settled enough to be looked at: its reads and route chunks in, the web fonts loaded and
 * every image decoded (a picture of a skeleton or a half-loaded card tells nobody anything). Lazy images load only
 * near the screen, and a full-page picture does not bring them near it: they are made eager first. Never longer than
 * a few seconds.
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  // No named functions inside these callbacks: tsx's esbuild wraps them in a helper the page does not have.
  await page.evaluate(() => {
    for (const img of document.querySelectorAll('img')) img.loading = 'eager';
    return document.fonts.ready.then(() => undefined);
  });
  await page
    .waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 5000 })
    .catch(() => console.error(`  some images on ${page.url()} did not load within 5 s`));
  await page.waitForTimeout(300);
}

type MasterCard = { id: number; rarity: number };
type LineupRow = { card_id: number; rank: string; count: number };
const RANK_OF_RARITY = ['C', 'B', 'A', 'S'];

/** A pack of `tickets` tickets that are all the same S card (the rarest): every draw of it takes the spotlight. */
const HIT_PACK = {
  name_ja: 'アストラルテイマーズ 星獣の輝きパック',
  name_en: 'Astral Tamers: Shining Star Beasts',
  lineup: (cards: MasterCard[], tickets: number): LineupRow[] => {
    const rarest = [...cards].sort((a, b) => b.rarity - a.rarity)[0];
    if (!rarest) throw new Error('no Astral Tamers cards in the demo data');
    return [{ card_id: rarest.id, rank: 'S', count: tickets }];
  },
};

/**
 * A pack of every Astral Tamers card, most tickets common (C), for the 10- and 100-draw reveals: their grids show
 * names of every length and rank. Cheap (10 points a draw), so the demo member's points cover every run's draws.
 */
const MIXED_PACK = {
  name_ja: 'アストラルテイマーズ 星獣まつりパック',
  name_en: 'Astral Tamers: Star Beast Festival',
  lineup: (cards: MasterCard[], tickets: number): LineupRow[] => {
    const share = [0.01, 0.05, 0.2]; // S, A, B by rarity 3, 2, 1; the rest C
    const byRarity = (r: number) => cards.filter((c) => c.rarity === r);
    const rows: LineupRow[] = [];
    for (const r of [3, 2, 1]) {
      const group = byRarity(r);
      const each = Math.max(1, Math.floor((tickets * share[3 - r]!) / Math.max(1, group.length)));
      rows.push(...group.map((c) => ({ card_id: c.id, rank: RANK_OF_RARITY[r]!, count: each })));
    }
    const commons = byRarity(0);
    const left = tickets - rows.reduce((n, l) => n + l.count, 0);
    commons.forEach((c, i) =>
      rows.push({
        card_id: c.id,
        rank: 'C',
        count: Math.floor(left / commons.length) + (i < left % commons.length ? 1 : 0),
      }),
    );
    return rows;
  },
};

/**
 * Publishes a pack of Astral Tamers cards (`kind` picks its lineup) with `tickets` tickets; answers its id. Astral
 * Tamers, because the top page's pictures show the Dragon Sigil tab, which this pack then leaves alone. Goes through
 * the console's API as a sandbox operator (the demo shop runs in development, where the sandbox is on), with the real
 * sign-in steps: password, then TOTP.
 */
async function publishPack(base: string, kind: typeof HIT_PACK, tickets: number, point: number): Promise<number> {
  const api = await request.newContext({ baseURL: base });
  try {
    const post = async (route: string, params: Record<string, unknown> = {}) => {
      const pair = (await (await api.get('/api/user/point')).json()) as { csrf: Record<string, string> };
      const res = await api.post(`/api${route}`, { form: { ...pair.csrf, json: JSON.stringify(params) } });
      const body = (await res.json()) as Record<string, unknown>;
      if (body.state !== 200) throw new Error(`POST ${route}: ${JSON.stringify(body)}`);
      return body;
    };
    const staff = (await (await api.post('/sandbox/staff', { data: { role: 'operator' } })).json()) as {
      mail: string;
      pass: string;
    };
    await post('/admin/login', { mail: staff.mail, pass: staff.pass });
    const { secret } = (await post('/admin/totp/setup')) as { secret: string };
    await post('/admin/totp/enable', { code: await generate({ secret }) });
    const cards = (await (await api.get('/api/admin/cards?card_type=2&per_page=50')).json()) as {
      rows: MasterCard[];
    };
    const draft = await post('/admin/packs', {
      card_type: 2,
      name_ja: kind.name_ja,
      name_en: kind.name_en,
      images: ['/demo/packs/at-first-2.webp'],
      point,
      start_date: new Date(Date.now() - 86400_000).toISOString().slice(0, 16),
      end_date: '',
      total_tickets: tickets,
      lineup: kind.lineup(cards.rows, tickets),
    });
    const id = (draft.pack as { id: number }).id;
    await post(`/admin/packs/${id}/publish`);
    return id;
  } finally {
    await api.dispose();
  }
}

/** One run: a language at a width, in a fresh browser context, saving its pictures in order. */
async function shoot(
  browser: Browser,
  base: string,
  lang: Lang,
  width: (typeof WIDTHS)[number],
  packs: { hit: number | null; mixed: number | null },
  saved: string[],
) {
  const p = catalogue(lang, 'pack');
  const account = catalogue(lang, 'account');
  const context = await browser.newContext({
    ...width.options,
    baseURL: base,
    locale: lang === 'ja' ? 'ja-JP' : 'en-US',
    timezoneId: 'Asia/Tokyo',
  });
  // The SPA starts in the language it remembered (localStorage 'lang', i18n/index.ts); the server reads the cookie.
  await context.addCookies([{ name: 'lang', value: lang, url: base }]);
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  const page = await context.newPage();
  // Untranslated strings and script errors are worth a look next to the pictures.
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') console.error(`  [${lang}-${width.name}] ${m.text()}`);
  });
  page.on('pageerror', (e) => console.error(`  [${lang}-${width.name}] page error: ${e.message}`));
  let n = 0;
  /** Saves the next picture; a moment of an animation is taken as it is, without waiting for the page to settle. */
  const snap = async (state: string, { fullPage = true, wait = true } = {}) => {
    if (wait) await settle(page);
    // The pointer is left where the last click was: a row under it would show its hover border.
    await page.mouse.move(0, 0);
    const file = path.join(OUT, `${lang}-${width.name}-${String(++n).padStart(2, '0')}-${state}.png`);
    // A whole-page picture is taken without scrolling: banners, posts and lineup ranks below the fold skip their
    // rendering until they near the screen (content-visibility: auto) and showed as empty boxes. A person
    // scrolling sees them drawn, so the picture draws them too (set through the CSSOM: the CSP allows no <style>).
    if (fullPage) {
      await page.evaluate(() => {
        for (const el of document.querySelectorAll<HTMLElement>('#root *')) {
          if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
        }
      });
    }
    await page.screenshot({ path: file, fullPage });
    saved.push(file);
    console.error(`saved ${path.basename(file)}`);
  };
  const cards = page.getByRole('region', { name: str(p, 'reveal.cardsLabel') });
  const next = page.getByTestId('reveal-next');

  /**
   * From the reveal's continue button: the card choice with up to `ship` cards ticked (a card that cannot be
   * converted is ticked already), the ship confirm, the decision, the history and the decided purchase's SHIPPED
   * page. The demo member has an address, so the decision goes straight through.
   */
  const shipSome = async (prefix: string, ship = 1) => {
    await next.click();
    await page.waitForURL(/\/get-card-list\?purchaseId=\d+$/);
    await page.getByRole('checkbox').first().waitFor();
    const free = page.locator('input[type="checkbox"]:not([disabled]):not(:checked)');
    for (let k = Math.min(ship, await free.count()); k > 0; k--) await free.first().check();
    await snap(`${prefix}card-choice`);
    await page.getByTestId('to-confirm').click();
    await page.waitForURL(/\/confirm-get-card-list/);
    await snap(`${prefix}ship-confirm`);
    await page.getByTestId('decide').click();
    await page.getByTestId('to-history').click();
    await page.waitForURL(/\/buy-product-history$/);
    const rows = page.locator('ul li button');
    await rows.first().waitFor();
    await snap(`${prefix}history`);
    // The newest purchase, the one just decided, comes first.
    await rows.first().click();
    await page.waitForURL(/\/buy-product-history-detail\?/);
    await page.getByTestId('total-returned').waitFor();
    await snap(`${prefix}shipped`);
  };

  /**
   * Buys `count` draws of a pack through its page's confirm and opens the reveal; answers once the cards are in.
   * Then, part way through the flips, the picture of the reveal; then SKIP, and the result (its top, and its end
   * when it scrolls: the grid of names and the share links).
   */
  const drawMany = async (pack: number, count: number) => {
    await page.goto(`/pack-detail?packId=${pack}&num=${count}`);
    const confirm = page.getByRole('dialog', { name: str(p, 'confirm.title') });
    await confirm.getByTestId('confirm-buy').click();
    await page.waitForURL(/\/gacha-animation/);
    await page.getByRole('button', { name: str(p, 'reveal.tap') }).click();
    await cards.waitFor();
    // A few cards turned (a rare one may hold the spotlight meanwhile: the picture shows it).
    await page
      .locator('[data-testid="reveal-card"][data-revealed="1"]')
      .nth(Math.min(count, 6) - 1)
      .waitFor({ timeout: 20_000 });
    await page.waitForTimeout(300);
    await snap(`reveal${count}-flipping`, { fullPage: false, wait: false });
    // SKIP, unless the cards have all turned by themselves meanwhile (a short draw on a busy machine): then it is gone.
    await page
      .getByRole('button', { name: str(p, 'reveal.skip'), exact: true })
      .click({ timeout: 5000 })
      .catch(() => undefined);
    await next.waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1200);
    await snap(`reveal${count}-result`, { fullPage: false });
    if (await cards.evaluate((el) => el.scrollHeight > el.clientHeight + 1)) {
      await cards.evaluate((el) => el.scrollTo(0, el.scrollHeight / 2 - el.clientHeight / 2));
      await page.waitForTimeout(400);
      await snap(`reveal${count}-result-middle`, { fullPage: false });
      await cards.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.waitForTimeout(400);
      await snap(`reveal${count}-result-end`, { fullPage: false });
    }
  };

  try {
    await page.goto('/login');
    const mail = page.getByLabel(new RegExp(`^${escape(str(account, 'fields.mail'))}`));
    const pass = page.getByLabel(new RegExp(`^${escape(str(account, 'fields.pass'))}`));
    await mail.fill(DEMO.mail);
    await pass.fill(DEMO.pass);
    await pass.press('Enter');
    await page.waitForURL(/\/$/);

    await page.goto('/');
    await page.getByTestId('pack-banner').first().waitFor();
    // The carousel stopped on its first banner: autoplay had caught it between two slides, half of each caption.
    const top = catalogue(lang, 'top');
    const pause = page.getByRole('button', { name: str(top, 'carousel.pause') });
    if (await pause.isVisible()) {
      await pause.click();
      await page.getByRole('button', { name: str(top, 'carousel.goTo').replace('{{index}}', '1') }).click();
      await page.waitForTimeout(1000);
    }
    await snap('top');

    await page.goto(`/pack-detail?packId=${PACK_ID}`);
    await page.getByTestId('seed-hash').waitFor();
    await snap('pack-detail');

    // One draw each time: every purchase uses up stock. The button's name also carries the price, and the
    // custom-count button further down starts at one draw too: the fixed button comes first.
    await page
      .getByRole('button', { name: new RegExp(`^${escape(str(p, 'draw.one'))}\\s`) })
      .first()
      .click();
    const confirm = page.getByRole('dialog', { name: str(p, 'confirm.title') });
    await confirm.getByTestId('confirm-buy').waitFor();
    // A fixed dialog: in a full-page picture its backdrop would dim the first screen only.
    await snap('confirm', { fullPage: false });
    await confirm.getByTestId('confirm-buy').click();

    // The reveal is a fixed full-screen stage: what is on screen is the picture.
    await page.waitForURL(/\/gacha-animation/);
    const tap = page.getByRole('button', { name: str(p, 'reveal.tap') });
    await tap.waitFor();
    await snap('reveal-ready', { fullPage: false });
    await tap.click();
    // Mid-opening: the pack shakes and tears (PackOpening runs 2.6 s).
    await page.waitForTimeout(1200);
    await snap('reveal-opening', { fullPage: false, wait: false });
    // The cards stage, the card still face down for its first half second: taken once the cards' 0.2 s fade-in
    // is over, so the picture shows the card back as it is seen, not half transparent.
    await page.getByRole('region', { name: str(p, 'reveal.cardsLabel') }).waitFor();
    await page.waitForTimeout(200);
    await snap('reveal-cards', { fullPage: false, wait: false });
    // A rare card (tier 2 and up) takes the spotlight until tapped or its moment ends.
    const spotlight = page.getByRole('button', { name: new RegExp(`${escape(str(p, 'reveal.continue'))}$`) });
    await spotlight.or(next).first().waitFor();
    if (await spotlight.isVisible()) {
      await page.waitForTimeout(700);
      await snap('reveal-spotlight', { fullPage: false });
      await spotlight.click().catch(() => undefined);
    }

    // The result: the totals and the card, then (when it scrolls) the end of the list with the share links.
    await next.waitFor();
    await page.waitForTimeout(1200);
    await snap('result', { fullPage: false });
    if (await cards.evaluate((el) => el.scrollHeight > el.clientHeight + 1)) {
      await cards.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.waitForTimeout(400);
      await snap('result-end', { fullPage: false });
    }
    await shipSome('');

    // A rank-S hit: its spotlight, then the result scrolled to its end, where the hit's share card is (above the
    // fixed button). Its card choice is left open; the later runs' history pictures show it as a row still to choose.
    // Ten and a hundred draws of a pack of every rank: the reveal part way, the result; the ten are then shipped in
    // part (three cards shipped, the rest converted), for the ship confirm and the SHIPPED page of several cards.
    if (packs.mixed !== null) {
      await drawMany(packs.mixed, 10);
      await shipSome('draw10-', 3);
      await drawMany(packs.mixed, 100);
    }

    if (packs.hit !== null) {
      await page.goto(`/pack-detail?packId=${packs.hit}&num=1`);
      await confirm.getByTestId('confirm-buy').click();
      await page.waitForURL(/\/gacha-animation/);
      await page.getByRole('button', { name: str(p, 'reveal.tap') }).click();
      const hit = page.getByRole('button', { name: new RegExp(`${escape(str(p, 'reveal.continue'))}$`) });
      await hit.locator('[data-testid="reveal-card"][data-revealed="1"]').waitFor();
      // The card has turned; the gold burst is under way.
      await page.waitForTimeout(700);
      await snap('hit-spotlight', { fullPage: false, wait: false });
      await next.waitFor();
      await page.waitForTimeout(1200);
      await cards.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.waitForTimeout(400);
      await snap('hit-result-end', { fullPage: false });
    }
  } finally {
    await context.close();
  }
}

async function main() {
  if (!args['no-build']) execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  mkdirSync(OUT, { recursive: true });
  const saved: string[] = [];
  const { base, stop } = await startDemoShop('screenshots');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    console.error(`the shop is up at ${base}`);
    const runs = LANGS.length * WIDTHS.length;
    const hit = await publishPack(base, HIT_PACK, runs, 100).catch((err: unknown) => {
      console.error(`  no rank-S pack for the spotlight (${String(err)}): those pictures are left out`);
      return null;
    });
    const mixed = await publishPack(base, MIXED_PACK, runs * 110 + 40, 10).catch((err: unknown) => {
      console.error(`  no pack for the 10- and 100-draws (${String(err)}): those pictures are left out`);
      return null;
    });
    for (const lang of LANGS)
      for (const width of WIDTHS) await shoot(browser, base, lang, width, { hit, mixed }, saved);
  } finally {
    await browser.close();
    await stop();
    for (const file of saved) console.log(path.relative(process.cwd(), file));
  }
}

await main();
