/**
 * How long a 100-draw's reveal takes to reach the result after SKIP, on a phone: 390 px, touch, CPU throttled 4x
 * through the DevTools protocol (Emulation.setCPUThrottlingRate). Starts the built shop with the demo data (like
 * scripts/screenshots.ts), logs the demo member in, and answers the reveal's read of the draw with 100 cards made from
 * the demo pack's own lineup (a real 100-draw needs more points than the demo member has; the pictures, their sizes
 * and the page are the real ones). A coin draw, so the reveal's entry rule lets the page in directly.
 *
 * Each run: open /gacha-animation, tap the pack, wait for the cards, tap SKIP, and time in the page from the tap to
 * the first frame painted with the result (the continue button and the totals on screen), to every picture on the
 * first screen decoded, and to every finite animation ended (settled); also the longest main-thread task in between.
 * The browser cache is off, so every run loads the pictures as a first visit would. Prints each run and the median of the runs.
 *
 *   npm run build && npx tsx scripts/measure-reveal-skip.ts            # 3 runs
 *   npx tsx scripts/measure-reveal-skip.ts --runs 5 --cards 10 --cpu 1
 *   npx tsx scripts/measure-reveal-skip.ts --trace      # also where the main thread spent the time after SKIP
 *
 * Chromium comes from CHROMIUM_PATH (default /usr/bin/chromium). A benchmark that prints figures, not a test.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { startDemoShop } from './lib/demo-shop.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    cards: { type: 'string', default: '100' },
    cpu: { type: 'string', default: '4' },
    trace: { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const CARDS = Number(args.cards);
const CPU = Number(args.cpu);
const PACK_ID = 1;
const DEMO = { mail: 'demo@kirakira-oripa.example', pass: 'demo1234' };
const ja = (ns: string) =>
  JSON.parse(readFileSync(`apps/web/src/i18n/locales/ja/${ns}.json`, 'utf8')) as Record<
    string,
    Record<string, Record<string, string>>
  >;

interface LineupCard {
  rank: string;
  image_url: string;
  name: string;
  model_number: string;
  rarity: number;
  rarity_label: string;
  buy_point: number;
  no_reduction: string;
}

/** Every lineup card in the pack detail reply, wherever it sits in the reply. */
function lineupOf(reply: unknown): LineupCard[] {
  const found: LineupCard[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      if ('image_url' in v && 'rank' in v) found.push(v as LineupCard);
      else Object.values(v).forEach(walk);
    }
  };
  walk(reply);
  return found;
}

