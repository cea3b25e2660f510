import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assignLocation } from '../../lib/payment/external';
import { mockApi } from '../../test/mock-api';
import { polyfillDialog, renderPage } from '../../test/render';
import { member } from '../../test/payment-fixtures';
import { useCurrentUser } from '../../api/account';
import { ConfirmBuyPointPage } from './ConfirmBuyPointPage';

/** Stands in for the header's balance: an observer of the current user. */
function Balance() {
  const user = useCurrentUser();
  return <p data-testid="balance">{user.data?.point}</p>;
}

vi.mock('../../lib/payment/external', () => ({ assignLocation: vi.fn() }));

const detail = {
  state: 200,
  detail: {
    id: 3,
    point: 1000,
    append_point: 50,
    price: 1000,
    discount: 1.05,
    memo: '',
    pointPriceUseCoupon: '0',
    coupon_point: 0,
    total_point: 1050,
  },
};
const methods = [
  { id: 1, name: 'クレジットカード', memo: '' },
  { id: 2, name: 'コンビニ決済', memo: '' },
  { id: 4, name: '銀行振込', memo: '' },
  { id: 6, name: 'キャリア決済', memo: '' },
  { id: 3, name: 'グローバルウォレット', memo: '' },
];

function server(buy: unknown, list = methods) {
  let point = 1200;
  return mockApi({
    // The balance goes up only once a buy call succeeded.
    'GET /user/point': () => ({ ...member, point: String(point) }),
    'GET /user/point_price/detail/3': detail,
    'GET /user/pay_style': { state: 200, list },
    'GET /user/point/savedcard': { state: 200, card_list: [] },
    'POST /sandbox/card/token': (p: Record<string, unknown> | null) =>
      p?.security_code === '999'
        ? { error_code: '1601' }
        : p?.card_number === '4111111111111111'
          ? { token: 'tok_sandbox_1234', req_card_number: '************1111' }
          : { error_code: '1300' },
    'POST /user/point/buy': () => {
      const reply = buy as { state?: number; url?: string };
      if (reply.state === 200 && reply.url === '1') point += 1050;
      return buy;
    },
  });
}

const open = () =>
  renderPage(
    <>
      <Balance />
      <ConfirmBuyPointPage />
    </>,
    '/confirm-buy-point?pointPriceId=3',
  );

async function fillCard(user: ReturnType<typeof userEvent.setup>, cvc = '123') {
  await user.type(await screen.findByLabelText('カード番号'), '4111111111111111');
  await user.type(screen.getByLabelText('月（MM）'), '3');
  await user.type(screen.getByLabelText('年（YY）'), '30');
  await user.type(screen.getByLabelText('セキュリティコード'), cvc);
  await user.type(screen.getByLabelText('カード名義（半角ローマ字）'), 'TARO YAMADA');
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: '購入を確定する' }));

