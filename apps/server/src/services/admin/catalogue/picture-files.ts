import { unzipSync } from 'fflate';
import { adminMsg as msg, isJunkFile } from '@oripa/core/admin';
import { AppError } from '../../../app-error.ts';
import { MAX_UPLOAD_BYTES } from './images.ts';

/** A zip holds at most this many entries (a set is 100-300 cards; folders and stray files count too). */
export const MAX_ZIP_ENTRIES = 1000;
/** What a zip may unpack to in all: a zip bomb is refused by its entries' sizes before anything is inflated. */
export const MAX_ZIP_UNPACKED = 300 * 1024 * 1024;

export interface PictureFile {
  /** The file's name as it will be matched to a model number (a zip entry's path inside the zip). */
  name: string;
  bytes: Buffer;
}

const refuse = (message: string, reason: string) => new AppError('validation', { file: [message] }, reason);
const isZip = (f: { name: string; bytes: Buffer }) =>
  f.bytes.length >= 4 && f.bytes.readUInt32LE(0) === 0x04034b50 && /\.zip$/i.test(f.name);
/** A name that would climb out of a folder or start at a root if anyone ever wrote it to disk (`../`, `/x`, `C:`). */
const unsafeName = (name: string) =>
  name.includes('\0') || /^([/\\]|[A-Za-z]:)/.test(name) || name.split(/[/\\]/).includes('..');

/**
 * The pictures of an upload: image files as they are, and the entries of a zip. A zip is checked from its central
 * directory before anything is inflated: at most MAX_ZIP_ENTRIES entries, no entry over the image limit, no more
 * than MAX_ZIP_UNPACKED in all, no name that climbs out of its folder. Each entry is then inflated alone into a
 * buffer of its declared size (fflate never grows it), so a lying header cannot unpack more than it declared.
 */
export function unpackPictures(files: readonly { name: string; bytes: Buffer }[]): PictureFile[] {
  const out: PictureFile[] = [];
  for (const f of files) {
    if (!isZip(f)) {
      out.push({ name: f.name, bytes: f.bytes });
      continue;
    }
    const entries: { name: string; size: number }[] = [];
    try {
      unzipSync(f.bytes, {
        filter: (e) => {
          entries.push({ name: e.name, size: e.originalSize });
          return false;
        },
      });
    } catch {
      throw refuse('cardZipBroken', 'zip_broken');
    }
    if (entries.length > MAX_ZIP_ENTRIES) throw refuse(msg('cardZipTooMany', { max: MAX_ZIP_ENTRIES }), 'zip_entries');
    let total = 0;
    for (const e of entries) {
      if (unsafeName(e.name)) throw refuse(msg('cardZipBadName', { file: e.name.slice(0, 100) }), 'zip_name');
      if (e.size > MAX_UPLOAD_BYTES) {
        throw refuse(msg('imageTooLarge', { max: MAX_UPLOAD_BYTES / 1024 / 1024 }), 'zip_entry_size');
      }
      total += e.size;
    }
    if (total > MAX_ZIP_UNPACKED) {
      throw refuse(msg('cardZipTooLarge', { max: MAX_ZIP_UNPACKED / 1024 / 1024 }), 'zip_size');
    }
    for (const e of entries) {
      if (e.name.endsWith('/') || isJunkFile(e.name)) continue;
      let bytes: Uint8Array | undefined;
      try {
        bytes = unzipSync(f.bytes, { filter: (x) => x.name === e.name })[e.name];
      } catch {
        throw refuse('cardZipBroken', 'zip_broken');
      }
      out.push({ name: e.name, bytes: Buffer.from(bytes ?? new Uint8Array()) });
    }
  }
  return out;
}
