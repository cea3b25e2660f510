import { statSync } from 'node:fs';
import path from 'node:path';
import { initialScripts, pageScripts, readManifest, staticClosure, type Manifest } from './web-manifest.ts';

/**
 * The JavaScript a page evaluates before it is interactive, from the build's module graph (Vite's manifest): the
 * entry with its static imports and first catalogue (what every page starts with, initialScripts), plus for a page
 * whose code is a lazy route the modules that route waits for before it draws (its chunk and, say, the strings it
 * needs), each with its own static imports. Lazy chunks those modules import dynamically (a modal, a ticker, the
 * likely next page fetched while idle) are not counted: they are not needed to draw the page. A file shared by
 * several of them counts once.
 *
 * Counted raw (as the browser parses, compiles and runs it), not compressed: the time the main thread spends
 * follows the code's size, not the bytes on the wire (that is the 120 kB brotli budget's concern,
 * scripts/check-bundle-budget.ts).
 */
export function evaluatedScripts(manifest: Manifest, routeModules: readonly string[]): string[] {
  const missing = routeModules.filter((key) => !manifest[key]);
  if (missing.length > 0) {
    throw new Error(
      `the build has no module ${missing.join(', ')}: the page's code moved; name its modules again ` +
        '(scripts/check-evaluated-js-budget.ts, EVALUATED_PAGES)',
    );
  }
  return [...new Set([...initialScripts(manifest), ...staticClosure(manifest, routeModules)])];
}

/** Total size in bytes of `files` (paths relative to `distDir`), each counted once. */
export function rawBytes(distDir: string, files: readonly string[]): number {
  return [...new Set(files)].reduce((sum, file) => sum + statSync(path.join(distDir, file)).size, 0);
}

/** The files and raw bytes of JavaScript a page of the build in `distDir` evaluates before it is interactive. */
export function measureEvaluatedJs(distDir: string, routeModules: readonly string[]) {
  // index.html's own script tags: the entry (counted once), and any script a build adds outside its graph.
  const files = [...new Set([...pageScripts(distDir), ...evaluatedScripts(readManifest(distDir), routeModules)])];
  return { files, raw: rawBytes(distDir, files) };
}
