import { describe, expect, it } from 'vitest';
import {
  documentTexts,
  fillText,
  linksIn,
  PLACEHOLDER_NAMES,
  placeholdersIn,
  placeholderValues,
  withSetSections,
  textParts,
} from './placeholders';
import { LEGAL_DOCUMENT_KEYS, type LegalDocument } from './types';
import { loadLegalDocument } from './index';
import jaLegal from '../locales/ja/legal.json';
import enLegal from '../locales/en/legal.json';

const files = import.meta.glob<{ default: LegalDocument }>('./*/*.ts', { eager: true });
const docOf = (lang: 'ja' | 'en', key: string) => {
  const mod = files[`./${lang}/${key}.ts`];
  if (!mod) throw new Error(`missing ${lang}/${key}`);
  return mod.default;
};

// Pages a legal text may link to (all registered routes of the shop).
const KNOWN_PAGES = [
  '/terms-of-service',
  '/privacy-protection',
  '/specific-commerce',
  '/fund-settlement',
  '/point-terms-of-service',
  '/user-guide',
  '/fairness',
];

describe('the terms of service', () => {
  it.each(['ja', 'en'] as const)(
    'has exactly 24 articles in %s, established 2021-11-10, revised 2022-03-22',
    (lang) => {
      const doc = docOf(lang, 'terms-of-service');
      expect(doc.layout).toBe('articles');
      expect(doc.sections).toHaveLength(24);
      expect(doc.sections.map((s) => s.id)).toEqual(Array.from({ length: 24 }, (_, i) => `article-${i + 1}`));
      expect(doc.established).toBe('2021-11-10');
      expect(doc.revised).toBe('2022-03-22');
    },
  );

  it('names the business constants of the spec: 6 months, Saitama District Court, one account, guardian consent', () => {
    const ja = documentTexts(docOf('ja', 'terms-of-service')).join('\n');
    expect(ja).toContain('付与日から6か月間');
    expect(ja).toContain('さいたま地方裁判所を第一審の専属的合意管轄裁判所');
    expect(ja).toContain('1人につき1アカウント');
    expect(ja).toContain('法定代理人の同意');
    expect(ja).toContain('24時間以内');
    const en = documentTexts(docOf('en', 'terms-of-service')).join('\n');
    expect(en).toContain('Saitama District Court');
    expect(en).toContain('valid for 6 months');
  });
});

