import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { SettingsForm } from './SettingsPage';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ja');
});

const renderForm = (licence = '') =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SettingsForm
        settings={{
          antique_dealer_licence: licence,
          company_url: '',
          column_url: '',
          winners_url: '',
          media_url: '',
          social_url: '',
        }}
      />
    </QueryClientProvider>,
  );

describe('the shop settings form (console)', () => {
  it('checks the 古物商許可番号 with the core schema before sending, in the console language', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await i18n.changeLanguage('ja');
    renderForm();
    expect(screen.getByText('空欄のときは表示されません。')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('公安委員会名と許可番号'), {
      target: { value: '東京都公安委員会 第123号' },
    });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    const error = await screen.findByText(/12桁の許可番号を含めて/);
    const input = screen.getByLabelText('公安委員会名と許可番号');
    // Tied to its input for screen readers, and the input has the focus (the first field in error).
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByText('特定商取引法に基づく表記とフッターに表示されます。')).toBeTruthy();
  });

  it('sends a sound number and says it is saved (English)', async () => {
    const licence = '東京都公安委員会 第301012345678号';
    const fetch = vi.fn(async (url: string) => {
      const body = String(url).endsWith('/admin/settings')
        ? { state: 200, settings: { antique_dealer_licence: licence } }
        : { state: 200, csrf: { csrf_name: 'csrf_x', csrf_value: 'v' } };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    await i18n.changeLanguage('en');
    renderForm();
    fireEvent.change(screen.getByLabelText('Public safety commission and licence number'), {
      target: { value: licence },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved. The shop shows the new setting.'));
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/admin/settings'))).toBe(true);
  });
});
