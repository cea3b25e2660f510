import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Text the shop serves as files; index.html is left out, the server rewrites it per page (page-meta.ts). */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* files(full);
    } else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` at maximum compression, when smaller, beside it. */
export async function precompressFile(file: string): Promise<void> {
  if ((await stat(file)).size < MIN_BYTES) return;
  const body = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz(body, { level: 9 }),
  ]);
  if (br.length < body.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
}

/**
 * Brotli and gzip copies of every built text file, once at build time at the highest levels (too slow to do per
 * request); @fastify/static's preCompressed option serves the one the browser accepts, with Content-Encoding and
 * Vary: Accept-Encoding (app.ts).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'oripa:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const all: Promise<void>[] = [];
      for await (const file of files(outDir)) all.push(precompressFile(file));
      await Promise.all(all);
    },
  };
}
