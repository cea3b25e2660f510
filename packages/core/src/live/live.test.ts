import { describe, expect, it } from 'vitest';
import type { LiveHit } from '../contract/live.ts';
import { LIVE_HITS_KEPT, liveHitName, mergeHits, secondsAgo } from './index.ts';

const hit = (id: number): LiveHit => ({
  id,
  pack: 1,
  rank: 'S',
  card: { ja: 'カード', en: 'Card' },
  image: '',
  who: null,
  at: '2026-11-27T12:00:00.000Z',
});

describe('liveHitName', () => {
  it('shows the first letter only, whatever the script', () => {
    expect(liveHitName('試験')).toBe('試***');
    expect(liveHitName('Yamada')).toBe('Y***');
    expect(liveHitName('  さくら')).toBe('さ***');
    // A letter outside the BMP is one letter, not half of one.
    expect(liveHitName('𠮷田')).toBe('𠮷***');
  });
  it('gives the anonymous label (null) for no name or no letter', () => {
    expect(liveHitName('')).toBeNull();
    expect(liveHitName('   ')).toBeNull();
    expect(liveHitName('<')).toBeNull();
    expect(liveHitName('1')).toBeNull();
  });
});

describe('mergeHits', () => {
  it('keeps each hit once, newest first, at most LIVE_HITS_KEPT', () => {
    const shown = [hit(5), hit(3)];
    expect(mergeHits(shown, [hit(6), hit(5)]).map((h) => h.id)).toEqual([6, 5, 3]);
    const many = Array.from({ length: 50 }, (_, i) => hit(i + 1));
    const merged = mergeHits([], many);
    expect(merged).toHaveLength(LIVE_HITS_KEPT);
    expect(merged[0]!.id).toBe(50);
  });
});

describe('secondsAgo', () => {
  it("counts from the server's time of the message, plus the time since it came", () => {
    expect(secondsAgo(hit(1), '2026-11-27T12:00:42.900Z')).toBe(42);
    expect(secondsAgo(hit(1), '2026-11-27T12:00:42.900Z', 3000)).toBe(45);
    // A page clock or message a little behind never shows a negative age.
    expect(secondsAgo(hit(1), '2026-11-27T11:59:59.000Z')).toBe(0);
    expect(secondsAgo(hit(1), 'not a date')).toBe(0);
  });
});
