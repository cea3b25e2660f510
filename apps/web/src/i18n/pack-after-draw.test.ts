import { describe, expect, it } from 'vitest';
import { byNamespace } from './catalogue';
import enPack from './locales/en/pack.json';
import enMore from './locales/en-more.ts';
import en from './locales/en.ts';
import jaPack from './locales/ja/pack.json';
import jaMore from './locales/ja-more.ts';
import ja from './locales/ja.ts';
import { catalogueParts, PACK_AFTER_DRAW } from './pack-after-draw';

describe('the pack strings split at the draw', () => {
  it.each([
    ['ja', jaPack],
    ['en', enPack],
  ] as const)('%s: the two parts are the whole file, with no key in both', (_lang, pack) => {
    const before = catalogueParts(pack, 'before-draw');
    const after = catalogueParts(pack, 'after-draw');
    expect(Object.keys(after).sort()).toEqual([...PACK_AFTER_DRAW].sort());
    expect(Object.keys(before).filter((key) => key in after)).toEqual([]);
    expect({ ...before, ...after }).toEqual(pack);
  });

  it.each([
    ['ja', ja, jaMore, jaPack],
    ['en', en, enMore, enPack],
  ] as const)('%s: the first chunk has no string of after the draw; both chunks make up the namespace', (...args) => {
    const [, first, more, pack] = args;
    const firstPack = byNamespace(first).pack!;
    expect(Object.keys(firstPack).filter((key) => (PACK_AFTER_DRAW as readonly string[]).includes(key))).toEqual([]);
    expect(firstPack.confirm).toEqual(pack.confirm);
    expect(byNamespace(more).pack).toEqual(catalogueParts(pack, 'after-draw'));
    expect(byNamespace({ ...first, ...more }).pack).toEqual(pack);
  });
});
