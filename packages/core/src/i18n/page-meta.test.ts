import { describe, expect, it } from 'vitest';
import { packPageDescription, packPageTitle, pageMeta } from './page-meta.ts';

describe('page texts the server and the SPA share', () => {
  it('has the same keys in both languages', () => {
    expect(Object.keys(pageMeta.en).sort()).toEqual(Object.keys(pageMeta.ja).sort());
  });

  it("titles a pack page with the pack's name, then the shop's", () => {
    expect(packPageTitle('ja', '星空パック')).toBe('星空パック | キラキラオリパ');
    expect(packPageTitle('en', 'Starry pack')).toBe('Starry pack | KIRAKIRA ORIPA');
  });

  it('describes a pack by its own text, on one line and at most 120 characters, else a standard line', () => {
    expect(packPageDescription('en', 'P', 100, '  Win\n\nbig  ')).toBe('Win big');
    const long = packPageDescription('ja', 'P', 100, 'あ'.repeat(300));
    expect(long).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
    expect(packPageDescription('en', 'Starry pack', 1200, '')).toBe(
      'Starry pack: 1,200 points per draw. See the lineup and what is left, then try your luck!',
    );
    expect(packPageDescription('ja', '星空パック', 100, null)).toMatch(/^星空パック｜1回100ポイント/);
  });
});
