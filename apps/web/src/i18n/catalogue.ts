/** One language's catalogue: namespace (common, layout, account, …) to its strings. */
export type Catalogue = Record<string, Record<string, unknown>>;

/**
 * Turns an eager `import.meta.glob('./*.json')` of one language folder into its catalogue, keyed by file name. A
 * file may come in parts (`./ja/pack.json` and `./ja/pack.json#after-draw`, locales/ja-more.ts): each part holds
 * some of the file's top-level keys, and the parts make up the namespace.
 */
export function byNamespace(files: Record<string, Record<string, unknown>>): Catalogue {
  const out: Catalogue = {};
  for (const [file, strings] of Object.entries(files)) {
    const m = /([\w-]+)\.json(?:#[\w-]+)?$/.exec(file);
    if (m) out[m[1]!] = { ...out[m[1]!], ...strings };
  }
  return out;
}
