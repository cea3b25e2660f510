import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { member, packDetail, useJapanese } from '../../test/pack-fixtures';
import { PackDetailPage } from './PackDetailPage';

beforeAll(async () => {
  await useJapanese();
});
afterEach(cleanup);

const routes = [{ path: '/pack-detail', element: <PackDetailPage /> }];

describe('PackDetailPage ?preview= (staff preview of a draft)', () => {
  it('shows the draft as members see it under a "not on sale" bar, with nothing to draw', async () => {
    const api = mockApi({
      'GET /user/point': member,
      'GET /user/pack/preview/7.1.sig': {
        state: 200,
        preview: '1',
        detail: { ...packDetail(), id: 0, name: '下書き' },
      },
    });
    renderRoutes(routes, '/pack-detail?preview=7.1.sig');
    expect((await screen.findByTestId('preview-bar')).textContent).toContain('販売していません');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('下書き');
    expect(screen.queryByRole('button', { name: /連|回/ })).toBeNull();
    expect(api.gets('/user/pack/detail')).toEqual([]);
  });

  it('an expired or altered link is a plain message, not a pack', async () => {
    mockApi({ 'GET /user/point': member, 'GET /user/pack/preview/bad': { state: 404, errors: { general: ['x'] } } });
    renderRoutes(routes, '/pack-detail?preview=bad');
    expect((await screen.findByRole('alert')).textContent).toContain('期限');
    expect(screen.queryByTestId('preview-bar')).toBeNull();
  });
});
