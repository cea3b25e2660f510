import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en/meta.json';
import ja from '../i18n/locales/ja/meta.json';
import { allRoutes } from './index';

// Every route sets its own description (issue 13): one missing falls back to the member-area text, which says
// nothing about the page, and an English page logs it as an untranslated string. The top page uses core's pageMeta.
describe('route descriptions', () => {
  const keys = [...new Set(allRoutes.map((r) => r.titleKey).filter((k) => k !== 'top'))].sort();

  it.each([
    ['ja', ja.description],
    ['en', en.description],
  ])('%s has a description for every route', (_lang, descriptions) => {
    expect(keys).toContain('gachaAnimation');
    expect(keys.filter((k) => !(k in descriptions))).toEqual([]);
  });
});
