import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { minifySync, type Plugin } from 'vite';

/**
 * The loader as shipped, minified: its comments and names are for people reading the source, not for the phone.
 * Made when a build writes index.html, not whenever a config imports this file (the dev server, the unit tests).
 */
const minifiedLoader = () =>
  minifySync('after-paint-loader.js', readFileSync(new URL('./after-paint-loader.js', import.meta.url), 'utf8'), {
    compress: true,
    mangle: true,
  }).code;
/** The entry script and the module preloads Vite (and preloadLanguage) put in index.html's head. */
const CODE_TAG = /\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g;

/**
 * Moves index.html's code into `<template id="app-code">` and adds the small loader that starts it after the
 * first paint (after-paint-loader.js, ADR 0032, back with server rendering in ADR 0060). Runs on the written
 * index.html (generateBundle, after Vite's own html plugin has put its tags in). The loader is a hashed asset, so it is cached as immutable like the rest; the
 * shop's CSP allows no inline script.
 */
export function loadCodeAfterPaint(): Plugin {
  return {
    name: 'oripa:load-code-after-paint',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (!page || page.type !== 'asset') return;
        const html = String(page.source);
        const tags = html.match(CODE_TAG) ?? [];
        if (tags.length === 0) this.error('index.html has no module script to defer');
        const source = minifiedLoader();
        const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
        const loader = this.emitFile({ type: 'asset', fileName: `assets/after-paint-${hash}.js`, source });
        const template = `\n    <template id="app-code">${tags.map((t) => t.trim()).join('')}</template>`;
        const script = `\n    <script defer src="/${this.getFileName(loader)}"></script>`;
        page.source = html.replace(CODE_TAG, '').replace(/\s*<\/head>/, `${template}${script}\n  </head>`);
      },
    },
  };
}
