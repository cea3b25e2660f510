import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../test/mock-api';
import { guest, member } from '../../test/pack-fixtures';
import { renderPage } from '../../test/render';
import { NotifyMeButton } from './NotifyMeButton';

const NOTICE = { packId: 7, name: 'Comet pack', startDate: '2026-12-01 20:00:00' };

// Issue 22 §4: the notify-me button of a pack whose sale starts later (jsdom has no PushManager: the mail path).
describe('NotifyMeButton', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the notice in one tap, says it comes by mail without push, and withdraws it in one tap', async () => {
    await i18n.changeLanguage('en');
    let notices: (typeof NOTICE)[] = [];
    const api = mockApi({
      'GET /user/point': member,
      'GET /user/pack/notify': () => ({ state: 200, notices, vapidPublicKey: 'BPub' }),
      'POST /user/pack/notify': () => {
        notices = [NOTICE];
        return { state: 200 };
      },
      'POST /user/pack/notify/cancel': () => {
        notices = [];
        return { state: 200 };
      },
    });
    const user = userEvent.setup();
    renderPage(<NotifyMeButton packId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Notify me when it starts' }));
    expect(await screen.findByText('We will mail you when the sale starts.')).toBeTruthy();
    expect(api.posts('/user/pack/notify')[0]!.params).toEqual({ packId: 7 });
    expect(api.posts('/user/push/subscribe')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Stop the notice' }));
    expect(await screen.findByRole('button', { name: 'Notify me when it starts' })).toBeTruthy();
    expect(api.posts('/user/pack/notify/cancel')[0]!.params).toEqual({ packId: 7 });
  });

  it('shows the server’s refusal in Japanese', async () => {
    await i18n.changeLanguage('ja');
    mockApi({
      'GET /user/point': member,
      'GET /user/pack/notify': { state: 200, notices: [], vapidPublicKey: null },
      'POST /user/pack/notify': { state: 409, errors: { packId: ['このパックはすでに販売中です'] } },
    });
    const user = userEvent.setup();
    renderPage(<NotifyMeButton packId={7} />);
    await user.click(await screen.findByRole('button', { name: '販売開始を通知する' }));
    expect((await screen.findByRole('alert')).textContent).toBe('このパックはすでに販売中です');
  });

  it('offers a guest the login, without asking the server for notices', async () => {
    await i18n.changeLanguage('ja');
    const api = mockApi({ 'GET /user/point': guest });
    renderPage(<NotifyMeButton packId={7} />);
    const link = await screen.findByRole('link', { name: 'ログインすると販売開始の通知を受け取れます' });
    expect(link.getAttribute('href')).toBe('/login');
    await waitFor(() => expect(api.gets('/user/pack/notify')).toEqual([]));
  });
});
