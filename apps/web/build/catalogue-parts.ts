import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { catalogueParts, type CataloguePart } from '../src/i18n/pack-after-draw.ts';

const PART_IMPORT = /\.json\?(before-draw|after-draw)$/;
/** A module id no JSON plugin takes: it neither ends in `.json` nor has `.json?` (vite:json's test). */
const PREFIX = '\0oripa-catalogue-part:';
const SUFFIX = ':part';

/**
 * `import strings from './ja/pack.json?before-draw'` (or `?after-draw`): that part of the file's top-level keys
 * only (src/i18n/pack-after-draw.ts), as a module of its own. A named import of the JSON's keys would not do: both
 * language chunks would then import the whole file as a shared chunk of the first load.
 */
export function catalogueFileParts(): Plugin {
  return {
    name: 'oripa:catalogue-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      const m = PART_IMPORT.exec(source);
      if (!m || !importer) return null;
      const file = path.resolve(path.dirname(importer), source.slice(0, source.indexOf('?')));
      return `${PREFIX}${m[1]}:${file}${SUFFIX}`;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const rest = id.slice(PREFIX.length);
      const part = rest.slice(0, rest.indexOf(':')) as CataloguePart;
      const file = rest.slice(part.length + 1, -SUFFIX.length);
      this.addWatchFile(file);
      const strings = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(catalogueParts(strings, part))};`;
    },
  };
}
