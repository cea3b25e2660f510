import type { LiveHit } from '@oripa/core';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { renderPage } from '../../test/render';
import { liveCatalogues } from './live-i18n';

const hit = (id: number, over: Partial<LiveHit> = {}): LiveHit => ({
  id,
  pack: 1,
  rank: 'S',
  card: { ja: '日蝕竜の王冠', en: 'Eclipse Wyrm Regalia' },
  image: '',
  who: '試***',
  at: '2026-11-27T12:00:00.000Z',
  ...over,
});

// The feed itself (EventSource, polling) is live-feed.ts; here the ticker reads a store with these hits.
const state = {
  hits: [
    hit(3),
    hit(2, { rank: 'A', who: null, card: { ja: '嵐紋のワイバーン', en: 'Storm Sigil Wyvern' } }),
    hit(1, { pack: 2 }),
  ],
  serverNow: '2026-11-27T12:00:12.000Z',
  receivedAt: Date.now(),
  mode: 'stream' as const,
};
vi.mock('../../live/live-feed', () => ({
  startLiveFeed: vi.fn(),
  hitsStore: { subscribe: () => () => {}, get: () => state },
}));
const { default: HitTicker } = await import('./HitTicker');

afterEach(cleanup);
// "Seconds ago" counts on from when the message came: for these tests, just now.
beforeEach(() => {
  state.receivedAt = Date.now();
});

describe('the live hit ticker', () => {
  it('lists the hits with the card, the initial or the anonymous label, and how long ago (ja)', async () => {
    await i18n.changeLanguage('ja');
    renderPage(<HitTicker />);
    expect(screen.getByRole('heading', { name: /最新の当たり/ })).toBeTruthy();
    expect(screen.getAllByText('試***さんがS賞')).toHaveLength(2);
    expect(screen.getByText('匿名の会員さんがA賞')).toBeTruthy();
    expect(screen.getAllByText('12秒前').length).toBe(3);
    expect(screen.getByText('嵐紋のワイバーン').closest('a')!.getAttribute('href')).toBe('/pack-detail?packId=1');
  });

  it("keeps one pack's hits on its page, in English", async () => {
    await i18n.changeLanguage('en');
    renderPage(<HitTicker packId={2} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Eclipse Wyrm Regalia')).toBeTruthy();
    expect(screen.getByText('試*** drew rank S')).toBeTruthy();
    expect(screen.getByText('12 seconds ago')).toBeTruthy();
    await i18n.changeLanguage('ja');
  });

  it('has the same keys in ja and en (plural forms aside)', () => {
    const base = (k: string) => k.replace(/_(one|other)$/, '');
    expect([...new Set(Object.keys(liveCatalogues.en).map(base))].sort()).toEqual(
      Object.keys(liveCatalogues.ja).sort(),
    );
  });
});
