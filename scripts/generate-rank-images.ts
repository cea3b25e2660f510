/**
 * Generates the rank images (issue 11): a faceted gem in each rank's colour with its number, as SVG for ranks 1-6
 * and as WebP for rank 7 (spec section 3: rank 7 uses a different image format), into apps/web/public/ranks/.
 * Generated art only. Run: npx tsx scripts/generate-rank-images.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { RANKS } from '@oripa/core';

const out = 'apps/web/public/ranks';
mkdirSync(out, { recursive: true });

function gem(rank: number, color: string): string {
  const crown =
    rank === 7 ? '<path d="M30 30 L38 18 L48 28 L58 18 L66 30 Z" fill="#ffe07a" stroke="#fff" stroke-width="2"/>' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/>
      <stop offset="0.45" stop-color="${color}"/>
      <stop offset="1" stop-color="#1b1030"/>
    </linearGradient>
  </defs>
  <circle cx="48" cy="52" r="40" fill="${color}" opacity="0.18"/>
  <path d="M48 22 L74 40 L64 80 L32 80 L22 40 Z" fill="url(#g)" stroke="#fff" stroke-width="2.5" stroke-linejoin="round"/>
  <path d="M22 40 L48 50 L74 40 M48 50 L48 80 M32 80 L48 50 L64 80" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="1.5"/>
  ${crown}
  <text x="48" y="72" text-anchor="middle" font-family="sans-serif" font-size="18" font-weight="800" fill="#fff" stroke="#1b1030" stroke-width="0.8">${rank}</text>
</svg>
`;
}

for (const r of RANKS) {
  const svg = gem(r.rank, r.color);
  if (r.rank < 7) writeFileSync(`${out}/rank-${r.rank}.svg`, svg);
  else
    await sharp(Buffer.from(svg), { density: 288 }).resize(192, 192).webp({ quality: 90 }).toFile(`${out}/rank-7.webp`);
}
console.log(`rank images written to ${out}`);
