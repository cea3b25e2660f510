import { PAY_ID, type PayId, type PointBuyInput } from '@oripa/core';
import type { PaymentMethod, ReturnUrls, WalletKind } from './gateways/gateway.ts';

/** How long a member has to finish a redirect flow (3-D Secure, carrier, wallets) before it is expired. */
export const REDIRECT_WINDOW_MS = 60 * 60 * 1000;
export const UNPAID_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

const WALLETS = {
  [PAY_ID.globalWallet]: 'global',
  [PAY_ID.retailerWallet]: 'retailer',
  [PAY_ID.searchWallet]: 'search',
  [PAY_ID.mobileApp]: 'mobile',
  [PAY_ID.fleaMarketApp]: 'merpay',
  [PAY_ID.auPay]: 'aupay',
  [PAY_ID.paidy]: 'paidy',
  [PAY_ID.applePay]: 'apple',
} as const satisfies Record<number, WalletKind>;

/** The gateway method for a validated buy request (card references resolved by the caller). */
export function methodFor(input: PointBuyInput, savedCardRef?: string): PaymentMethod {
  const payId = input.pay_id as PayId;
  switch (payId) {
    case PAY_ID.card:
    case PAY_ID.card3ds:
      return {
        kind: 'card',
        token: savedCardRef ? undefined : input.token,
        savedCardRef,
        force3ds: payId === PAY_ID.card3ds,
        holder: input.card_user_name,
      };
    case PAY_ID.combini:
      return { kind: 'combini', store: input.combini_code! };
    case PAY_ID.bankTransfer:
      return { kind: 'bank', holderName: input.name! };
    case PAY_ID.carrier:
      return { kind: 'carrier', carrier: input.carrier_id! };
    default:
      return {
        kind: 'wallet',
        wallet: WALLETS[payId as keyof typeof WALLETS],
        checkoutSessionId: input.checkout_session_id,
      };
  }
}

/** Where each method's provider page sends the member back (the SPA routes of spec section 2). */
export function returnUrlsFor(base: string, payId: PayId, paymentId: string): ReturnUrls {
  const q = `payment_id=${encodeURIComponent(paymentId)}`;
  const to = (path: string) => `${base}${path}?${q}`;
  switch (payId) {
    case PAY_ID.carrier:
      return { success: to('/complete-carrier'), failure: to('/error-carrier'), anyOutcome: to('/pay-redirect') };
    case PAY_ID.globalWallet:
      return { success: to('/complete-buy-point-paypal'), failure: to('/complete-buy-point-paypal') };
    case PAY_ID.retailerWallet:
      return { success: to('/amazon-pay-redirect'), failure: to('/amazon-pay-redirect') };
    default:
      return { success: to('/pay-redirect'), failure: to('/pay-redirect') };
  }
}
