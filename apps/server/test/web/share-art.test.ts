import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { artDataUri, sharePng } from '../../src/routes/web/share-image.ts';

/**
 * The share cards paint the pack's and the card's art inside an SVG drawn by sharp's librsvg, which leaves a WebP
 * blank: the demo's art is WebP (issue 13), so artDataUri hands it over as PNG.
 */
const root = mkdtempSync(`${tmpdir()}/share-art-`);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The colour at the middle of a 40×40 SVG that shows `uri` over a white background. */
async function paintedColour(uri: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#fff"/><image href="${uri}" width="40" height="40"/></svg>`;
  const { data } = await sharp(await sharePng(svg))
    .extract({ left: 20, top: 20, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return `#${[...data.subarray(0, 3)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

describe('the art of a share card', () => {
  it('paints a WebP (handed over as PNG)', async () => {
    mkdirSync(path.join(root, 'demo', 'packs'), { recursive: true });
    const webp = await sharp({ create: { width: 16, height: 9, channels: 3, background: '#123456' } })
      .webp({ lossless: true })
      .toBuffer();
    writeFileSync(path.join(root, 'demo', 'packs', 'starry-1.webp'), webp);
    const uri = await artDataUri(root, '/demo/packs/starry-1.webp');
    expect(uri).toMatch(/^data:image\/png;base64,/);
    expect(await paintedColour(uri!)).toBe('#123456');
  });

  it('still reads an SVG as it is, and nothing outside the build or missing', async () => {
    writeFileSync(
      path.join(root, 'demo', 'packs', 'starry.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="9"><rect width="16" height="9" fill="#654321"/></svg>',
    );
    const uri = await artDataUri(root, '/demo/packs/starry.svg');
    expect(uri).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await paintedColour(uri!)).toBe('#654321');
    expect(await artDataUri(root, '/demo/packs/none.webp')).toBeNull();
    expect(await artDataUri(root, '/demo/../../etc/passwd.webp')).toBeNull();
  });
});
