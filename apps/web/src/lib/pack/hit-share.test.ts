import { describe, expect, it } from 'vitest';
import { hitShareData } from './hit-share';

describe('what the Web Share API is given for a hit', () => {
  const base = { title: 'Pack', text: 'I pulled a dragon!', url: 'https://shop.example/pack-detail?packId=1&hit=5-x' };

  it('shares the link when no image file could be prepared', () => {
    expect(hitShareData({ ...base, file: null })).toEqual({ title: 'Pack', text: base.text, url: base.url });
  });

  it('shares the card image as a file with the link in the text (some targets drop url beside files)', () => {
    const file = new File(['png'], 'hit.png', { type: 'image/png' });
    const data = hitShareData({ ...base, file });
    expect(data.files).toEqual([file]);
    expect(data.url).toBeUndefined();
    expect(data.text).toBe(`${base.text} ${base.url}`);
  });
});
