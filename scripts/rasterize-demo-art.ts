/**
 * Writes a WebP beside every generated SVG of the demo's art under apps/web/public/demo (issue 13). An SVG <img> is a
 * small document of its own and is rasterised on the phone's main thread while painting; a WebP is decoded off it.
 * The SVGs stay: they are the sources the WebPs are drawn from. Run: npx tsx scripts/rasterize-demo-art.ts
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = 'apps/web/public/demo';

/**
 * Pixels per SVG unit for each folder: the widest each kind is shown, in device pixels, on a 412 px phone at DPR
 * 1.75 and on a 1280 px desktop (CSS in apps/web/src), covered without paying for pixels nobody sees.
 * - banners 1200×500: the top carousel, at most --content (1120 CSS px) wide; 721 device px on the phone.
 * - packs 800×450: pack cards and the pack detail hero, at most ~665 device px on the phone, ~590 on the desktop.
 * - cards 300×420: lineup thumbnails are ~300 device px on the phone, but the drawn card (reveal, spotlight, ~450)
 *   and the lineup popup (360 CSS px, 630 device px) are shown larger: 1.5× keeps the card's lettering sharp there.
 * - posts 640×480: the top page's post thumbnails, columns of at least 140 CSS px, ~300 device px on the phone.
 */
const SCALE: Record<string, number> = { banners: 1, packs: 1, cards: 1.5, posts: 0.5 };

/** The SVG's own size: its width/height attributes, else its viewBox. */
function svgSize(svg: string): { width: number; height: number } {
  const tag = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const attr = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)"`).exec(tag)?.[1]);
  const [width, height] = [attr('width'), attr('height')];
  if (width > 0 && height > 0) return { width, height };
  const box = /\sviewBox="[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(tag);
  if (!box) throw new Error('an SVG without width/height or viewBox');
  return { width: Number(box[1]), height: Number(box[2]) };
}

const rows: { file: string; size: string; svg: number; webp: number }[] = [];
for (const folder of readdirSync(root).sort()) {
  const dir = path.join(root, folder);
  if (!statSync(dir).isDirectory()) continue;
  const scale = SCALE[folder];
  if (!scale) throw new Error(`${dir}: no scale chosen for this kind of art (add it to SCALE)`);
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.svg')) continue;
    const file = path.join(dir, name);
    const svg = readFileSync(file);
    const { width, height } = svgSize(svg.toString('utf8'));
    const [w, h] = [Math.round(width * scale), Math.round(height * scale)];
    // Drawn at the target density rather than scaled afterwards, so the lettering is rasterised at its final size.
    const webp = await sharp(svg, { density: 72 * scale })
      .resize(w, h)
      .webp({ quality: 80, effort: 6 })
      .toBuffer();
    writeFileSync(file.replace(/\.svg$/, '.webp'), webp);
    rows.push({ file: path.relative(root, file), size: `${w}×${h}`, svg: svg.length, webp: webp.length });
  }
}

const total = (key: 'svg' | 'webp') => rows.reduce((s, r) => s + r[key], 0);
const line = (file: string, size: string, svg: string | number, webp: string | number) =>
  `${file.padEnd(32)} ${size.padStart(9)} ${String(svg).padStart(9)} ${String(webp).padStart(9)}`;
console.log(line('file', 'webp px', 'svg B', 'webp B'));
for (const r of rows) console.log(line(r.file, r.size, r.svg, r.webp));
console.log(line(`total (${rows.length} files)`, '', total('svg'), total('webp')));
