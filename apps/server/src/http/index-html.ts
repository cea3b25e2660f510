import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The parts of Vite's build manifest (dist/.vite/manifest.json) the server reads. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Build {
  template: string;
  manifest: Manifest;
}

/**
 * Where the build's inert code ends: index.html keeps its entry script and module preloads in
 * `<template id="app-code">` until the page is painted (apps/web/build/load-code-after-paint.ts, ADR 0060).
 */
const CODE_TEMPLATE_END = '</template>';

/** The language catalogue chunks (apps/web/src/i18n/index.ts); index.html preloads the Japanese one. */
const catalogueSource = (lang: 'ja' | 'en') => `src/i18n/locales/${lang}.ts`;
/**
 * The rest of a language's strings (account, payment, legal) and the validation messages: every lazy page waits
 * for them with its code (apps/web/src/routes/lazy-page.ts, i18n moreStrings), so a page opened first fetches them
 * with its code, not after the entry ran.
 */
const moreStringSources = (lang: 'ja' | 'en') => [`src/i18n/locales/${lang}-more.ts`, 'src/i18n/messages.ts'];

/**
 * The built index.html and what the build manifest says about its chunks, to write per page: the page's head
 * tags, its language, and modulepreload links for the code of the route being opened (issue 13). Read once, like
 * the hashed assets app.ts registers at start: a rebuild needs a restart.
 */
export class IndexHtml {
  private readonly build: Build;

  constructor(root: string) {
    const manifestFile = path.join(root, '.vite', 'manifest.json');
    this.build = {
      template: readFileSync(path.join(root, 'index.html'), 'utf8'),
      manifest: existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : {},
    };
  }

  /** The chunk files and styles of `sources` and what they import, less what index.html already loads. */
  private filesOf({ template, manifest }: Build, sources: readonly string[]): { files: string[]; styles: string[] } {
    const files = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const next of chunk.imports ?? []) visit(next);
    };
    sources.forEach(visit);
    const fresh = (file: string) => !template.includes(`"/${file}"`);
    return { files: [...files].filter(fresh), styles: [...styles].filter(fresh) };
  }

  /**
   * What a lazy route brings with it: `styles`, its stylesheets linked when the server drew the page with them (the
   * page's first paint needs them; the SPA's dynamic import then finds them linked and does not add them again), and
   * `code`, its chunks' modulepreloads and the preloads of styles nothing shows yet (a stylesheet link would hold
   * the first paint for them).
   */
  private routeLinks(build: Build, sources: readonly string[], styled: readonly string[]) {
    const { files, styles } = this.filesOf(build, sources);
    const linked = new Set(this.filesOf(build, styled).styles);
    return {
      styles: styles.filter((f) => linked.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}" />`),
      code: [
        ...files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`),
        ...styles
          .filter((f) => !linked.has(f))
          .map((f) => `<link rel="preload" as="style" crossorigin href="/${f}" />`),
      ],
    };
  }

  /**
   * The files of the page a visitor most likely opens next, named in `<meta name="next-page">`: the page fetches them
   * into its cache once it has loaded and runs nothing (apps/web/src/routes/prefetch-next-page.ts). As
   * `<link rel="prefetch">`s here they were fetched beside the page's own picture, before its first paint.
   */
  private nextPageMeta(build: Build, sources: readonly string[], skip: readonly string[]): string[] {
    const loaded = new Set(Object.values(this.filesOf(build, skip)).flat());
    const { files, styles } = this.filesOf(build, sources);
    const next = [...files, ...styles].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
    return next.length > 0 ? [`<meta name="next-page" content="${next.join(' ')}" />`] : [];
  }

  /**
   * index.html for one page: `head` tags and the code of its lazy `routeSources` (with the strings lazy pages
   * wait for) added, its language set, the catalogue of `catalogue` (the language the SPA will start in) preloaded,
   * and #root filled with the page the server drew (apps/web/src/entry-server.tsx) and the state it hydrates with.
   */
  render(page: {
    lang: 'ja' | 'en';
    catalogue: 'ja' | 'en';
    title?: string;
    head: string[];
    routeSources: readonly string[];
    /** Modules of the page most likely opened next, fetched once the page has loaded (nextPageMeta). */
    nextSources?: readonly string[];
    /** The page drawn by the server: #root's markup and the state (JSON) the browser hydrates it with. */
    drawn?: { html: string; state: unknown };
  }): string {
    const build = this.build;
    let html = build.template.replace(/<html lang="[^"]*"/, `<html lang="${page.lang}"`);
    if (page.title !== undefined) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`);
    const ja = build.manifest[catalogueSource('ja')]?.file;
    const en = build.manifest[catalogueSource('en')]?.file;
    if (page.catalogue === 'en' && ja && en) {
      html = html.replace(`href="/${ja}" data-catalogue="ja"`, `href="/${en}" data-catalogue="en"`);
    }
    const withStrings = (routes: readonly string[]) =>
      routes.length > 0 ? [...routes, ...moreStringSources(page.catalogue)] : [];
    const sources = withStrings(page.routeSources);
    const route = this.routeLinks(build, sources, page.drawn ? page.routeSources : []);
    // The route's code waits with the entry's in the build's template, so it too starts after the paint instead of
    // taking the picture's bandwidth and main thread (in an index.html without the template, it loads at once).
    const inTemplate = html.includes(CODE_TEMPLATE_END);
    if (inTemplate) html = html.replace(CODE_TEMPLATE_END, () => `${route.code.join('')}${CODE_TEMPLATE_END}`);
    const head = [
      ...page.head,
      ...route.styles,
      ...(inTemplate ? [] : route.code),
      ...this.nextPageMeta(build, withStrings(page.nextSources ?? []), sources),
    ].join('\n    ');
    if (page.drawn) {
      const { html: drawn, state } = page.drawn;
      const root = `<div id="root" data-lang="${page.catalogue}">${drawn}</div><script type="application/json" id="ssr-state">${jsonForScript(state)}</script>`;
      html = html.replace('<div id="root"></div>', () => root);
    }
    return head ? html.replace('</head>', () => `  ${head}\n  </head>`) : html;
  }
}

/** JSON that cannot end its <script> element early or start a comment in it ("</script>", "<!--"). */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
