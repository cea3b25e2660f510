/**
 * How an uploaded image's variants are named and addressed (ADR 0015): the server writes them under these keys in
 * its media storage and serves them at GET /media/<key>; the console's replies name them by these URLs.
 */

/** Web-ready sizes: a list/thumbnail width and a detail width, each as WebP and AVIF (never enlarged). */
export const VARIANT_WIDTHS = [480, 960] as const;

export const mediaUrl = (key: string) => `/media/${key}`;
export const variantKey = (key: string, width: number, format: string) => `${key}-${width}.${format}`;

/** The URL forms store for an upload: its largest WebP. */
export function primaryMediaUrl(m: { key: string; variants: readonly { width: number; format: string }[] }): string {
  const webp = m.variants.filter((v) => v.format === 'webp').sort((a, b) => b.width - a.width)[0];
  return mediaUrl(variantKey(m.key, webp?.width ?? VARIANT_WIDTHS[0], 'webp'));
}
