import { describe, expect, it } from 'vitest';
import { rankOrAbove } from '../rank.ts';
import { inEachLang, messages, msg, translateMessage } from './messages.ts';

describe('message catalogue', () => {
  it('has every key in both languages', () => {
    expect(Object.keys(messages.en).sort()).toEqual(Object.keys(messages.ja).sort());
  });
  it('fills parameters and falls back to "invalid" for unknown keys', () => {
    expect(translateMessage('en', msg('tooLong', { max: 20 }))).toBe('Enter at most 20 characters');
    expect(translateMessage('ja', msg('tooLong', { max: 20 }))).toBe('20文字以内で入力してください');
    expect(translateMessage('en', 'noSuchKey')).toBe('Invalid value');
  });
  it("a parameter worded per language reads in the reader's language", () => {
    const limit = msg('rankRequired', { rank: inEachLang((l) => rankOrAbove(3, l)) });
    expect(translateMessage('ja', limit)).toBe('このパックはゴールド以上の会員のみ購入できます');
    expect(translateMessage('en', limit)).toBe('This pack is for members ranked Gold or above');
  });
});
