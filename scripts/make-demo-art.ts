/**
 * Draws the demo shop's art under apps/web/public/demo (issue 24 §3): every card, pack, banner and post picture, with
 * no words in any of them. The page prints names, pack titles and banner captions in its own language; a picture
 * with English lettering showed English on Japanese pages. Every card is drawn by the one card painter
 * (scripts/lib/card-picture.ts); packs, banners and posts hold card pictures of the demo's own cards.
 *
 *   npx tsx scripts/make-demo-art.ts && npx tsx scripts/rasterize-demo-art.ts
 *
 * Writes SVG sources only (the WebPs the shop serves come from rasterize-demo-art.ts). Deterministic: the same
 * input gives the same files, so a diff shows what changed.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ASTRAL_TAMERS_CARDS,
  DEMO_PACKS,
  DRAGON_SIGIL_CARDS,
  type DemoCard,
  type DemoPack,
} from '../apps/server/src/seed/demo-packs.ts';
import { cardPicture, placedCard, type CardLook } from './lib/card-picture.ts';

const ROOT = 'apps/web/public/demo';

/** Frame hues, card by card: Dragon Sigil in fire and storm colours, Astral Tamers in night-sky ones. */
const DS_HUES = [205, 12, 265, 140, 40, 330, 180, 95];
const AT_HUES = [230, 285, 190, 320, 250, 165];

const looks = new Map<string, CardLook>();
DRAGON_SIGIL_CARDS.forEach((c, i) =>
  looks.set(c.key, { seed: i, rarity: c.rarity, hue: DS_HUES[i % DS_HUES.length]!, motif: 'sigil' }),
);
ASTRAL_TAMERS_CARDS.forEach((c, i) =>
  looks.set(c.key, { seed: i + 3, rarity: c.rarity, hue: AT_HUES[i % AT_HUES.length]!, motif: 'orbit' }),
);
const look = (key: string): CardLook => {
  const l = looks.get(key);
  if (!l) throw new Error(`no demo card ${key}`);
  return l;
};

/** A small pseudo-random sequence (mulberry32), so the scattered stars land in the same places every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function stars(seed: number, count: number, width: number, height: number): string {
  const r = random(seed);
  return Array.from(
    { length: count },
    () =>
      `<circle cx="${Math.round(r() * width)}" cy="${Math.round(r() * height)}" r="${(0.6 + r() * 2).toFixed(1)}" fill="#fff" opacity="${(0.3 + r() * 0.6).toFixed(2)}"/>`,
  ).join('');
}

const sparkle = (x: number, y: number, s: number, opacity = 1) =>
  `<path d="M${x} ${y - s} L${x + s * 0.28} ${y - s * 0.28} L${x + s} ${y} L${x + s * 0.28} ${y + s * 0.28} L${x} ${y + s} L${x - s * 0.28} ${y + s * 0.28} L${x - s} ${y} L${x - s * 0.28} ${y - s * 0.28}Z" fill="#fff" opacity="${opacity}"/>`;

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n${body}\n</svg>\n`;

function write(folder: string, name: string, content: string) {
  writeFileSync(path.join(ROOT, folder, `${name}.svg`), content);
}

// ---- cards: one picture per demo card (300 × 420 CSS px; the WebP is drawn at 1.5×) ----
for (const c of [...DRAGON_SIGIL_CARDS, ...ASTRAL_TAMERS_CARDS]) write('cards', c.key, cardPicture(look(c.key), 300));

// ---- packs: 800 × 450, the pack's best cards on a field in its colours, inside a foil frame ----
const RANK_ORDER = { S: 0, A: 1, B: 2, C: 3 } as const;
const ALL_CARDS = new Map([...DRAGON_SIGIL_CARDS, ...ASTRAL_TAMERS_CARDS].map((c) => [c.key, c]));
/** The pack's cards, best first (rank, then value): the pictures show what can be won. */
const bestCards = (p: DemoPack): DemoCard[] =>
  p.lineup
    .map(([key]) => ALL_CARDS.get(key)!)
    .sort((a, b) => RANK_ORDER[a.rank] - RANK_ORDER[b.rank] || b.buyPoint - a.buyPoint);

