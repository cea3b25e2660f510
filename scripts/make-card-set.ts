/**
 * Makes a demo card set for a NEW fictional game, 星霊譚 / Starlore Tales, to try the bulk card import (issue 21 §5):
 * a CSV with the import's columns and a zip of one picture per card named by its model number. The pictures are
 * drawn by the one card painter, scripts/lib/card-picture.ts (SVG rendered by sharp): a frame in the set's colours, a
 * creature-like emblem, and a foil sheen that grows with the rarity; no words are baked in. Fictional names only.
 *
 *   npx tsx scripts/make-card-set.ts [--count 200] [--out /tmp/starlore] [--card-type 星霊譚]
 *
 * The card type must exist in the shop first (console → Content → Card types; its ID or name goes in card_type).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { cardPicture } from './lib/card-picture.ts';
import { CARD_CSV_COLUMNS, cardCsvRow, toCsv, type CardCsvValues } from '@oripa/core/admin';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '200' },
    out: { type: 'string', default: '/tmp/starlore' },
    'card-type': { type: 'string', default: '星霊譚' },
  },
});
const count = Math.max(1, Math.min(1000, Number(args.count)));
const out = args.out;

// Name parts: an epithet and a being, in both languages (the pairs line up).
const EPITHETS = [
  ['暁の', 'Dawn'],
  ['月影の', 'Moonshade'],
  ['星砂の', 'Stardust'],
  ['翠風の', 'Jadewind'],
  ['紅蓮の', 'Crimson'],
  ['蒼氷の', 'Azure Frost'],
  ['雷鳴の', 'Thunder'],
  ['深淵の', 'Abyssal'],
  ['黄金の', 'Golden'],
  ['霧雨の', 'Mistrain'],
  ['白銀の', 'Silver'],
  ['宵闇の', 'Dusk'],
  ['花冠の', 'Flowercrown'],
  ['鋼翼の', 'Steelwing'],
  ['虹彩の', 'Prism'],
  ['古樹の', 'Elderwood'],
  ['流星の', 'Meteor'],
  ['潮騒の', 'Tidesong'],
  ['灯火の', 'Lantern'],
  ['極光の', 'Aurora'],
] as const;
const BEINGS = [
  ['竜', 'Dragon'],
  ['狐', 'Fox'],
  ['鯨', 'Whale'],
  ['鷹', 'Hawk'],
  ['獅子', 'Lion'],
  ['蝶', 'Butterfly'],
  ['狼', 'Wolf'],
  ['亀', 'Tortoise'],
  ['鹿', 'Stag'],
  ['梟', 'Owl'],
] as const;

/** Rarity by position: most cards common, a few ultra rare (the shape of a real set). */
const rarityOf = (i: number): 0 | 1 | 2 | 3 => (i % 50 === 49 ? 3 : i % 10 === 9 ? 2 : i % 3 === 2 ? 1 : 0);
const VALUE = [100, 400, 2500, 18000];
const HUES = [205, 12, 140, 265, 40, 330, 180, 95];

mkdirSync(out, { recursive: true });
const started = Date.now();
const cards: CardCsvValues[] = [];
const files: Record<string, Uint8Array> = {};
for (let i = 0; i < count; i++) {
  const [ja1, en1] = EPITHETS[i % EPITHETS.length]!;
  const [ja2, en2] = BEINGS[Math.floor(i / EPITHETS.length) % BEINGS.length]!;
  const lap = Math.floor(i / (EPITHETS.length * BEINGS.length));
  const model = `STL-${String(i + 1).padStart(3, '0')}`;
  const rarity = rarityOf(i);
  cards.push({
    model_number: model,
    name_ja: `${ja1}${ja2}${lap ? ` ${lap + 1}` : ''}`,
    name_en: `${en1} ${en2}${lap ? ` ${lap + 1}` : ''}`,
    rarity,
    card_type: 0,
    buy_point: VALUE[rarity]! + (i % 5) * 10,
    no_reduction: false,
    image_url: '',
  });
  const jpeg = await sharp(Buffer.from(cardPicture({ seed: i, rarity, hue: HUES[i % HUES.length]! })))
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
  files[`starlore/${model}.jpg`] = new Uint8Array(jpeg);
}
const rows = cards.map((c) =>
  cardCsvRow(c).map((v, k) => (CARD_CSV_COLUMNS[k] === 'card_type' ? args['card-type'] : v)),
);
writeFileSync(path.join(out, 'starlore.csv'), '\uFEFF' + toCsv([[...CARD_CSV_COLUMNS], ...rows]));
// Pictures are already compressed: stored, not deflated again.
const zip = zipSync(files, { level: 0 });
writeFileSync(path.join(out, 'starlore-pictures.zip'), zip);
console.log(
  `${count} cards: ${path.join(out, 'starlore.csv')} and ${path.join(out, 'starlore-pictures.zip')} ` +
    `(${(zip.length / 1024 / 1024).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
