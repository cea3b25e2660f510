import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../test/mock-api';
import { renderPage } from '../../test/render';
import { DETAIL, MEMBER } from '../../test/fixtures';
import { Header } from './Header';
import { HeaderSlotProvider, useHeaderSlot } from '../../hooks/use-header-slot';

function ShippingPage({ onSkip }: { onSkip?: () => void }) {
  useHeaderSlot({ onSkip });
  return null;
}
function DetailPage() {
  useHeaderSlot({ backTo: '/pack-list?index=2' });
  return null;
}
const withHeader = (page: React.ReactNode) => (
  <HeaderSlotProvider>
    <Header />
    {page}
  </HeaderSlotProvider>
);

describe('Header', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ja');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers a guest the login/register link and no balance', async () => {
    mockApi({ 'GET /user/point': { state: 200, is_login: '0', point: '0' } });
    renderPage(withHeader(null));
    expect((await screen.findByRole('link', { name: 'ログイン / 新規登録' })).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'マイページメニューを開く' })).toBeNull();
  });

  it('shows a member the point balance linking to /buy-point and opens the side menu', async () => {
    mockApi({ 'GET /user/point': MEMBER, 'GET /user/detail': DETAIL });
    renderPage(withHeader(null));
    const balance = await screen.findByRole('link', { name: '保有ポイント 12,345P（ポイント購入へ）' });
    expect(balance.getAttribute('href')).toBe('/buy-point');
    const account = screen.getByRole('button', { name: 'マイページメニューを開く' });
    expect(account.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(account);
    expect(await screen.findByRole('dialog', { name: 'マイページ' })).toBeTruthy();
    expect(account.getAttribute('aria-expanded')).toBe('true');
  });

  it('titles the shipping screens and shows skip shipping only when the page registers it', async () => {
    mockApi({ 'GET /user/point': MEMBER });
    const onSkip = vi.fn();
    renderPage(withHeader(<ShippingPage onSkip={onSkip} />), '/get-card-list');
    expect(await screen.findByText('発送するアイテムを選択')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '発送をスキップ' }));
    expect(onSkip).toHaveBeenCalledTimes(1);
    cleanup();
    renderPage(withHeader(<ShippingPage />), '/confirm-get-card-list');
    expect(await screen.findByText('発送するアイテムを選択')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '発送をスキップ' })).toBeNull();
  });

  it('links back to the gacha list on pack detail, where the page may set the target', async () => {
    mockApi({ 'GET /user/point': MEMBER });
    renderPage(withHeader(<DetailPage />), '/pack-detail?packId=3');
    expect((await screen.findByRole('link', { name: 'ガチャ一覧へ戻る' })).getAttribute('href')).toBe(
      '/pack-list?index=2',
    );
  });

  it('switches the language from the header', async () => {
    mockApi({ 'GET /user/point': { state: 200, is_login: '0' } });
    renderPage(withHeader(null));
    await userEvent.click(await screen.findByRole('button', { name: /English/ }));
    expect(await screen.findByRole('link', { name: 'Log in / Sign up' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /English/ }).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('lang')).toBe('en');
  });
});
