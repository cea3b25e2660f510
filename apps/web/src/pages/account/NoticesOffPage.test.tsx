import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { NoticesOffPage } from './NoticesOffPage';

const KEY = '42-abcdefghijklmnopqrstuv';
const routes = [{ path: '/notices/off', element: <NoticesOffPage /> }];

describe('the stop-notices page (the sale-start mail’s link)', () => {
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18n.changeLanguage('ja');
  });

  it('changes nothing on opening; one tap posts the key and says what stopped', async () => {
    await i18n.changeLanguage('ja');
    const api = mockApi({ 'POST /user/pack/notify/off': { state: 200, requests: 2, devices: 1 } });
    renderRoutes(routes, `/notices/off?key=${KEY}`);
    const stop = await screen.findByRole('button', { name: 'お知らせを停止する' });
    expect(api.posts('/user/pack/notify/off')).toEqual([]);
    await userEvent.setup().click(stop);
    expect(await screen.findByRole('heading', { name: 'お知らせを停止しました' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('今後の販売開始のお知らせ2件を取り消し');
    expect(api.posts('/user/pack/notify/off').map((c) => c.params)).toEqual([{ key: KEY }]);
    expect(screen.getByRole('link', { name: 'マイページのお知らせ設定へ' }).getAttribute('href')).toBe(
      '/my-page#notices',
    );
  });

  it('says calmly that a used link finds the notices already stopped (English, one notice is singular)', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'POST /user/pack/notify/off': { state: 200, requests: 0, devices: 0 } });
    renderRoutes(routes, `/notices/off?key=${KEY}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Stop the notices' }));
    expect((await screen.findByRole('status')).textContent).toContain('already stopped');
    cleanup();
    mockApi({ 'POST /user/pack/notify/off': { state: 200, requests: 1, devices: 0 } });
    renderRoutes(routes, `/notices/off?key=${KEY}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Stop the notices' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      '1 sale-start notice still to come was withdrawn',
    );
  });

  it('shows the server’s reason for a key that is not the shop’s, and a cut link without asking', async () => {
    await i18n.changeLanguage('en');
    const reason = 'This link to stop notices is not valid; you can turn notices off on My Page';
    mockApi({ 'POST /user/pack/notify/off': { state: 400, errors: { key: [reason] } } });
    renderRoutes(routes, `/notices/off?key=${KEY}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Stop the notices' }));
    expect((await screen.findByRole('alert')).textContent).toBe(reason);
    // Pressing again cannot help: the button goes, My Page stays offered.
    expect(screen.queryByRole('button', { name: 'Stop the notices' })).toBeNull();
    expect(screen.getByRole('link', { name: /My Page/ })).toBeTruthy();
    cleanup();
    const api = mockApi({});
    renderRoutes(routes, '/notices/off');
    expect((await screen.findByRole('alert')).textContent).toContain('cut short');
    expect(screen.queryByRole('button', { name: 'Stop the notices' })).toBeNull();
    expect(api.posts('/user/pack/notify/off')).toEqual([]);
  });
});
