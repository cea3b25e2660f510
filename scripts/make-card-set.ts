/**
 * Makes a demo card set for a NEW fictional game, 星霊譚 / Starlore Tales, to try the bulk card import (issue 21 §5):
 * a CSV with the import's columns and a zip of one picture per card named by its model number. The pictures are
 * drawn here (SVG rendered by sharp): a frame in the set's colours, a creature-like emblem, and a foil sheen that
 * grows with the rarity; no words are baked in. Fictional names only.
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

function picture(i: number, rarity: number): string {
  const hue = HUES[i % HUES.length]!;
  const emblemHue = (hue + 40 + (i % 7) * 17) % 360;
  const points = 5 + (i % 4);
  const star = Array.from({ length: points * 2 }, (_, k) => {
    const r = k % 2 ? 70 : 150;
    const a = (Math.PI * k) / points - Math.PI / 2;
    return `${300 + r * Math.cos(a)},${380 + r * Math.sin(a)}`;
  }).join(' ');
  // Foil: a diagonal sheen, stronger and wider with the rarity; ultra rare adds a rainbow band.
  const foil =
    rarity === 0
      ? ''
      : `<rect x="20" y="20" width="560" height="800" rx="26" fill="url(#sheen)" opacity="${0.18 + rarity * 0.14}"/>` +
        (rarity === 3
          ? '<rect x="20" y="20" width="560" height="800" rx="26" fill="url(#rainbow)" opacity="0.35"/>'
          : '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="840" viewBox="0 0 600 840">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,28%)"/><stop offset="1" stop-color="hsl(${hue},60%,12%)"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.45" r="0.5">
      <stop offset="0" stop-color="hsl(${emblemHue},90%,75%)"/><stop offset="1" stop-color="hsl(${emblemHue},80%,35%)" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0.2" stop-color="#fff" stop-opacity="0"/><stop offset="0.45" stop-color="#fff"/>
      <stop offset="0.55" stop-color="#fff" stop-opacity="0.2"/><stop offset="0.8" stop-color="#fff" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="rainbow" x1="0" y1="1" x2="1" y2="0">
      <stop offset="0" stop-color="#ff5f6d"/><stop offset="0.25" stop-color="#ffc371"/><stop offset="0.5" stop-color="#47e891"/>
      <stop offset="0.75" stop-color="#4fa3ff"/><stop offset="1" stop-color="#c471ed"/>
    </linearGradient>
  </defs>
  <rect width="600" height="840" rx="32" fill="hsl(${hue},35%,${rarity >= 2 ? 70 : 55}%)"/>
  <rect x="20" y="20" width="560" height="800" rx="26" fill="url(#bg)"/>
  <rect x="50" y="60" width="500" height="560" rx="14" fill="hsl(${hue},40%,20%)" stroke="hsl(${hue},50%,65%)" stroke-width="4"/>
  <circle cx="300" cy="380" r="220" fill="url(#glow)"/>
  <polygon points="${star}" fill="hsl(${emblemHue},75%,60%)" stroke="#fff" stroke-opacity="0.7" stroke-width="5"/>
  <circle cx="300" cy="380" r="46" fill="hsl(${emblemHue},80%,88%)"/>
  <rect x="50" y="650" width="500" height="120" rx="12" fill="hsl(${hue},30%,16%)" stroke="hsl(${hue},50%,60%)" stroke-width="3"/>
  ${Array.from({ length: rarity + 1 }, (_, k) => `<circle cx="${90 + k * 40}" cy="710" r="13" fill="#ffd966"/>`).join('')}
  ${foil}
</svg>`;
}

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
  const jpeg = await sharp(Buffer.from(picture(i, rarity)))
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
