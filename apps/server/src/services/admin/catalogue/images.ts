import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { adminMsg as msg, VARIANT_WIDTHS, variantKey } from '@oripa/core/admin';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../app-error.ts';
import { findMediaBySha, insertMedia, type MediaRow, type MediaVariant } from '../../../db/queries/admin-cards.ts';
import { withAudit } from '../audit.ts';
import type { StaffIdentity } from '../staff-sessions.ts';

/** Uploads larger than this are refused (a phone photo is a few MB; the variants are what the shop serves). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Decoding bombs: an image of more pixels than this is refused before it is decoded. */
const MAX_PIXELS = 40_000_000;
const MIN_SIDE = 64;
const FORMATS = ['webp', 'avif'] as const;
/** Formats accepted, by what the bytes are (sharp reads the header), never by the file name. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif']);

const notImage = () => AppError.validation('file', 'imageNotImage', 'not_an_image');

/** Reads what the bytes are; anything sharp cannot read as one of the accepted raster formats is refused. */
async function inspect(bytes: Buffer): Promise<{ format: string; width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw notImage();
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) throw notImage();
  if (meta.width * meta.height > MAX_PIXELS) throw notImage();
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  if (Math.min(width, height) < MIN_SIDE) throw AppError.validation('file', msg('imageTooSmall', { min: MIN_SIDE }));
  return { format: meta.format, width, height };
}

/** Makes the web-ready variants: auto-rotated, metadata stripped, at most each width, WebP and AVIF. */
async function variants(
  bytes: Buffer,
  width: number,
): Promise<{ width: number; format: 'webp' | 'avif'; body: Buffer }[]> {
  const widths = [...new Set(VARIANT_WIDTHS.map((w) => Math.min(w, width)))];
  const out: { width: number; format: 'webp' | 'avif'; body: Buffer }[] = [];
  for (const w of widths) {
    for (const format of FORMATS) {
      const pipeline = sharp(bytes, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width: w, withoutEnlargement: true });
      const body =
        format === 'webp'
          ? await pipeline.webp({ quality: 82 }).toBuffer()
          : await pipeline.avif({ quality: 55, effort: 2 }).toBuffer();
      out.push({ width: w, format, body });
    }
  }
  return out;
}

/**
 * Stores an uploaded image: checks it is an image by its content (not its name or declared type) and not too big,
 * makes its variants, writes them to the media storage and records the upload (audited). The same bytes
 * uploaded again answer the earlier record.
 */
export async function storeUpload(ctx: AppContext, staff: StaffIdentity, bytes: Buffer | null): Promise<MediaRow> {
  if (!bytes || bytes.length === 0) throw AppError.validation('file', 'imageMissing', 'missing_file');
  if (bytes.length > MAX_UPLOAD_BYTES) {
    throw AppError.validation('file', msg('imageTooLarge', { max: MAX_UPLOAD_BYTES / 1024 / 1024 }), 'too_large');
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const known = await findMediaBySha(ctx.db.pool, sha256);
  if (known) return known;
  const info = await inspect(bytes);
  // The header can be sound while the pixels are cut short (a truncated file, a zip entry that declared less than
  // it holds): sharp then fails while decoding, which is the upload's fault, not the shop's.
  const made = await variants(bytes, info.width).catch(() => {
    throw notImage();
  });
  const key = `img/${sha256.slice(0, 2)}/${sha256.slice(0, 24)}`;
  const storage = ctx.media;
  for (const v of made) await storage.put(variantKey(key, v.width, v.format), v.body, `image/${v.format}`);
  const list: MediaVariant[] = made.map((v) => ({ width: v.width, format: v.format, bytes: v.body.length }));
  const row = { key, width: info.width, height: info.height, variants: list };
  const id = await withAudit(ctx, staff, { action: 'media.upload', targetType: 'media', targetId: key }, async (tx) => {
    const newId = await insertMedia(tx, { ...row, sha256, sourceType: info.format, staffId: staff.id });
    // The same bytes uploaded at once (a double click, two tabs) wrote the same variants: the first record stands,
    // and this one rolls back its audit row and answers it.
    if (newId === null) throw new UploadRaced();
    return { before: null, after: { ...row, id: newId, source: info.format, bytes: bytes.length }, result: newId };
  }).catch(async (err: unknown) => {
    const first = err instanceof UploadRaced ? await findMediaBySha(ctx.db.pool, sha256) : null;
    if (!first) throw err;
    return first.id;
  });
  return { id: Number(id), ...row };
}

class UploadRaced extends Error {}

/** A stored object for GET /media/<key>: only the variants the shop wrote (by key shape), else null. */
export async function readMedia(ctx: AppContext, key: string) {
  if (!/^img\/[0-9a-f]{2}\/[0-9a-f]{24}-\d{2,4}\.(webp|avif)$/.test(key)) return null;
  return ctx.media.get(key);
}
