import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { polyfillDialog, renderPage } from '../../test/render';
import { member } from '../../test/payment-fixtures';
import { CarrierResultPage } from './CarrierResultPage';
import { PayRedirectPage } from './PayRedirectPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('pay-redirect', () => {
  it('sends payment_id as {token} to point/append once, then goes to /complete-buy-point with the same query', async () => {
    const api = mockApi({
      'GET /user/point': member,
      'POST /user/point/append': { state: 200, result: '1', pack_id: 0, status: 'succeeded' },
    });
    renderPage(<PayRedirectPage />, '/pay-redirect?payment_id=pay_abc&x=1');
    expect(screen.getByText('お支払いを確認しています。このままお待ちください…')).toBeTruthy();
    expect((await screen.findByTestId('where')).textContent).toBe('/complete-buy-point?payment_id=pay_abc&x=1');
    expect(api.posts('/user/point/append').map((c) => c.params)).toEqual([{ token: 'pay_abc' }]);
  });

  it('blocks in-app navigation while it works', async () => {
    let release: (v: unknown) => void = () => {};
    mockApi({
      'GET /user/point': member,
      'POST /user/point/append': () => new Promise((r) => (release = r)),
    });
    const view = renderPage(<PayRedirectPage />, '/pay-redirect?payment_id=pay_abc');
    await new Promise((r) => setTimeout(r, 50));
    polyfillDialog();
    await view.router.navigate('/');
    expect(view.router.state.location.pathname).toBe('/pay-redirect');
    expect(await screen.findByText('処理が終わるまでこのページを離れないでください。')).toBeTruthy();
    release({ state: 200, result: '1', pack_id: 0 });
    // Once done it is let through to the complete page.
    expect((await screen.findByTestId('where')).textContent).toBe('/complete-buy-point?payment_id=pay_abc');
  });
});

describe('carrier result pages', () => {
  it('success is decided by the address containing complete-carrier', () => {
    renderPage(<CarrierResultPage />, '/complete-carrier?payment_id=p');
    expect(screen.getByText('ポイントのご購入ありがとうございました。')).toBeTruthy();
  });
  it('the error page says to check the contract and ask the carrier', () => {
    renderPage(<CarrierResultPage />, '/error-carrier');
    expect(screen.getByRole('heading', { name: 'お支払いエラー' })).toBeTruthy();
    expect(screen.getByText('ご契約の携帯電話会社でキャリア決済の利用状況をご確認ください。')).toBeTruthy();
    expect(screen.getByText('ご不明な点は、ご契約の携帯電話会社へお問い合わせください。')).toBeTruthy();
  });
});