describe('every legal document', () => {
  it.each(LEGAL_DOCUMENT_KEYS)('%s exists in ja and en with the same sections, anchors and dates', (key) => {
    const ja = docOf('ja', key);
    const en = docOf('en', key);
    expect(en.sections).toHaveLength(ja.sections.length);
    expect(en.sections.map((s) => s.id)).toEqual(ja.sections.map((s) => s.id));
    expect(new Set(ja.sections.map((s) => s.id)).size).toBe(ja.sections.length);
    expect([en.layout, en.established, en.revised]).toEqual([ja.layout, ja.established, ja.revised]);
    for (const [j, e] of ja.sections.map((s, i) => [s, en.sections[i]!] as const)) {
      expect(e.items?.length ?? 0, `${key}#${j.id} items`).toBe(j.items?.length ?? 0);
      expect(e.faq?.length ?? 0, `${key}#${j.id} faq`).toBe(j.faq?.length ?? 0);
    }
  });

  it.each(LEGAL_DOCUMENT_KEYS)('%s uses only placeholders the page fills, the same ones in both languages', (key) => {
    const used = (lang: 'ja' | 'en') => new Set(documentTexts(docOf(lang, key)).flatMap(placeholdersIn));
    for (const name of [...used('ja'), ...used('en')]) expect(PLACEHOLDER_NAMES).toContain(name);
    expect([...used('en')].sort()).toEqual([...used('ja')].sort());
  });

  it('leaves no placeholder unfilled once the site info is known, and shows the fallback when it is not', () => {
    const info = {
      shop_name: { ja: 'キラキラオリパ', en: 'KIRAKIRA ORIPA' },
      operator: {
        name: '株式会社テスト',
        nameEn: 'Test Co., Ltd.',
        representative: '山田 太郎',
        representativeEn: 'Taro Yamada',
        address: '埼玉県さいたま市',
        addressEn: 'Saitama, Japan',
        phone: '048-000-0000',
        email: 'a@b.example',
      },
      support_hours: { days: 'weekdays' as const, open: '10:00', close: '17:00' },
      antique_dealer_licence: '東京都公安委員会 第301012345678号',
      links: { company_url: '', column_url: '', winners_url: '', media_url: '', social_url: '' },
    };
    for (const lang of ['ja', 'en'] as const) {
      const values = placeholderValues(info, lang, (h) => `${h.open}-${h.close}`, 'shop');
      expect(Object.keys(values).sort()).toEqual([...PLACEHOLDER_NAMES].sort());
      for (const key of LEGAL_DOCUMENT_KEYS) {
        for (const text of documentTexts(docOf(lang, key))) {
          expect(fillText(text, values, 'FALLBACK')).not.toMatch(/\{\{|FALLBACK/);
        }
      }
    }
    // The 古物商許可番号 section is there while the owner has set it, and left out (never a fallback) while not.
    for (const lang of ['ja', 'en'] as const) {
      const doc = docOf(lang, 'specific-commerce');
      const ids = (v: Partial<Record<string, string>>) => withSetSections(doc, v).sections.map((s) => s.id);
      const unset = placeholderValues({ ...info, antique_dealer_licence: '' }, lang, () => '', 'shop');
      expect(ids(placeholderValues(info, lang, () => '', 'shop'))).toContain('antique-dealer-licence');
      expect(ids(unset)).not.toContain('antique-dealer-licence');
      expect(ids(unset)).toHaveLength(doc.sections.length - 1);
    }
    const seller = docOf('ja', 'specific-commerce').sections[0]!.paragraphs![0]!;
    expect(
      fillText(
        seller,
        placeholderValues(info, 'ja', () => '', 'shop'),
        '?',
      ),
    ).toBe('株式会社テスト');
    expect(
      fillText(
        seller,
        placeholderValues(info, 'en', () => '', 'shop'),
        '?',
      ),
    ).toBe('Test Co., Ltd.');
    expect(
      fillText(
        seller,
        placeholderValues(null, 'ja', () => '', 'shop'),
        'お問い合わせください',
      ),
    ).toBe('お問い合わせください');
  });

  it.each(LEGAL_DOCUMENT_KEYS)('%s links to the same shop pages in both languages', (key) => {
    const links = (lang: 'ja' | 'en') => documentTexts(docOf(lang, key)).flatMap(linksIn);
    expect(links('en')).toEqual(links('ja'));
    for (const to of links('ja')) expect(KNOWN_PAGES).toContain(to);
  });

  it('splits in-text links from the plain text around them', () => {
    expect(textParts('詳しくは「[資金決済法に基づく表示](/fund-settlement)」へ')).toEqual([
      '詳しくは「',
      { label: '資金決済法に基づく表示', to: '/fund-settlement' },
      '」へ',
    ]);
    expect(textParts('[x](https://evil.example) stays text')).toEqual(['[x](https://evil.example) stays text']);
  });

  it('loads each document on demand', async () => {
    const doc = await loadLegalDocument('en', 'fund-settlement');
    expect(doc.label).toBe('PAYMENT SERVICE');
    await expect(loadLegalDocument('en', 'nope' as never)).rejects.toThrow();
  });

  it('explains plainly that 6-month points are outside the prepaid payment instrument rules', () => {
    const ja = documentTexts(docOf('ja', 'fund-settlement')).join('\n');
    expect(ja).toContain('発行の日から6か月以内に限って使用できるもの');
    expect(ja).toContain('適用対象外');
    const en = documentTexts(docOf('en', 'fund-settlement')).join('\n');
    expect(en).toContain('only within 6 months of issue are excluded');
  });
});

describe('the legal UI strings', () => {
  it('have the same keys in ja and en', () => {
    expect(Object.keys(enLegal).sort()).toEqual(Object.keys(jaLegal).sort());
  });
});