/** A coin draw of `n` cards from the lineup: mostly plain ones, a few rare, one rank S (as a real 100-draw). */
function draw(lineup: LineupCard[], n: number) {
  const cards = Array.from({ length: n }, (_, i) => {
    const c = lineup[i % lineup.length]!;
    return {
      history_id: 10_000 + i,
      image: c.image_url,
      name: c.name,
      rarity: c.rarity,
      rarity_label: c.rarity_label,
      rank: c.rank,
      model_number: c.model_number,
      num: i + 1,
      buy_point: c.buy_point,
      no_reduction: c.no_reduction,
      movie_url: '',
      status: 'pending',
      last_one: '0',
    };
  });
  return {
    state: 200,
    result: '1',
    purchase_id: 424242,
    pack_id: PACK_ID,
    title: 'Benchmark',
    card_type: 1,
    is_buy_coin: '1',
    created: '2026-11-21 10:00:00',
    cards,
    decide_by: '2026-11-22 10:00:00',
    rank_up: '0',
    rankup_data: null,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * In the page, after the SKIP tap: the first frame painted once the continue button is there, then the first frame
 * after every picture on the first screen is decoded. A string, because tsx wraps named functions in a helper
 * (__name) the page does not have.
 */
const AFTER_SKIP = `new Promise((resolve) => {
  const s = window.__skip;
  const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()))));
  const poll = () => {
    if (!document.querySelector('[data-testid="reveal-next"]')) return void setTimeout(poll, 5);
    painted().then((result) => {
      const onScreen = [...document.images].filter((img) => {
        const r = img.getBoundingClientRect();
        return r.bottom > 0 && r.top < innerHeight && r.width > 0;
      });
      Promise.all(onScreen.map((img) => img.decode().catch(() => undefined)))
        .then(painted)
        .then((pictures) => {
          // Settled: every animation that ends (the flips, the glows' first run) has ended, and a frame is painted.
          const finite = document.getAnimations().filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity);
          Promise.all(finite.map((a) => a.finished.catch(() => undefined)))
            .then(painted)
            .then((settled) =>
              resolve({ result: result - s.tap, pictures: pictures - s.tap, settled: settled - s.tap, longest: s.longest }),
            );
        });
    });
  };
  poll();
})`;

/** Main-thread time after SKIP by trace event (layout, style, paint, script, image decode), largest first. */
function traceSummary(trace: Buffer): string {
  const events = (
    JSON.parse(trace.toString()) as {
      traceEvents: { name: string; ph: string; dur?: number; tid: number; cat: string }[];
    }
  ).traceEvents;
  const main = events.find(
    (e) => e.name === 'thread_name' && (e as unknown as { args: { name: string } }).args.name === 'CrRendererMain',
  );
  const byName = new Map<string, number>();
  for (const e of events) {
    if (
      e.ph !== 'X' ||
      !e.dur ||
      (main && e.tid !== main.tid) ||
      e.name === 'RunTask' ||
      e.name === 'ThreadControllerImpl::RunTask'
    )
      continue;
    byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000);
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([name, ms]) => `  ${name}: ${ms.toFixed(0)} ms`)
    .join('\n');
}

async function once(page: Page, pack: Record<string, Record<string, Record<string, string>>>) {
  await page.goto('/gacha-animation?purchaseId=424242');
  await page.getByRole('button', { name: pack.reveal!.tap as unknown as string }).tap();
  // The first card flips 0.5 s after the opening: SKIP then stands for "I have seen enough".
  await page.getByTestId('reveal-card').first().waitFor();
  await page.waitForTimeout(1500);
  await page.evaluate(() => {
    const w = window as unknown as { __skip: { tap: number; longest: number } };
    w.__skip = { tap: 0, longest: 0 };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.startTime >= w.__skip.tap) w.__skip.longest = Math.max(w.__skip.longest, e.duration);
    }).observe({ type: 'longtask' });
    document.addEventListener('pointerdown', () => (w.__skip.tap = performance.now()), { capture: true, once: true });
  });
  if (args.trace)
    await page
      .context()
      .browser()!
      .startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await page.getByRole('button', { name: 'SKIP' }).tap();
  const figures = await page.evaluate<{ result: number; pictures: number; settled: number; longest: number }>(
    AFTER_SKIP,
  );
  if (args.trace)
    console.log(
      `main thread after SKIP, by event (nested events counted in their parents too):\n${traceSummary(await page.context().browser()!.stopTracing())}`,
    );
  return figures;
}

async function main() {
  const pack = ja('pack');
  const account = ja('account');
  const shop = await startDemoShop('measure-reveal');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const lineup = lineupOf(await (await fetch(`${shop.base}/api/user/pack/detail/${PACK_ID}`)).json());
    if (lineup.length === 0) throw new Error('the demo pack has no lineup to draw from');
    const body = JSON.stringify(draw(lineup, CARDS));
    const context = await browser.newContext({
      baseURL: shop.base,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'ja-JP',
    });
    const page = await context.newPage();
    await page.goto('/login');
    const fields = account.fields as unknown as Record<string, string>;
    await page.getByLabel(new RegExp(`^${fields.mail}`)).fill(DEMO.mail);
    const pass = page.getByLabel(new RegExp(`^${fields.pass}`));
    await pass.fill(DEMO.pass);
    await pass.press('Enter');
    await page.waitForURL(/\/$/);
    await page.route('**/api/user/pack/gache_result*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body }),
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    // Every run as a first look at these cards: nothing from the previous run's cache.
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const results = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await once(page, pack);
      results.push(r);
      console.log(
        `run ${i + 1}: result painted ${r.result.toFixed(0)} ms, first-screen pictures decoded ${r.pictures.toFixed(0)} ms, animations settled ${r.settled.toFixed(0)} ms, longest task ${r.longest.toFixed(0)} ms`,
      );
    }
    console.log(
      `median of ${RUNS} (${CARDS} cards, 390 px, CPU ${CPU}x): result ${median(results.map((r) => r.result)).toFixed(0)} ms, ` +
        `pictures ${median(results.map((r) => r.pictures)).toFixed(0)} ms, settled ${median(results.map((r) => r.settled)).toFixed(0)} ms, longest task ${median(results.map((r) => r.longest)).toFixed(0)} ms`,
    );
  } finally {
    await browser.close();
    await shop.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
