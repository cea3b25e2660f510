import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderPage } from '../../test/render';
import { guest, packSummary, useJapanese } from '../../test/pack-fixtures';
import { TopPage } from './TopPage';

beforeAll(useJapanese);
afterEach(cleanup);

const types = {
  state: 200,
  list: [
    { id: 1, name: 'ドラゴンシジル', coming_soon: '0' },
    { id: 2, name: 'アストラルテイマーズ', coming_soon: '1' },
  ],
};
const api = (packs: ReturnType<typeof packSummary>[]) =>
  mockApi({
    'GET /user/point': guest,
    'GET /user/card_type': types,
    'GET /user/banner': { state: 200, list: [], banner_mode: '0' },
    'GET /user/post/list': { state: 200, list: [], page: { page: 1, all_page: 1, pages: [1] } },
    'GET /user/pack/list': { state: 200, list: packs },
  });

describe('top page tabs', () => {
  it('a coming-soon game with a pack on sale shows the pack, not the notice or the badge', async () => {
    api([packSummary({ id: 9, card_type: 2, name: '星獣の目覚めパック', pack_count: 10, is_before: '0' })]);
    renderPage(<TopPage />, '/?type=2', { routePath: '/' });
    expect(await screen.findByText('星獣の目覚めパック')).toBeTruthy();
    expect(screen.queryByText('COMING SOON')).toBeNull();
  });

  it('a coming-soon game with nothing on sale keeps its notice', async () => {
    api([packSummary({ id: 9, card_type: 2, name: '星獣の目覚めパック', pack_count: 10, is_before: '1' })]);
    renderPage(<TopPage />, '/?type=2', { routePath: '/' });
    expect((await screen.findAllByText('COMING SOON')).length).toBeGreaterThan(0);
  });
});
