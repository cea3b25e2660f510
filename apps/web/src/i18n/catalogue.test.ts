import { afterEach, describe, expect, it, vi } from 'vitest';
import { byNamespace } from './catalogue';
import i18n from './index';
import enMore from './locales/en-more.ts';
import en from './locales/en.ts';
import jaMore from './locales/ja-more.ts';
import ja from './locales/ja.ts';

// Both chunks of each language: the first render's and the one fetched after it (account, payment, legal, meta).
const resources = { ja: byNamespace({ ...ja, ...jaMore }), en: byNamespace({ ...en, ...enMore }) };

/** Every leaf key of a catalogue, as dotted paths. */
function keys(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') return [prefix];
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

/** English has plural forms (key_one, key_other) where Japanese has one (key or key_other): compare the base key. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = (tree: unknown) => [...new Set(keys(tree).map((k) => k.replace(PLURAL, '')))].sort();

describe('translation catalogues', () => {
  const namespaces = [...new Set([...Object.keys(resources.ja ?? {}), ...Object.keys(resources.en ?? {})])].sort();

  it('has both languages for every namespace', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const ns of namespaces) {
      expect({ ns, ja: ns in (resources.ja ?? {}), en: ns in (resources.en ?? {}) }).toEqual({
        ns,
        ja: true,
        en: true,
      });
    }
  });

  it.each(namespaces)('%s has the same keys in ja and en', (ns) => {
    const ja = baseKeys(resources.ja?.[ns] ?? {});
    const en = baseKeys(resources.en?.[ns] ?? {});
    expect({ onlyInJa: ja.filter((k) => !en.includes(k)), onlyInEn: en.filter((k) => !ja.includes(k)) }).toEqual({
      onlyInJa: [],
      onlyInEn: [],
    });
  });
});

describe('untranslated strings', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    i18n.removeResourceBundle('ja', 'catalogue-test');
    await i18n.changeLanguage('ja');
  });

  it('logs an English string that is missing (even though the Japanese fallback is shown)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    i18n.addResourceBundle('ja', 'catalogue-test', { onlyJapanese: '日本語だけ' });
    await i18n.changeLanguage('en');
    expect(i18n.t('onlyJapanese', { ns: 'catalogue-test' })).toBe('日本語だけ');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('catalogue-test:onlyJapanese'));
    warn.mockClear();
    i18n.t('nowhere.at.all', { ns: 'catalogue-test' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('nowhere.at.all'));
  });

  it('does not log a string that exists in English', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await i18n.changeLanguage('en');
    expect(i18n.t('header.loginRegister', { ns: 'layout' })).toBe('Log in / Sign up');
    expect(warn).not.toHaveBeenCalled();
  });
});
