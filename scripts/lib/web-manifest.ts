import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The key of the build's entry chunk (index.html's, or admin.html's in the console's build). */
export function entryKey(manifest: Manifest): string {
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');
  return entry[0];
}

/**
 * The files of `keys` and of everything they import statically, recursively, each once: what the browser must
 * fetch and evaluate before the first of those modules runs. Dynamic imports (lazy chunks) are not followed.
 */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return [...seen].map((key) => manifest[key]!.file);
}

/**
 * The JavaScript files a first visit runs before anything shows: the entry, everything it imports statically
 * (recursively), and the default language's catalogue, which the entry awaits before its first render. What the
 * entry imports dynamically and awaits too (React DOM, ADR 0064) is what index.html preloads: pageScripts.
 */
export function initialScripts(manifest: Manifest, catalogueSrc = 'src/i18n/locales/ja.ts'): string[] {
  const first = [entryKey(manifest)];
  if (manifest[catalogueSrc]) first.push(catalogueSrc);
  return staticClosure(manifest, first);
}

/**
 * Scripts index.html itself loads: its script tags outside <template> (the entry, and any script outside the entry's
 * graph a build may add), and every module it preloads, in the after-paint template or not (the loader starts them
 * all). A module the entry imports dynamically and awaits before its first render is first-load code only through
 * its preload (build/preload-start-chunks.ts writes one for each of the entry's dynamic imports).
 */
export function pageScripts(distDir: string): string[] {
  const page = path.join(distDir, 'index.html');
  // The console's build (admin.html) has no such loader.
  if (!existsSync(page)) return [];
  const html = readFileSync(page, 'utf8');
  const scripts = html.replace(/<template[^]*?<\/template>/g, '').matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g);
  const preloads = html.matchAll(/<link rel="modulepreload"[^>]*\shref="\/([^"]+)"/g);
  return [...scripts, ...preloads].map((m) => m[1]!);
}
