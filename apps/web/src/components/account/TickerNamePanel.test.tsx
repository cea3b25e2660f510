import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TICKER_NAME_KEY } from '../../api/ticker-name';
import i18n from '../../i18n';
import { mockApi } from '../../test/mock-api';
import { renderPage } from '../../test/render';
import { TickerNamePanel } from './TickerNamePanel';

// My Page's ticker name choice (issue 22 §3): anonymous by default, each option showing the line others would read,
// saved on a tap; a refusal is shown in the page's language and the saved choice stays checked.
describe('TickerNamePanel', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the saved choice with what others would read, and saves another in one tap (ja)', async () => {
    await i18n.changeLanguage('ja');
    let saved = 'anonymous';
    const api = mockApi({
      'GET /user/ticker_name': () => ({ state: 200, ticker_name: saved, initial: '試***' }),
      'POST /user/ticker_name': (p: { ticker_name: string }) => {
        saved = p.ticker_name;
        return { state: 200, ticker_name: saved, initial: '試***' };
      },
    });
    const user = userEvent.setup();
    renderPage(<TickerNamePanel />);
    const anonymous = await screen.findByRole('radio', { name: /^匿名/ });
    await waitFor(() => expect((anonymous as HTMLInputElement).checked).toBe(true));
    const initial = screen.getByRole('radio', { name: /姓の頭文字/ });
    expect(screen.getByText('表示例：「試***さんがS賞」')).toBeTruthy();
    expect(screen.getByText('表示例：「匿名の会員さんがS賞」')).toBeTruthy();
    await user.click(initial);
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      '保存しました。これからの当たりに使われます。',
    );
    expect((initial as HTMLInputElement).checked).toBe(true);
    expect(api.posts('/user/ticker_name').map((c) => c.params)).toEqual([{ ticker_name: 'initial' }]);
  });

  it('shows the server’s refusal in the page’s language and keeps the saved choice (en)', async () => {
    await i18n.changeLanguage('en');
    mockApi({
      'GET /user/ticker_name': { state: 200, ticker_name: 'anonymous', initial: null },
      'POST /user/ticker_name': {
        state: 400,
        errors: { ticker_name: ['Choose how the live hit ticker shows you: anonymous or your family name initial'] },
      },
    });
    const user = userEvent.setup();
    renderPage(<TickerNamePanel />);
    const initial = await screen.findByRole('radio', { name: /Family name initial/ });
    await waitFor(() => expect(initial.closest('fieldset')?.disabled).toBe(false));
    // No initial to show (a name without a letter): both options read the anonymous line, and the page says why.
    expect(screen.getAllByText('Shown as: "A member drew rank S"')).toHaveLength(2);
    expect(screen.getByText(/shown anonymously either way/)).toBeTruthy();
    await user.click(initial);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose how the live hit ticker shows you: anonymous or your family name initial',
    );
    expect((screen.getByRole('radio', { name: /^Anonymous/ }) as HTMLInputElement).checked).toBe(true);
    expect((initial as HTMLInputElement).checked).toBe(false);
  });

  it('is drawn by the server with its choices disabled: a tap before React runs would tick a choice and save nothing', async () => {
    await i18n.changeLanguage('ja');
    const qc = new QueryClient();
    qc.setQueryData(TICKER_NAME_KEY, { state: 200, ticker_name: 'anonymous', initial: '試***' });
    const box = document.createElement('div');
    box.innerHTML = renderToString(
      <QueryClientProvider client={qc}>
        <TickerNamePanel />
      </QueryClientProvider>,
    );
    expect(box.querySelector('fieldset')?.disabled).toBe(true);
    expect(box.querySelector<HTMLInputElement>('input[value="anonymous"]')?.checked).toBe(true);
  });
});
