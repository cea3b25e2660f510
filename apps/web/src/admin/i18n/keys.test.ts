import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every leaf key of a catalogue, as dotted paths, plural suffixes folded (English has _one where Japanese has not). */
function keys(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const dir = path.dirname(new URL(import.meta.url).pathname);
const read = (lang: string, file: string) => JSON.parse(readFileSync(path.join(dir, lang, file), 'utf8')) as unknown;
const files = [...new Set([...readdirSync(path.join(dir, 'ja')), ...readdirSync(path.join(dir, 'en'))])].sort();

describe("the console's catalogues (admin/i18n)", () => {
  it.each(files)('%s exists in ja and en with the same keys', (file) => {
    const ja = [...new Set(keys(read('ja', file)))].sort();
    const en = [...new Set(keys(read('en', file)))].sort();
    expect({ onlyInJa: ja.filter((k) => !en.includes(k)), onlyInEn: en.filter((k) => !ja.includes(k)) }).toEqual({
      onlyInJa: [],
      onlyInEn: [],
    });
  });
});
