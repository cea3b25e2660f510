import { expect } from 'vitest';

/**
 * A share image as a chat app fetches it: asserts a cacheable 1200×630 PNG and answers the colour (#rrggbb) of
 * the pixel at (x, y), so a test can check that the right picture was painted where it belongs.
 */
export async function shareImageColourAt(url: string, x: number, y: number): Promise<string> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  const png = Buffer.from(await res.arrayBuffer());
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const { default: sharp } = await import('sharp');
  const meta = await sharp(png).metadata();
  expect([meta.width, meta.height]).toEqual([1200, 630]);
  const { data } = await sharp(png).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer({
    resolveWithObject: true,
  });
  return `#${[...data.subarray(0, 3)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}
