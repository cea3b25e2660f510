import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderPage } from '../../test/render';
import { member } from '../../test/payment-fixtures';
import { CompleteBuyPointPage } from './CompleteBuyPointPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const payResult = {
  state: 200,
  pay_price: 1000,
  pay_title: '1,000ポイント',
  pay_unique_id: 'pay_1',
  pay_point: 1050,
  pay_point_price_id: 3,
  pay_member_id: 7,
};

function setup(end: object, userPoint: string, packPoint?: number) {
  return mockApi({
    'GET /user/point': { ...member, point: userPoint },
    'GET /user/point/end': { state: 200, ...end },
    'GET /user/pay_result': payResult,
    ...(packPoint !== undefined
      ? { 'GET /user/pack/detail/9': { state: 200, detail: { id: 9, point: packPoint } } }
      : {}),
  });
}
const open = (q = '?payment_id=pay_1') => renderPage(<CompleteBuyPointPage />, `/complete-buy-point${q}`);
const topButton = () => screen.queryByRole('link', { name: 'トップへ戻る' });

describe('complete-buy-point', () => {
  it("result '1' is success and is tracked with discount = pay_point − pay_price", async () => {
    const api = setup({ result: '1', pack_id: 0, status: 'succeeded', point: 1050 }, '2050');
    (window as { dataLayer?: unknown[] }).dataLayer = [];
    open();
    // It says how many points were added.
    expect(await screen.findByText('ポイントのご購入ありがとうございます。1,050Pが付与されました。')).toBeTruthy();
    expect(api.gets('/user/point/end')[0]!.path).toBe('/user/point/end?payment_id=pay_1');
    await waitFor(() =>
      expect((window as { dataLayer?: unknown[] }).dataLayer).toContainEqual(expect.objectContaining({ discount: 50 })),
    );
    expect(topButton()).toBeTruthy();
  });

  it('anything else shows the failure text and is not tracked', async () => {
    const api = setup({ result: '0', pack_id: 0, status: 'failed' }, '1000');
    open();
    expect(await screen.findByText('お支払いに失敗しました。他のお支払方法をご利用ください。')).toBeTruthy();
    expect(api.gets('/user/pay_result')).toHaveLength(0);
  });

  it('a failed tracking call is only logged', async () => {
    mockApi({
      'GET /user/point': member,
      'GET /user/point/end': { state: 200, result: '1', pack_id: 0 },
      'GET /user/pay_result': { state: 500, errors: { general: ['x'] } },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    open();
    expect(await screen.findByText('ポイントのご購入ありがとうございます。ポイントが付与されました。')).toBeTruthy();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('pay_result', 500, expect.anything()));
    warn.mockRestore();
  });

  it("hides the top button when the result has a pack and the member's points do not exceed its price", async () => {
    setup({ result: '1', pack_id: 9, status: 'succeeded' }, '500', 500);
    open();
    expect(await screen.findByRole('link', { name: 'ガチャに戻る' })).toBeTruthy();
    await screen.findByRole('link', { name: 'ポイントを購入する' });
    expect(topButton()).toBeNull();
    expect(screen.getByRole('link', { name: 'ポイントを購入する' }).getAttribute('href')).toBe('/buy-point?packId=9');
  });

  it('shows the top button when the points exceed the pack price', async () => {
    setup({ result: '1', pack_id: 9, status: 'succeeded' }, '501', 500);
    open();
    await waitFor(() => expect(topButton()).toBeTruthy());
  });

  it('shows the top button when there is no pack in the result', async () => {
    setup({ result: '1', pack_id: 0, status: 'succeeded' }, '0');
    open();
    await waitFor(() => expect(topButton()).toBeTruthy());
  });
});
