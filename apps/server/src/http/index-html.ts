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

/** Where the build's inert code tags end (apps/web/build/load-code-after-paint.ts). */
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
   * `<link>`s that fetch a lazy route's chunks (and its styles) with the entry. The styles are preloaded, not
   * linked: a stylesheet link would hold the first paint (the header, the page's picture) until every route style
   * arrived, while the SPA's dynamic import already waits for them before the page renders.
   */
  private preloadLinks(build: Build, sources: readonly string[], linkStyles: boolean): string[] {
    const { files, styles } = this.filesOf(build, sources);
    return [
      ...files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`),
      ...(linkStyles ? [] : styles.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}" />`)),
    ];
  }

  /**
   * The route's own stylesheets as `<link rel="stylesheet">` for a first paint drawn with them (a member's page,
   * first-paint-member.ts): a few kB fetched beside the entry's stylesheet. The SPA's dynamic import finds them
   * already linked and does not add them again.
   */
  private styleLinks(build: Build, sources: readonly string[]): string[] {
    return this.filesOf(build, sources).styles.map((f) => `<link rel="stylesheet" crossorigin href="/${f}" />`);
  }

  /**
   * `<link rel="prefetch">`s for the page a visitor most likely opens next: the browser fetches its files into
   * its cache when the network is idle and runs nothing (the SPA used to import it when idle, a long task on a
   * phone); a tap then waits for no download.
   */
  private prefetchLinks(build: Build, sources: readonly string[], skip: readonly string[]): string[] {
    const loaded = new Set(Object.values(this.filesOf(build, skip)).flat());
    const { files, styles } = this.filesOf(build, sources);
    return [...files, ...styles]
      .filter((f) => !loaded.has(f))
      .map((f) => `<link rel="prefetch" crossorigin href="/${f}" />`);
  }

  /**
   * index.html for one page: `head` tags and the code of its lazy `routeSources` (with the strings lazy pages
   * wait for) added, its language set, and the catalogue of `catalogue` (the language the SPA will start in, its
   * `lang` cookie) preloaded.
   */
  render(page: {
    lang: 'ja' | 'en';
    catalogue: 'ja' | 'en';
    title?: string;
    head: string[];
    routeSources: readonly string[];
    /** Modules of the page most likely opened next, fetched when idle (prefetchLinks). */
    nextSources?: readonly string[];
    /** Markup shown in #root until the SPA's first render (first-paint.ts). */
    firstPaint?: string;
    /** The first paint is laid out by the route's own stylesheets, which are then linked, not preloaded. */
    firstPaintUsesRouteStyles?: boolean;
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
    const linkStyles = Boolean(page.firstPaint && page.firstPaintUsesRouteStyles);
    const code = [
      ...this.preloadLinks(build, sources, linkStyles),
      ...this.prefetchLinks(build, withStrings(page.nextSources ?? []), sources),
    ];
    // The build keeps the page's code inert in <template id="app-code"> until the first paint (ADR 0032): the
    // route's code joins it there, so it too waits instead of taking the picture's bandwidth.
    if (code.length > 0 && html.includes(CODE_TEMPLATE_END)) {
      html = html.replace(CODE_TEMPLATE_END, () => `${code.join('')}${CODE_TEMPLATE_END}`);
      code.length = 0;
    }
    const styles = linkStyles ? this.styleLinks(build, page.routeSources) : [];
    const head = [...page.head, ...styles, ...code].join('\n    ');
    if (page.firstPaint) html = html.replace('<div id="root"></div>', () => `<div id="root">${page.firstPaint}</div>`);
    return head ? html.replace('</head>', () => `  ${head}\n  </head>`) : html;
  }
}