function packField(p: DemoPack, seed: number): string {
  const [h1, h2] = p.hues;
  return `<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h1},70%,35%)"/><stop offset="1" stop-color="hsl(${h2},75%,13%)"/></linearGradient>
  <radialGradient id="halo" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="hsl(${h1},90%,75%)" stop-opacity="0.85"/><stop offset="1" stop-color="hsl(${h1},90%,50%)" stop-opacity="0"/></radialGradient>
  <linearGradient id="rim" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff3b0"/><stop offset="0.5" stop-color="hsl(${h2},80%,70%)"/><stop offset="1" stop-color="#ffcf4a"/></linearGradient>
</defs>
<rect width="800" height="450" fill="url(#bg)"/>
${stars(seed, 40, 800, 450)}
<circle cx="400" cy="225" r="230" fill="url(#halo)"/>`;
}
const packRim =
  '<rect x="10" y="10" width="780" height="430" rx="18" fill="none" stroke="url(#rim)" stroke-width="6"/>';

DEMO_PACKS.forEach((p, i) => {
  const best = bestCards(p);
  // 1: the three best cards fanned out.
  const fan = [best[1], best[0], best[2]]
    .map((c, k) => (c ? { c, k } : null))
    .filter((x) => x !== null)
    .map(({ c, k }) =>
      placedCard(look(c.key), `f${k}`, 400 + (k - 1) * 150, 236 + Math.abs(k - 1) * 14, 190, (k - 1) * 14),
    )
    .join('\n');
  write('packs', `${p.key}-1`, svg(800, 450, `${packField(p, 100 + i)}\n${fan}\n${packRim}`));
  // 2: the top prize alone over rays, with sparkles.
  const rays = Array.from(
    { length: 12 },
    (_, k) =>
      `<path d="M400 225 L${(400 + 600 * Math.cos((k * Math.PI) / 6)).toFixed(0)} ${(225 + 600 * Math.sin((k * Math.PI) / 6)).toFixed(0)} L${(400 + 600 * Math.cos((k * Math.PI) / 6 + 0.18)).toFixed(0)} ${(225 + 600 * Math.sin((k * Math.PI) / 6 + 0.18)).toFixed(0)}Z"/>`,
  ).join('');
  const hero = placedCard(look(best[0]!.key), 'h', 400, 228, 250, -4);
  const glints = [
    sparkle(190, 110, 22),
    sparkle(610, 330, 18, 0.8),
    sparkle(640, 90, 12, 0.7),
    sparkle(160, 350, 14, 0.6),
  ];
  write(
    'packs',
    `${p.key}-2`,
    svg(
      800,
      450,
      `${packField(p, 200 + i)}\n<g fill="#fff" opacity="0.12">${rays}</g>\n${hero}\n${glints.join('')}\n${packRim}`,
    ),
  );
});

// ---- banners: 1200 × 500, the art on the right; the left is kept quiet and dark for the caption the page prints ----
function banner(name: string, colours: [string, string, string], art: string, seed: number) {
  const [from, mid, glow] = colours;
  write(
    'banners',
    name,
    svg(
      1200,
      500,
      `<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="0.5" stop-color="${from}"/><stop offset="1" stop-color="${mid}"/></linearGradient>
  <radialGradient id="light" cx="0.74" cy="0.5" r="0.45"><stop offset="0" stop-color="${glow}" stop-opacity="0.85"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="1200" height="500" fill="url(#bg)"/>
${stars(seed, 50, 1200, 500)}
<rect width="1200" height="500" fill="url(#light)"/>
${art}`,
    ),
  );
}

