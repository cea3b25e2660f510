import { describe, expect, it } from 'vitest';
import { startLanguage } from './start-language';

describe('startLanguage', () => {
  it("takes the browser's first Japanese or English language", () => {
    expect(startLanguage(null, ['en-GB', 'ja'])).toBe('en');
    expect(startLanguage(null, ['fr-FR', 'ja-JP', 'en'])).toBe('ja');
    expect(startLanguage(null, ['EN-us'])).toBe('en');
  });

  it("puts the staff member's own choice first, and falls back to Japanese", () => {
    expect(startLanguage('ja', ['en-US'])).toBe('ja');
    expect(startLanguage('en', ['ja-JP'])).toBe('en');
    expect(startLanguage('de', ['fr', 'zh-CN'])).toBe('ja');
    expect(startLanguage(null, [])).toBe('ja');
  });
});
