import { describe, expect, it } from 'vitest';
import { buildMember } from '../factories.ts';
import { useShop } from '../test-shop.ts';
import {
  balance,
  buy,
  expectLedgerClean,
  paymentEvents,
  pressSandbox,
  sandboxPage,
  startPaymentShop,
} from './helpers.ts';

const t = useShop(startPaymentShop);

describe('carrier billing (pay_id 6)', () => {
  it('approved → /complete-carrier and credited', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[1000], pay_id: 6, carrier_id: 'au' });
    expect(res).toMatchObject({ state: 200, result: '1' });
    expect(res.url).toMatch(/^http.*\/sandbox\/pay\/si_/);
    expect((await sandboxPage(t.shop, res.url as string)).html).toContain('キャリア決済');
    const back = await pressSandbox(t.shop, res.url as string, 'approve');
    expect(back.location).toContain(`/complete-carrier?payment_id=${res.payment_id}`);
    expect((await m.client.get(`/user/point/end?payment_id=${res.payment_id}`)).result).toBe('1');
    expect((await balance(t.shop, m.id)).point).toBe(1000);
    await expectLedgerClean(t.shop);
  });

  it('declined → /error-carrier and nothing credited', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[1000], pay_id: 6, carrier_id: 'sb_ktai' });
    const back = await pressSandbox(t.shop, res.url as string, 'decline');
    expect(back.location).toContain(`/error-carrier?payment_id=${res.payment_id}`);
    expect((await m.client.get(`/user/point/end?payment_id=${res.payment_id}`)).result).toBe('0');
    expect((await balance(t.shop, m.id)).point).toBe(0);
  });

  it('docomo (d払い) is billed like the others: approved → credited once', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[1000], pay_id: 6, carrier_id: 'docomo' });
    expect((await sandboxPage(t.shop, res.url as string)).html).toContain('キャリアD');
    const back = await pressSandbox(t.shop, res.url as string, 'approve');
    expect(back.location).toContain(`/complete-carrier?payment_id=${res.payment_id}`);
    expect((await pressSandbox(t.shop, res.url as string, 'approve')).status).toBe(409);
    expect((await m.client.post('/user/point/append', { token: res.payment_id })).result).toBe('1');
    expect((await balance(t.shop, m.id)).point).toBe(1000);
    await expectLedgerClean(t.shop);
  });

  it('refuses an unknown carrier', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[1000], pay_id: 6, carrier_id: 'willcom' });
    expect(res.state).toBe(400);
    expect(res.errors?.carrier_id?.[0]).toBe('キャリアを選択してください');
  });
});

describe('wallets and app payments (pay_id 3, 12, 8, 10, 11, 13, 14)', () => {
  const cases = [
    { payId: 3, back: '/complete-buy-point-paypal', name: 'グローバルウォレット' },
    { payId: 12, back: '/pay-redirect', name: '検索エンジンウォレット' },
    { payId: 8, back: '/pay-redirect', name: 'モバイル決済アプリ' },
    { payId: 10, back: '/pay-redirect', name: 'フリマアプリ決済' },
    { payId: 11, back: '/pay-redirect', name: '通信会社系QR決済' },
    { payId: 13, back: '/pay-redirect', name: 'あと払い' },
    { payId: 14, back: '/pay-redirect', name: '端末ウォレット' },
  ];
  for (const c of cases) {
    it(`pay_id ${c.payId}: approved credits, cancelled does not`, async () => {
      const m = await buildMember(t.shop);
      const ok = await buy(m.client, { point_price_id: t.course[500], pay_id: c.payId });
      expect(ok.url).toMatch(/^http/);
      expect((await sandboxPage(t.shop, ok.url as string)).html).toContain(c.name);
      const back = await pressSandbox(t.shop, ok.url as string, 'approve');
      expect(back.location).toContain(`${c.back}?payment_id=${ok.payment_id}`);
      expect((await m.client.post('/user/point/append', { token: ok.payment_id })).result).toBe('1');

      const no = await buy(m.client, { point_price_id: t.course[500], pay_id: c.payId });
      await pressSandbox(t.shop, no.url as string, 'cancel');
      expect(await m.client.get('/user/point/end')).toMatchObject({ result: '0', status: 'cancelled' });
      expect(await paymentEvents(t.shop, no.payment_id as string)).toEqual(['created', 'pending', 'cancelled']);
      expect((await balance(t.shop, m.id)).point).toBe(500);
    });
  }
  it('an abandoned approval page expires via the job and is then closed', async () => {
    const { cancelUnpaidJob } = await import('../../src/jobs/cancel-unpaid.ts');
    const { runJobUntilIdle } = await import('../../src/jobs/runner.ts');
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[500], pay_id: 3 });
    t.shop.clock.advance(2 * 3600_000);
    await runJobUntilIdle(t.shop.ctx, cancelUnpaidJob);
    expect((await m.client.get('/user/point/end')).status).toBe('expired');
    expect((await pressSandbox(t.shop, res.url as string, 'approve')).status).toBe(409);
    expect((await balance(t.shop, m.id)).point).toBe(0);
    await expectLedgerClean(t.shop);
  });
});

