import type { Plugin } from 'vite';

/**
 * index.html preloads the chunks its entry imports dynamically (main.tsx: React DOM, ADR 0064), with what they import
 * that the entry does not, so they arrive with the entry and not one round trip later. The entry imports them that
 * way only to evaluate them in a task of their own; it awaits them before its first render, so they are first-load
 * code like the rest: the budget checks count what index.html preloads (scripts/lib/web-manifest.ts pageScripts).
 */
export function preloadStartChunks(): Plugin {
  return {
    name: 'oripa:preload-start-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle ?? {};
        const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
        if (entry?.type !== 'chunk') return [];
        const files = new Set<string>();
        const skip = new Set([entry.fileName, ...entry.imports]);
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (skip.has(file) || files.has(file) || chunk?.type !== 'chunk') return;
          files.add(file);
          chunk.imports.forEach(visit);
        };
        entry.dynamicImports.forEach(visit);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
