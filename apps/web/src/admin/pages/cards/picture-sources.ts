import { isJunkFile } from '@oripa/core/admin';
import { unzipSync } from 'fflate';

/** A picture chosen for an import: a file, or an entry of a chosen zip (unpacked only when it is sent). */
export interface PictureSource {
  /** The name the preview matches to a model number (a zip entry's path inside the zip). */
  name: string;
  size: number;
  read: () => Blob;
}

const baseName = (path: string) => path.split(/[/\\]/).pop() ?? path;

/**
 * The pictures of the chosen files: images as they are, a zip's entries listed from its directory without
 * inflating them (folders and macOS/Windows clutter left out). The server checks every picture again.
 */
export async function pictureSources(files: readonly File[]): Promise<PictureSource[]> {
  const out: PictureSource[] = [];
  for (const file of files) {
    if (!/\.zip$/i.test(file.name)) {
      out.push({ name: file.name, size: file.size, read: () => file });
      continue;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const entries: { name: string; size: number }[] = [];
    unzipSync(bytes, {
      filter: (e) => {
        if (!e.name.endsWith('/') && !isJunkFile(e.name)) entries.push({ name: e.name, size: e.originalSize });
        return false;
      },
    });
    for (const e of entries) {
      out.push({
        name: e.name,
        size: e.size,
        read: () => new Blob([unzipSync(bytes, { filter: (x) => x.name === e.name })[e.name]!.slice()]),
      });
    }
  }
  return out;
}

/**
 * Pictures in requests of at most `maxFiles` files and about `maxBytes`, so the progress bar moves as each batch is
 * stored and no request nears the server's limit. Each goes by its own file name (without the zip's folders):
 * the server matches by that name as the preview did by the path.
 */
export function pictureBatches(sources: readonly PictureSource[], maxFiles = 10, maxBytes = 8 * 1024 * 1024) {
  const batches: PictureSource[][] = [];
  let current: PictureSource[] = [];
  let bytes = 0;
  for (const s of sources) {
    if (current.length && (current.length >= maxFiles || bytes + s.size > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(s);
    bytes += s.size;
  }
  if (current.length) batches.push(current);
  return batches;
}

export const uploadName = (source: PictureSource) => baseName(source.name);