describe('retailer wallet (pay_id 5, checkout session)', () => {
  async function signIn(m: Awaited<ReturnType<typeof buildMember>>) {
    const sig = await m.client.get(`/user/button_signature?point_price_id=${t.course[3000]}`);
    expect(sig.state).toBe(200);
    expect(JSON.parse(sig.payloadJSON as string).webCheckoutDetails.checkoutReviewReturnUrl).toContain(
      `/confirm-buy-point?pointPriceId=${t.course[3000]}`,
    );
    const url = new URL(sig.url as string);
    const signin = await fetch(`${t.shop.baseUrl}${url.pathname}${url.search}`);
    expect(signin.status).toBe(200);
    const res = await fetch(`${t.shop.baseUrl}/sandbox/pay/wallet-signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        payloadJSON: sig.payloadJSON as string,
        signature: sig.signature as string,
        action: 'signin',
      }).toString(),
      redirect: 'manual',
    });
    const back = new URL(res.headers.get('location')!);
    return back.searchParams.get('amazonCheckoutSessionId')!;
  }

  it('sign-in → set/get session → buy → approve → complete_checkout_session credits once', async () => {
    const m = await buildMember(t.shop);
    const cs = await signIn(m);
    expect(cs).toMatch(/^cs_/);
    expect((await m.client.get(`/user/set_checkout_session/${cs}`)).state).toBe(200);
    expect(await m.client.get('/user/get_checkout_session')).toMatchObject({
      checkoutSessionId: cs,
      payMethod: 'VISA **** 1111',
    });
    const res = await buy(m.client, { point_price_id: t.course[3000], pay_id: 5, checkout_session_id: cs });
    expect(res.url).toMatch(/^http/);
    const back = await pressSandbox(t.shop, res.url as string, 'approve');
    const redirect = new URL(back.location!);
    expect(redirect.pathname).toBe('/amazon-pay-redirect');
    expect(redirect.searchParams.get('amazonCheckoutSessionId')).toBe(cs);
    // Approved is not paid: nothing is credited until the shop completes the checkout.
    expect((await balance(t.shop, m.id)).point).toBe(0);
    const done = await m.client.get(`/user/complete_checkout_session?amazonCheckoutSessionId=${cs}`);
    expect(done).toMatchObject({ state: 200, result: '1', payment_id: res.payment_id });
    const again = await m.client.get(`/user/complete_checkout_session?amazonCheckoutSessionId=${cs}`);
    expect(again.result).toBe('1');
    expect((await balance(t.shop, m.id)).point).toBe(3000);
    await expectLedgerClean(t.shop);
  });

  it('cancelled in the wallet → result 0; another member cannot use the session; no session → wallet message', async () => {
    const m = await buildMember(t.shop);
    const cs = await signIn(m);
    await m.client.get(`/user/set_checkout_session/${cs}`);
    const other = await buildMember(t.shop, { lang: 'en' });
    expect((await other.client.get(`/user/set_checkout_session/${cs}`)).state).toBe(400);
    const stolen = await buy(other.client, { point_price_id: t.course[500], pay_id: 5, checkout_session_id: cs });
    expect(stolen.errors?.checkout_session_id?.[0]).toBe('Check the state of your wallet or choose it again');
    expect((await buy(other.client, { point_price_id: t.course[500], pay_id: 5 })).state).toBe(400);
    expect((await other.client.get('/user/set_checkout_session/cs_forged_session_id')).state).toBe(400);

    const res = await buy(m.client, { point_price_id: t.course[500], pay_id: 5, checkout_session_id: cs });
    await pressSandbox(t.shop, res.url as string, 'cancel');
    const done = await m.client.get(`/user/complete_checkout_session?amazonCheckoutSessionId=${cs}`);
    expect(done.result).toBe('0');
    expect((await balance(t.shop, m.id)).point).toBe(0);
    expect((await balance(t.shop, other.id)).point).toBe(0);
  });

  it('refuses a forged button signature on the wallet page', async () => {
    const res = await fetch(`${t.shop.baseUrl}/sandbox/pay/wallet-signin?payloadJSON=%7B%7D&signature=forged`);
    expect(res.status).toBe(400);
    const post = await fetch(`${t.shop.baseUrl}/sandbox/pay/wallet-signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payloadJSON: '{}', signature: 'forged' }).toString(),
      redirect: 'manual',
    });
    expect(post.status).toBe(400);
  });
});
