/**
 * Draws the installable shop's icons (apps/web/public/icons, referenced by manifest.webmanifest) from the favicon's
 * star: our own mark, no brand. Run again after changing the favicon:
 *
 *   npx tsx scripts/make-pwa-icons.ts
 *
 * The maskable icon keeps the star inside the central 80 % "safe zone", so a round or squircle mask never cuts it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve('apps/web/public/icons');
const STAR = 'M32 8l6.5 15.5L55 25l-12.5 11L46 53 32 44.5 18 53l3.5-17L9 25l16.5-1.5z';

/** The star on the shop's night blue; `inset` shrinks the star towards the centre (0 = as the favicon). */
const svg = (rounded: boolean, inset: number) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#ffe17a"/><stop offset="1" stop-color="#ff4f8b"/></linearGradient></defs>
  <rect width="64" height="64" ${rounded ? 'rx="14"' : ''} fill="#11142b"/>
  <g transform="translate(${32 * inset} ${32 * inset}) scale(${1 - inset})"><path d="${STAR}" fill="url(#g)"/></g>
</svg>`;

mkdirSync(OUT, { recursive: true });
const draw = (file: string, size: number, rounded: boolean, inset: number) =>
  sharp(Buffer.from(svg(rounded, inset)), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, file));

await draw('icon-192.png', 192, true, 0);
await draw('icon-512.png', 512, true, 0);
await draw('maskable-512.png', 512, false, 0.2);
await draw('apple-touch-icon.png', 180, false, 0.1);
console.log(`icons written to ${OUT}`);
