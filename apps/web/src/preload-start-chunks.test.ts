import type { IndexHtmlTransformContext, Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { preloadStartChunks } from '../build/preload-start-chunks';

/** A chunk of the build's bundle, as much of it as the plugin reads. */
const chunk = (fileName: string, more: Partial<Rolldown.OutputChunk> = {}) =>
  ({ type: 'chunk', fileName, isEntry: false, imports: [], dynamicImports: [], ...more }) as Rolldown.OutputChunk;

function tagsFor(bundle: Record<string, Rolldown.OutputChunk>) {
  const hook = preloadStartChunks().transformIndexHtml as unknown as {
    handler: (html: string, ctx: IndexHtmlTransformContext) => { attrs: { href: string } }[];
  };
  return hook.handler('', { bundle } as unknown as IndexHtmlTransformContext).map((t) => t.attrs.href);
}

describe('preloadStartChunks', () => {
  it("preloads the entry's dynamic imports with what they import that the entry does not, each once", () => {
    const bundle = {
      'index.js': chunk('index.js', { isEntry: true, imports: ['app.js'], dynamicImports: ['client.js'] }),
      'app.js': chunk('app.js', { dynamicImports: ['Page.js'] }),
      'client.js': chunk('client.js', { imports: ['react-dom.js', 'app.js'] }),
      'react-dom.js': chunk('react-dom.js', { imports: ['app.js'] }),
      'Page.js': chunk('Page.js', { imports: ['react-dom.js'] }),
    };
    // The lazy page the app imports is not the entry's own dynamic import: it waits for its route.
    expect(tagsFor(bundle)).toEqual(['/client.js', '/react-dom.js']);
  });

  it('adds nothing to an entry that imports nothing dynamically', () => {
    expect(tagsFor({ 'index.js': chunk('index.js', { isEntry: true, imports: ['app.js'] }) })).toEqual([]);
  });
});
