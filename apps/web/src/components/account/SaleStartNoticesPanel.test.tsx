import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../test/mock-api';
import { renderPage } from '../../test/render';
import { SaleStartNoticesPanel } from './SaleStartNoticesPanel';

// My Page's sale-start notices (issue 22 §4): each removable in one tap; push on this device where the browser can.
describe('SaleStartNoticesPanel', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the pending notices with their pack links and removes one in one tap', async () => {
    await i18n.changeLanguage('en');
    let notices = [
      { packId: 7, name: 'Comet pack', startDate: '2026-12-01 20:00:00' },
      { packId: 9, name: 'Moon pack', startDate: '2026-12-02 20:00:00' },
    ];
    const api = mockApi({
      'GET /user/pack/notify': () => ({ state: 200, notices, vapidPublicKey: 'BPub' }),
      'POST /user/pack/notify/cancel': (p: { packId: number }) => {
        notices = notices.filter((n) => n.packId !== p.packId);
        return { state: 200 };
      },
    });
    const user = userEvent.setup();
    renderPage(<SaleStartNoticesPanel />);
    expect((await screen.findByRole('link', { name: 'Comet pack' })).getAttribute('href')).toBe(
      '/pack-detail?packId=7',
    );
    await user.click(screen.getByRole('button', { name: 'Remove the notice for Comet pack' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Comet pack' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Moon pack' })).toBeTruthy();
    expect(screen.getByText(/^On sale from .*2 Dec 20:00/)).toBeTruthy();
    expect(api.posts('/user/pack/notify/cancel').map((c) => c.params)).toEqual([{ packId: 7 }]);
    // jsdom has no PushManager: the device row says notices come by mail, with nothing to toggle.
    expect(screen.getByTestId('device-push').textContent).toBe('Not available in this browser; notices come by mail');
  });

  it('says so when there is nothing to remove (ja)', async () => {
    await i18n.changeLanguage('ja');
    mockApi({ 'GET /user/pack/notify': { state: 200, notices: [], vapidPublicKey: null } });
    renderPage(<SaleStartNoticesPanel />);
    expect(await screen.findByText(/お知らせを登録したパックはありません/)).toBeTruthy();
  });
});
