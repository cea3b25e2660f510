/**
 * The one painter of a fictional trading card's picture (issue 21 §5, issue 24 §3): a frame in the card's colour, an
 * empty name plate, an art window with a generated creature-like emblem, a text box of ruled lines, rarity pips, and
 * a foil sheen that grows with the rarity (ultra rare adds a rainbow band). No words are drawn: the page prints the
 * card's name in its own language. Used for the bulk-import set (make-card-set.ts) and the demo shop's cards, packs
 * and banners (make-demo-art.ts), which nest card pictures in their own.
 */

export type Rarity = 0 | 1 | 2 | 3;

export interface CardLook {
  /** Varies the emblem (points, turn, colour) from card to card. */
  seed: number;
  rarity: Rarity;
  /** The frame's hue, 0-359. */
  hue: number;
  /** The emblem's family: a star crest (Dragon Sigil's sigils) or a ringed planet (Astral Tamers' star beasts). */
  motif?: 'sigil' | 'orbit';
}

/** The card's size in its own units (63 × 88 mm, as a real card). */
export const CARD_W = 600;
export const CARD_H = 840;

/**
 * The card's drawing without the outer <svg>: a <defs> whose ids start with `id`, and the shapes, in a 600 × 840
 * box. A picture holding several cards gives each its own `id` (gradient ids are global to a document).
 */
export function cardBody({ seed, rarity, hue, motif = 'sigil' }: CardLook, id = 'c'): string {
  const emblemHue = (hue + 40 + (seed % 7) * 17) % 360;
  const points = 5 + (seed % 4);
  const turn = (seed % 5) * 9;
  const star = Array.from({ length: points * 2 }, (_, k) => {
    const r = k % 2 ? 70 : 150;
    const a = (Math.PI * k) / points - Math.PI / 2 + (turn * Math.PI) / 180;
    return `${(300 + r * Math.cos(a)).toFixed(1)},${(372 + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
  const emblem =
    motif === 'orbit'
      ? `<ellipse cx="300" cy="372" rx="190" ry="56" fill="none" stroke="hsl(${emblemHue},80%,80%)" stroke-width="8" transform="rotate(${-20 + turn} 300 372)"/>
  <circle cx="300" cy="372" r="${92 + (seed % 3) * 10}" fill="hsl(${emblemHue},70%,58%)" stroke="#fff" stroke-opacity="0.7" stroke-width="5"/>
  <circle cx="${268 + (seed % 4) * 8}" cy="330" r="26" fill="hsl(${emblemHue},80%,85%)" opacity="0.8"/>
  <circle cx="${150 + (seed % 6) * 50}" cy="${200 + (seed % 3) * 30}" r="14" fill="#fff" opacity="0.85"/>`
      : `<polygon points="${star}" fill="hsl(${emblemHue},75%,60%)" stroke="#fff" stroke-opacity="0.7" stroke-width="5"/>
  <circle cx="300" cy="372" r="46" fill="hsl(${emblemHue},80%,88%)"/>`;
  // Foil: a diagonal sheen, stronger with the rarity; ultra rare adds a rainbow band.
  const foil =
    rarity === 0
      ? ''
      : `<rect x="20" y="20" width="560" height="800" rx="26" fill="url(#${id}sheen)" opacity="${(0.12 + rarity * 0.1).toFixed(2)}"/>` +
        (rarity === 3
          ? `<rect x="20" y="20" width="560" height="800" rx="26" fill="url(#${id}rainbow)" opacity="0.22"/>`
          : '');
  // The rules text box: ruled lines where a real card prints its text.
  const lines = [0, 1, 2]
    .map((k) => `<rect x="80" y="${688 + k * 26}" width="${[380, 430, 260][(k + seed) % 3]}" height="9" rx="4.5"/>`)
    .join('');
  const pips = Array.from(
    { length: rarity + 1 },
    (_, k) => `<circle cx="${510 - k * 34}" cy="806" r="11" fill="#ffd966" stroke="#7a5a00" stroke-width="2"/>`,
  ).join('');
  return `<defs>
    <linearGradient id="${id}bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,28%)"/><stop offset="1" stop-color="hsl(${hue},60%,12%)"/>
    </linearGradient>
    <radialGradient id="${id}glow" cx="0.5" cy="0.45" r="0.5">
      <stop offset="0" stop-color="hsl(${emblemHue},90%,75%)"/><stop offset="1" stop-color="hsl(${emblemHue},80%,35%)" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="${id}sheen" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0.2" stop-color="#fff" stop-opacity="0"/><stop offset="0.45" stop-color="#fff"/>
      <stop offset="0.55" stop-color="#fff" stop-opacity="0.2"/><stop offset="0.8" stop-color="#fff" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="${id}rainbow" x1="0" y1="1" x2="1" y2="0">
      <stop offset="0" stop-color="#ff5f6d"/><stop offset="0.25" stop-color="#ffc371"/><stop offset="0.5" stop-color="#47e891"/>
      <stop offset="0.75" stop-color="#4fa3ff"/><stop offset="1" stop-color="#c471ed"/>
    </linearGradient>
  </defs>
  <rect width="600" height="840" rx="32" fill="hsl(${hue},35%,${rarity >= 2 ? 70 : 55}%)"/>
  <rect x="20" y="20" width="560" height="800" rx="26" fill="url(#${id}bg)"/>
  <rect x="50" y="44" width="500" height="54" rx="27" fill="hsl(${hue},30%,16%)" stroke="hsl(${hue},50%,60%)" stroke-width="3"/>
  <circle cx="512" cy="71" r="19" fill="hsl(${emblemHue},70%,55%)" stroke="#fff" stroke-opacity="0.8" stroke-width="3"/>
  <rect x="50" y="112" width="500" height="520" rx="14" fill="hsl(${hue},40%,20%)" stroke="hsl(${hue},50%,65%)" stroke-width="4"/>
  <circle cx="300" cy="372" r="220" fill="url(#${id}glow)"/>
  ${emblem}
  <rect x="50" y="650" width="500" height="130" rx="12" fill="hsl(${hue},30%,16%)" stroke="hsl(${hue},50%,60%)" stroke-width="3"/>
  <g fill="hsl(${hue},40%,70%)" opacity="0.45">${lines}</g>
  ${pips}
  ${foil}`;
}

/** A whole card picture as an SVG document, shown at `width` (its height follows the card's shape). */
export function cardPicture(look: CardLook, width = CARD_W): string {
  const height = Math.round((width * CARD_H) / CARD_W);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${CARD_W} ${CARD_H}">
  ${cardBody(look)}
</svg>`;
}

/** A card placed inside a larger picture: `width` wide, its centre at (x, y), turned by `angle` degrees. */
export function placedCard(look: CardLook, id: string, x: number, y: number, width: number, angle = 0): string {
  const scale = width / CARD_W;
  return `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${scale.toFixed(4)}) translate(${-CARD_W / 2} ${-CARD_H / 2})">
  <rect x="14" y="22" width="600" height="840" rx="32" fill="#000" opacity="0.35"/>
  ${cardBody(look, id)}
</g>`;
}