const S_DS = DRAGON_SIGIL_CARDS.filter((c) => c.rank === 'S');
const S_AT = ASTRAL_TAMERS_CARDS.filter((c) => c.rank === 'S');
banner(
  'launch',
  ['#1b1150', '#5a1f8a', '#ff8ad8'],
  [
    placedCard(look(S_DS[1]!.key), 'l0', 760, 262, 200, -16),
    placedCard(look(S_AT[0]!.key), 'l1', 1020, 262, 200, 16),
    placedCard(look(S_DS[0]!.key), 'l2', 890, 240, 230, 0),
    // Confetti in the shop's colours.
    ...Array.from({ length: 26 }, (_, k) => {
      const r = random(900 + k);
      const colour = ['#ffcf4a', '#ff4f8b', '#4fb3ff', '#3ecf8e', '#fff'][k % 5];
      return `<rect x="${Math.round(640 + r() * 540)}" y="${Math.round(20 + r() * 460)}" width="14" height="7" rx="2" fill="${colour}" transform="rotate(${Math.round(r() * 180)} ${Math.round(640 + r() * 540)} ${Math.round(20 + r() * 460)})"/>`;
    }),
    sparkle(690, 80, 26),
    sparkle(1140, 420, 20, 0.8),
  ].join('\n'),
  11,
);
banner(
  'dragon-sigil',
  ['#1e0406', '#6a1016', '#ff7a2e'],
  [
    // A ring of runes around a winged crest, with the series' top card before it.
    `<g transform="translate(860 250)" fill="none" stroke="#ffc46b">
  <circle r="205" stroke-width="4" opacity="0.55"/><circle r="178" stroke-width="12" stroke-dasharray="20 14" opacity="0.8"/>
  <path d="M-230-70 C-160-170 -70-150 0-80 C70-150 160-170 230-70 C140-95 60-60 0 20 C-60-60 -140-95 -230-70Z" stroke-width="5" fill="#2a0608" fill-opacity="0.55"/>
</g>`,
    placedCard(look('ds-a1'), 'd0', 1040, 280, 170, 12),
    placedCard(look('ds-s3'), 'd1', 860, 262, 220, -3),
    ...[
      [700, 90],
      [1130, 70],
      [1160, 440],
      [690, 420],
    ].map(([x, y], k) => sparkle(x!, y!, 10 + (k % 2) * 8, 0.7)),
  ].join('\n'),
  22,
);
banner(
  'provably-fair',
  ['#06222a', '#0d4f55', '#47e8c4'],
  [
    // A shield with a tick over a chain of sealed blocks: the order was fixed and sealed before the sale.
    ...Array.from(
      { length: 5 },
      (_, k) =>
        `<rect x="${640 + k * 110}" y="400" width="84" height="52" rx="10" fill="#0b3a40" stroke="#47e8c4" stroke-width="3"/>` +
        (k < 4
          ? `<rect x="${724 + k * 110}" y="420" width="26" height="12" rx="6" fill="#47e8c4" opacity="0.6"/>`
          : ''),
    ),
    placedCard(look('ds-b2'), 'p0', 730, 210, 150, -14),
    placedCard(look('ds-a2'), 'p1', 1080, 210, 150, 14),
    `<g transform="translate(905 205)">
  <path d="M0-170 L140-120 L140 0 C140 90 70 145 0 175 C-70 145 -140 90 -140 0 L-140-120Z" fill="#0b3a40" stroke="#47e8c4" stroke-width="8"/>
  <path d="M-62 0 L-14 50 L70-58" fill="none" stroke="#ffcf4a" stroke-width="26" stroke-linecap="round" stroke-linejoin="round"/>
</g>`,
  ].join('\n'),
  33,
);

// ---- posts: 640 × 480 photographs of a card a member drew, on a play mat ----
function post(name: string, key: string, mat: string, seed: number) {
  write(
    'posts',
    name,
    svg(
      640,
      480,
      `<defs><radialGradient id="mat" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="${mat}"/><stop offset="1" stop-color="#0c0f24"/></radialGradient></defs>
<rect width="640" height="480" fill="url(#mat)"/>
${placedCard(look(key), 'k', 320, 244, 276, -6)}
${sparkle(520, 96, 16)}${sparkle(118, 370, 11, 0.8)}${stars(seed, 12, 640, 480)}`,
    ),
  );
}
post('valgard', 'ds-s1', '#3a1630', 41);
post('garm', 'ds-s2', '#24204f', 42);
post('lilia', 'ds-s3', '#2b3166', 43);

console.log(`drew ${looks.size} cards, ${DEMO_PACKS.length * 2} pack pictures, 3 banners and 3 posts under ${ROOT}`);
