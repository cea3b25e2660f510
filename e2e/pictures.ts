import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

/** A generated picture (no real artwork): a coloured gradient with a frame. */
export async function art(hue: number, width = 600, height = 840): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${hue + 60},70%,30%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="20" y="20" width="${width - 40}" height="${height - 40}" fill="none" stroke="#fff" stroke-width="8" rx="24"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${width / 4}" fill="rgba(255,255,255,.35)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Uploads a generated picture through a console image picker and waits for its thumbnail. */
export async function uploadInto(scope: ReturnType<Page['locator']> | Page, hue: number, w?: number, h?: number) {
  const before = await scope.locator('.a-thumbs img').count();
  await scope
    .getByTestId('image-input')
    .setInputFiles({ name: `art-${hue}.png`, mimeType: 'image/png', buffer: await art(hue, w, h) });
  await expect(scope.locator('.a-thumbs img')).toHaveCount(before + 1);
}
