/**
 * A demo card set for a NEW fictional game, 星霊譚 / Starlore Tales (issue 21 §5): rows with the card import's
 * columns and one picture per card named by its model number. The pictures are drawn by the one card painter,
 * lib/card-picture.ts (SVG rendered by sharp): a frame in the set's colours, a creature-like emblem, and a foil sheen
 * that grows with the rarity; no words are baked in. Fictional names only. Used by scripts/make-card-set.ts and the new-game browser journey
 * (e2e/admin-new-game.spec.ts).
 */
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { CARD_CSV_COLUMNS, cardCsvRow, toCsv, type CardCsvValues } from '@oripa/core/admin';
import { cardPicture } from './card-picture.ts';

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
  const cards: CardCsvValues[] = [];
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < options.count; i++) {
    const card = cardOf(i, options.prefix);
    cards.push(card);
    const look = { seed: i, rarity: card.rarity as 0 | 1 | 2 | 3, hue: HUES[i % HUES.length]! };
    const jpeg = await sharp(Buffer.from(cardPicture(look, options.width ?? 600)))
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
