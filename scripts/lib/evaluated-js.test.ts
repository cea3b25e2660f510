import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evaluatedScripts, measureEvaluatedJs } from './evaluated-js.ts';
import { staticClosure, type Manifest } from './web-manifest.ts';

/**
 * A small build: the entry imports the app chunk (which imports a runtime) and loads the ja catalogue, two lazy
 * pages and a modal dynamically; both pages share a chunk, one of them also imports the modal lazily.
 */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index.js', src: 'index.html', isEntry: true, imports: ['_app.js'] },
  '_app.js': {
    file: 'assets/app.js',
    imports: ['_runtime.js'],
    dynamicImports: ['src/i18n/locales/ja.ts', 'src/pages/A.tsx', 'src/pages/B.tsx'],
  },
  '_runtime.js': { file: 'assets/runtime.js' },
  'src/i18n/locales/ja.ts': { file: 'assets/ja.js', src: 'src/i18n/locales/ja.ts', isDynamicEntry: true },
  'src/pages/A.tsx': {
    file: 'assets/A.js',
    src: 'src/pages/A.tsx',
    isDynamicEntry: true,
    imports: ['_app.js', '_shared.js'],
    dynamicImports: ['src/Modal.tsx'],
  },
  'src/pages/B.tsx': { file: 'assets/B.js', src: 'src/pages/B.tsx', isDynamicEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js', imports: ['_runtime.js'] },
  'src/Modal.tsx': { file: 'assets/Modal.js', src: 'src/Modal.tsx', isDynamicEntry: true },
};
/** Bytes of each file: distinct powers of ten so a sum shows which files it counted, and how often. */
const SIZES: Record<string, number> = {
  'assets/index.js': 1,
  'assets/app.js': 10,
  'assets/runtime.js': 100,
  'assets/ja.js': 1000,
  'assets/A.js': 10_000,
  'assets/B.js': 100_000,
  'assets/shared.js': 1_000_000,
  'assets/Modal.js': 3,
  'assets/loader.js': 20,
  'assets/renderer.js': 300,
};

describe('staticClosure', () => {
  it('follows static imports recursively, each file once, and never a dynamic import', () => {
    expect(staticClosure(MANIFEST, ['index.html']).sort()).toEqual(
      ['assets/index.js', 'assets/app.js', 'assets/runtime.js'].sort(),
    );
    expect(staticClosure(MANIFEST, ['src/pages/A.tsx', 'src/pages/B.tsx']).sort()).toEqual(
      ['assets/A.js', 'assets/app.js', 'assets/runtime.js', 'assets/shared.js', 'assets/B.js'].sort(),
    );
  });

  it('names a module the manifest does not have', () => {
    expect(() => staticClosure(MANIFEST, ['src/pages/C.tsx'])).toThrow(/no chunk src\/pages\/C\.tsx/);
  });
});

describe('evaluatedScripts', () => {
  it('is the entry graph and the first catalogue for a page in the entry, plus a lazy route graph otherwise', () => {
    expect(evaluatedScripts(MANIFEST, []).sort()).toEqual(
      ['assets/index.js', 'assets/app.js', 'assets/runtime.js', 'assets/ja.js'].sort(),
    );
    // A's own lazy modal is not counted; app and runtime, shared with the entry, count once.
    expect(evaluatedScripts(MANIFEST, ['src/pages/A.tsx']).sort()).toEqual(
      [
        'assets/index.js',
        'assets/app.js',
        'assets/runtime.js',
        'assets/ja.js',
        'assets/A.js',
        'assets/shared.js',
      ].sort(),
    );
  });

  it('refuses a route module that is not in the build, saying where the list of modules is', () => {
    expect(() => evaluatedScripts(MANIFEST, ['src/pages/Gone.tsx'])).toThrow(/Gone\.tsx.*EVALUATED_PAGES/);
  });
});

describe('measureEvaluatedJs', () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'oripa-evaluated-js-'));
    mkdirSync(path.join(dist, '.vite'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    for (const [file, size] of Object.entries(SIZES)) writeFileSync(path.join(dist, file), 'x'.repeat(size));
    // index.html runs the loader itself; the entry's tag waits inert in a template and is not counted twice.
    writeFileSync(
      path.join(dist, 'index.html'),
      '<script defer src="/assets/loader.js"></script><template><script type="module" src="/assets/index.js"></script></template>',
    );
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('counts what index.html preloads, in its template too: the renderer the entry imports dynamically and awaits', () => {
    // As build/preload-start-chunks.ts writes it: the manifest has the renderer only as a dynamic import.
    writeFileSync(
      path.join(dist, 'index.html'),
      '<script defer src="/assets/loader.js"></script><template><script type="module" src="/assets/index.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/app.js"><link rel="modulepreload" crossorigin href="/assets/renderer.js"></template>',
    );
    expect(measureEvaluatedJs(dist, []).raw).toBe(20 + 1 + 10 + 100 + 1000 + 300);
  });

  it('adds the raw bytes of every file a page evaluates, each once, with the page’s own scripts', () => {
    expect(measureEvaluatedJs(dist, []).raw).toBe(20 + 1 + 10 + 100 + 1000);
    expect(measureEvaluatedJs(dist, ['src/pages/A.tsx']).raw).toBe(20 + 1 + 10 + 100 + 1000 + 10_000 + 1_000_000);
    expect(measureEvaluatedJs(dist, ['src/pages/A.tsx', 'src/pages/B.tsx']).raw).toBe(
      20 + 1 + 10 + 100 + 1000 + 10_000 + 100_000 + 1_000_000,
    );
  });
});
