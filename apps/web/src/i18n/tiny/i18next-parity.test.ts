import { createInstance as createI18next } from 'i18next';
import { describe, expect, it } from 'vitest';
import { createInstance as createTiny } from './i18next';

/**
 * The storefront's build swaps i18next for ./i18next.ts (vite.config.ts): both must give the same text for every
 * key of every catalogue, in both languages, with the options the pages pass (counts, values, defaults, objects).
 */
type Tree = Record<string, unknown>;
const files = import.meta.glob<Tree>(['../locales/*/*.json', '../lazy/*/*.json'], { eager: true, import: 'default' });
const resources: Record<string, Record<string, Tree>> = {};
for (const [file, strings] of Object.entries(files)) {
  const [, lng, ns] = /\/(ja|en)\/([\w-]+)\.json$/.exec(file)!;
  (resources[lng!] ??= {})[ns!] = strings;
}
const namespaces = Object.keys(resources.ja!);

/** Every key path (leaves and objects), without plural suffixes, as pages ask for them. */
function keysOf(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
  const own = Object.entries(tree as Tree).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
  return prefix ? [prefix, ...own] : own;
}

const placeholders = [
  ...new Set(
    JSON.stringify(resources)
      .match(/\{\{[^}]+\}\}/g)!
      .map((p) => p.slice(2, -2).trim()),
  ),
];
const values = Object.fromEntries(placeholders.map((p, i) => [p, `v${i}`]));

async function pair(lng: string) {
  const missing: { real: unknown[]; tiny: unknown[] } = { real: [], tiny: [] };
  const options = (into: unknown[]) => ({
    resources,
    lng,
    fallbackLng: 'ja',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    partialBundledLanguages: true,
    missingKeyHandler: (...args: unknown[]) => void into.push(args.slice(0, 4)),
  });
  const real = createI18next();
  await real.init(options(missing.real));
  const tiny = createTiny();
  await tiny.init(options(missing.tiny));
  return { real, tiny, missing };
}

const variants: Record<string, unknown>[] = [
  {},
  values,
  { ...values, count: 0 },
  { ...values, count: 1 },
  { ...values, count: 2 },
  { ...values, count: 21 },
  { defaultValue: 'fallback {{count}}', count: 3 },
  { returnObjects: true, ...values },
];

describe.each(['ja', 'en'])('the small i18next gives what i18next gives (%s)', (lng) => {
  it('for every key of every namespace, plain and as ns:key', { timeout: 60_000 }, async () => {
    const { real, tiny } = await pair(lng);
    const differences: unknown[] = [];
    let compared = 0;
    for (const ns of namespaces) {
      const [realT, tinyT] = [real.getFixedT(null, ns), tiny.getFixedT(null, ns)];
      for (const key of new Set(keysOf(resources.ja![ns]))) {
        for (const opt of variants) {
          const pairs: [string, unknown, unknown][] = [
            ['fixed', tinyT(key, opt), realT(key, opt as never)],
            ['ns:key', tiny.t(`${ns}:${key}`, opt), real.t(`${ns}:${key}`, opt as never)],
            ['exists', tiny.exists(key, { ...opt, ns, lngs: ['en'] }), real.exists(key, { ...opt, ns, lngs: ['en'] })],
          ];
          for (const [how, mine, theirs] of pairs) {
            if (JSON.stringify(mine) !== JSON.stringify(theirs)) differences.push({ how, ns, key, opt, mine, theirs });
          }
          compared++;
        }
      }
    }
    expect(differences.slice(0, 5)).toEqual([]);
    expect(compared).toBeGreaterThan(1000);
  });

  it('for missing keys, defaults, namespace lists and values that are not given', async () => {
    const { real, tiny, missing } = await pair(lng);
    const cases: [string | undefined, string, Record<string, unknown>][] = [
      [undefined, 'noSuchKey', {}],
      ['pack', 'noSuchKey', { count: 2 }],
      ['pack', 'noSuchKey', { defaultValue: '' }],
      ['payment', 'noSuch.subtitle', { defaultValue: 'x {{n}}', n: 4 }],
      [undefined, 'communicationError', { ns: 'common' }],
      [undefined, 'generalError', { ns: 'account' }],
      ['pack', 'common:noSuchKey', {}],
    ];
    for (const [ns, key, opt] of cases) {
      expect(tiny.getFixedT(null, ns)(key, opt)).toEqual(real.getFixedT(null, ns ?? null)(key, opt as never));
    }
    // A template whose value is not passed: i18next leaves the place empty.
    const withValue = placeholders.length > 0;
    expect(withValue).toBe(true);
    expect(missing.tiny).toEqual(missing.real);
  });

  it('after a deep merge, a removed bundle and a language switch', async () => {
    const { real, tiny } = await pair(lng);
    for (const i of [real, tiny]) {
      i.addResourceBundle('en', 'extra', { a: { b: 'one {{x}}' } }, true, true);
      i.addResourceBundle('en', 'extra', { a: { c: 'two' } }, true, true);
      i.addResourceBundle('ja', 'extra', { a: { b: 'いち', c: 'に' } }, true, true);
      i.removeResourceBundle('ja', 'extra');
    }
    for (const lang of ['en', 'ja']) {
      await real.changeLanguage(lang);
      await tiny.changeLanguage(lang);
      for (const key of ['extra:a.b', 'extra:a.c', 'extra:a.d']) {
        expect(tiny.t(key, { x: 5 })).toEqual(real.t(key, { x: 5 }));
      }
      expect(tiny.getResource(lang, 'extra', 'a.c')).toEqual(real.getResource(lang, 'extra', 'a.c'));
    }
  });
});
