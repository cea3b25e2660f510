import { PAY_ID } from '@oripa/core';
/**
 * The brands behind each payment method, shown beside it (issue 12 B). Marks are simple generated badges in the
 * brand's colour with its name (no trademarked artwork); the names are what Stripe accepts in Japan for each
 * method. The sandbox simulates generic wallets, so only its card and store lists name brands.
 */
export interface Brand {
  id: string;
  name: string;
  /** Badge text and colours. */
  mark: string;
  fg: string;
  bg: string;
}

const b = (id: string, name: string, mark: string, bg: string, fg = '#ffffff'): Brand => ({ id, name, mark, bg, fg });

export const CARD_BRANDS: readonly Brand[] = [
  b('visa', 'Visa', 'VISA', '#1a1f71'),
  b('mastercard', 'Mastercard', 'MC', '#eb001b'),
  b('jcb', 'JCB', 'JCB', '#0b4ea2'),
  b('amex', 'American Express', 'AMEX', '#2e77bc'),
  b('diners', 'Diners Club', 'Diners', '#004a97'),
];

const KONBINI: readonly Brand[] = [
  b('seven-eleven', 'セブン-イレブン', '7', '#e35205'),
  b('familymart', 'FamilyMart', 'FM', '#00a040'),
  b('lawson', 'LAWSON', 'L', '#0068b7'),
  b('ministop', 'MINISTOP', 'MS', '#fbd000', '#004098'),
  b('seicomart', 'Seicomart', 'SM', '#f39800'),
  b('daily-yamazaki', 'デイリーヤマザキ', 'DY', '#c8102e'),
];

const PAYPAY = b('paypay', 'PayPay', 'PayPay', '#ff0033');

/** Wallets and carrier billing by pay id: neutral text badges with the method's name (no brand artwork). */
const WALLETS: Record<number, readonly Brand[]> = {
  [PAY_ID.globalWallet]: [b('paypal', 'PayPal', 'PayPal', '#003087')],
  [PAY_ID.retailerWallet]: [b('amazonpay', 'Amazon Pay', 'amazon', '#232f3e')],
  [PAY_ID.searchWallet]: [b('googlepay', 'Google Pay', 'G Pay', '#3c4043')],
  [PAY_ID.mobileApp]: [PAYPAY],
  [PAY_ID.carrier]: [
    b('docomo', 'd払い', 'docomo', '#c03'),
    b('au', 'au', 'au', '#c7410b'),
    b('softbank', 'SoftBank', 'SB', '#4b4b4b'),
  ],
  [PAY_ID.fleaMarketApp]: [b('merpay', 'メルペイ', 'merpay', '#d9001b')],
  [PAY_ID.auPay]: [b('aupay', 'au PAY', 'auPAY', '#c7410b')],
  [PAY_ID.paidy]: [b('paidy', 'Paidy', 'Paidy', '#8a1f7a')],
  [PAY_ID.applePay]: [b('applepay', 'Apple Pay', 'A Pay', '#000000')],
};

/** The one mark beside each method in the confirm page's list; its brands are named in the chosen method's form. */
const METHOD_MARKS: Record<number, Brand> = {
  1: b('card', 'Card', 'CARD', '#1a1f71'),
  7: b('card3ds', '3-D Secure', '3DS', '#1a1f71'),
  2: b('combini', 'Convenience store', 'CVS', '#00804a'),
  4: b('bank', 'Bank', 'BANK', '#4a5568'),
  6: b('carrier', 'Carrier', 'TEL', '#5a3d8a'),
};

/**
 * The badge shown beside a method in the list: the method's own, else its first brand's, else a plain grey badge
 * with the first letters of the name the server sent (an id this build does not know still gets a mark).
 */
export function methodMark(payId: number, name: string): Brand {
  return (
    METHOD_MARKS[payId] ?? WALLETS[payId]?.[0] ?? b(`pay-${payId}`, name, [...name].slice(0, 3).join(''), '#5f6368')
  );
}

/** The brands of one method as the server offers it; none for methods without a brand (bank transfer). */
export function methodBrands(payId: number, provider: 'sandbox' | 'stripe' | undefined): readonly Brand[] {
  if (payId === 1 || payId === 7) return CARD_BRANDS;
  if (WALLETS[payId]) return WALLETS[payId];
  // Every chain is named by its own choice in the form (issue 23), so the store list needs no badges there.
  if (payId === PAY_ID.combini && provider === 'stripe') return KONBINI;
  return [];
}
