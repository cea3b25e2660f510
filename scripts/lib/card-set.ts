/**
 * A demo card set for a NEW fictional game, 星霊譚 / Starlore Tales (issue 21 §5): rows with the card import's
 * columns and one picture per card named by its model number. The pictures are drawn here (SVG rendered by sharp):
 * a frame in the set's colours, a creature-like emblem, and a foil sheen that grows with the rarity; no words are
 * baked in. Fictional names only. Used by scripts/make-card-set.ts and the new-game browser journey
 * (e2e/admin-new-game.spec.ts).
 */
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { CARD_CSV_COLUMNS, cardCsvRow, toCsv, type CardCsvValues } from '@oripa/core/admin';

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
export const rarityOf = (i: number): 0 | 1 | 2 | 3 => (i % 50 === 49 ? 3 : i % 10 === 9 ? 2 : i % 3 === 2 ? 1 : 0);
export const VALUE = [100, 400, 2500, 18000];
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

export interface CardSetOptions {
  count: number;
  /** The card type's ID or name as the file names it (it must exist in the shop). */
  cardType: string;
  /** The pictures' width in pixels (height 1.4 times it); 600 by default. */
  width?: number;
  /** The model numbers' prefix: STL (STL-001…) by default. */
  prefix?: string;
}

/** One card of the set by its position: its model number (STL-001…), names, rarity and value. */
export function cardOf(i: number, prefix = 'STL'): CardCsvValues {
  const [ja1, en1] = EPITHETS[i % EPITHETS.length]!;
  const [ja2, en2] = BEINGS[Math.floor(i / EPITHETS.length) % BEINGS.length]!;
  const lap = Math.floor(i / (EPITHETS.length * BEINGS.length));
  const rarity = rarityOf(i);
  return {
    model_number: `${prefix}-${String(i + 1).padStart(3, '0')}`,
    name_ja: `${ja1}${ja2}${lap ? ` ${lap + 1}` : ''}`,
    name_en: `${en1} ${en2}${lap ? ` ${lap + 1}` : ''}`,
    rarity,
    card_type: 0,
    buy_point: VALUE[rarity]! + (i % 5) * 10,
    no_reduction: false,
    image_url: '',
  };
}

/** The set's card file (UTF-8 with BOM, the import's columns) and a zip of its pictures (JPEG, stored). */
export async function makeCardSet(options: CardSetOptions): Promise<{ csv: string; zip: Uint8Array }> {
  const scale = (options.width ?? 600) / 600;
  const cards: CardCsvValues[] = [];
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < options.count; i++) {
    const card = cardOf(i, options.prefix);
    cards.push(card);
    const jpeg = await sharp(Buffer.from(picture(i, card.rarity)), { density: 72 * scale })
      .jpeg({ quality: 84, mozjpeg: true })
      .toBuffer();
    files[`starlore/${card.model_number}.jpg`] = new Uint8Array(jpeg);
  }
  const rows = cards.map((c) =>
    cardCsvRow(c).map((v, k) => (CARD_CSV_COLUMNS[k] === 'card_type' ? options.cardType : v)),
  );
  // Pictures are already compressed: stored, not deflated again.
  return { csv: '\uFEFF' + toCsv([[...CARD_CSV_COLUMNS], ...rows]), zip: zipSync(files, { level: 0 }) };
}