beforeEach(() => {
  polyfillDialog();
  vi.mocked(assignLocation).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('confirm-buy-point', () => {
  it('says the course is missing instead of loading forever when the address names none', async () => {
    server({});
    renderPage(<ConfirmBuyPointPage />, '/confirm-buy-point');
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ポイント購入に戻る' })).toBeTruthy();
    expect(screen.queryByText('読み込み中…')).toBeNull();
  });

  it('preselects the first listed method (whatever it is) and shows the final-screen items', async () => {
    server({});
    open();
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: 'クレジットカード' })).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '銀行振込' }).checked).toBe(false);
    expect(screen.getByText('1,000P＋ボーナス50P（合計1,050P）', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText(/キャンセル・返金・換金はできません/)).toBeTruthy();
  });

  it('preselects bank transfer when it is listed first', async () => {
    server({}, [methods[2]!, methods[0]!]);
    open();
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: '銀行振込' })).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'クレジットカード' }).checked).toBe(false);
  });

  it("tokenises a new card, buys with the token, and on url '1' alerts success and refreshes the member", async () => {
    const api = server({ state: 200, result: '1', url: '1', payment_id: 'pay_x' });
    const user = userEvent.setup();
    open();
    await screen.findByRole('radio', { name: 'クレジットカード' });
    await fillCard(user);
    expect((await screen.findByTestId('balance')).textContent).toBe('1200');
    await submit(user);
    expect(await screen.findByText('お支払いが完了し、1,050Pが付与されました')).toBeTruthy();
    const tokenCall = api.posts('/sandbox/card/token')[0]!;
    expect(tokenCall.params).toMatchObject({ card_number: '4111111111111111', card_expire: '03/30' });
    expect(api.posts('/user/point/buy')[0]!.params).toMatchObject({
      point_price_id: 3,
      pay_id: 1,
      token: 'tok_sandbox_1234',
      req_card_number: '************1111',
      card_user_name: 'TARO YAMADA',
    });
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('2250'));
  });

  it('shows a token error code under its field and does not buy', async () => {
    const api = server({ state: 200, result: '1', url: '1' });
    const user = userEvent.setup();
    open();
    await screen.findByRole('radio', { name: 'クレジットカード' });
    await fillCard(user, '999');
    await submit(user);
    const cvc = screen.getByLabelText('セキュリティコード');
    await waitFor(() => expect(cvc.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = document.getElementById(cvc.getAttribute('aria-describedby')!);
    expect(describedBy?.textContent).toMatch(/カード情報を確認できませんでした/);
    expect(screen.getByLabelText('カード名義（半角ローマ字）').getAttribute('aria-invalid')).toBeNull();
    expect(api.posts('/user/point/buy')).toHaveLength(0);
  });

  it('one card-number field spaces the digits as typed or pasted and names the brand', async () => {
    server({});
    const user = userEvent.setup();
    open();
    const field = await screen.findByLabelText<HTMLInputElement>('カード番号');
    await user.type(field, '41111111');
    expect(field.value).toBe('4111 1111');
    expect(within(document.getElementById('card-brand')!).getByRole('img', { name: 'Visa' })).toBeTruthy();
    await user.clear(field);
    await user.click(field);
    await user.paste('3530-1113-3330-0000');
    expect(field.value).toBe('3530 1113 3330 0000');
    expect(within(document.getElementById('card-brand')!).getByRole('img', { name: 'JCB' })).toBeTruthy();
  });

  it('a declined card is the card-status failure alert', async () => {
    server({ state: 400, errors: { general: ['declined'] }, reason: 'paymentDeclined' });
    const user = userEvent.setup();
    open();
    await screen.findByRole('radio', { name: 'クレジットカード' });
    await fillCard(user);
    await submit(user);
    expect(await screen.findByText('お支払いに失敗しました。クレジットカードの状態をご確認ください')).toBeTruthy();
    expect(assignLocation).not.toHaveBeenCalled();
    expect(screen.getByTestId('balance').textContent).toBe('1200');
  });

  it("result '7' goes to the secure redirect", async () => {
    server({ state: 200, result: '7', url: '/api/acs/secure?payment=pay_3ds', payment_id: 'pay_3ds' });
    const user = userEvent.setup();
    open();
    await screen.findByRole('radio', { name: 'クレジットカード' });
    await fillCard(user);
    await submit(user);
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/api/acs/secure?payment=pay_3ds'));
  });

  it('a receipt goes to the convenience-store page', async () => {
    const api = server({ state: 200, result: '1', receipt: '12345678901', payment_id: 'pay_c' });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('radio', { name: 'コンビニ決済' }));
    await user.click(screen.getByRole('radio', { name: /^ローソン/ }));
    await submit(user);
    expect((await screen.findByTestId('where')).textContent).toContain('/confirm-combini?paymentID=12345678901');
    expect(api.posts('/user/point/buy')[0]!.params).toMatchObject({ pay_id: 2, combini_code: 'lawson' });
  });

  it('a url starting with http is a full redirect; carrier sends its id', async () => {
    const api = server({ state: 200, result: '1', url: 'http://127.0.0.1:3000/sandbox/pay/si_1', payment_id: 'p' });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('radio', { name: 'キャリア決済' }));
    await user.click(screen.getByRole('radio', { name: 'auかんたん決済' }));
    await submit(user);
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('http://127.0.0.1:3000/sandbox/pay/si_1'));
    expect(api.posts('/user/point/buy')[0]!.params).toMatchObject({ pay_id: 6, carrier_id: 'au' });
  });

  it('bank transfer: a holder name that is not full-width katakana is refused before any call', async () => {
    const api = server({ state: 200, result: '1', url: '/bank-transfer-information?payment_id=pay_b' });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('radio', { name: '銀行振込' }));
    const name = screen.getByLabelText('振込名義人（全角カタカナ）');
    await user.type(name, 'yamada taro');
    await submit(user);
    expect(await screen.findByText('振込名義人は全角カタカナで入力してください')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(api.posts('/user/point/buy')).toHaveLength(0);

    await user.clear(name);
    await submit(user);
    expect(await screen.findByText('振込名義人（カタカナ）を入力してください')).toBeTruthy();
    expect(api.posts('/user/point/buy')).toHaveLength(0);

    await user.type(name, 'ヤマダ　タロウ');
    await submit(user);
    // Any other url is an in-app route.
    expect((await screen.findByTestId('where')).textContent).toContain('/bank-transfer-information?payment_id=pay_b');
    expect(api.posts('/user/point/buy')[0]!.params).toMatchObject({ pay_id: 4, name: 'ヤマダ　タロウ' });
  });

  it('an unconfirmed mail address (issue 19 §2) is its own dialog with the resend button, for a card too', async () => {
    const message = 'メールアドレスの確認が済むまで、ご購入やポイント・特典の受け取りはできません。';
    server({ state: 403, reason: 'mail_unverified', errors: { general: [message] } });
    const user = userEvent.setup();
    open();
    await fillCard(user);
    await submit(user);
    const dialog = await screen.findByRole('dialog', { name: 'メールアドレスの確認が必要です' });
    expect(within(dialog).getByRole('alert').textContent).toBe(message);
    expect(within(dialog).getByRole('button', { name: '確認メールを再送する' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'お支払いエラー' })).toBeNull();
  });

  it('an unknown course shows its own message', async () => {
    mockApi({
      'GET /user/point': member,
      'GET /user/pay_style': { state: 200, list: methods },
      'GET /user/point_price/detail/3': { state: 404, errors: { general: ['見つかりません'] } },
    });
    open();
    expect(await screen.findByText('このポイントコースは見つかりませんでした。')).toBeTruthy();
  });
});
