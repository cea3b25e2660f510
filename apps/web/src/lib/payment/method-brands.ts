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
  b('diners', 'Diners Club', 'DC', '#004a97'),
];

const KONBINI: readonly Brand[] = [
  b('familymart', 'FamilyMart', 'FM', '#00a040'),
  b('lawson', 'LAWSON', 'L', '#0068b7'),
  b('ministop', 'MINISTOP', 'MS', '#fbd000', '#004098'),
  b('seicomart', 'Seicomart', 'SM', '#f39800'),
];

const PAYPAY = b('paypay', 'PayPay', 'PayPay', '#ff0033');

/** Wallets and carrier billing by pay id: neutral text badges with the method's name (no brand artwork). */
const WALLETS: Record<number, readonly Brand[]> = {
  3: [b('paypal', 'PayPal', 'PayPal', '#003087')],
  5: [b('amazonpay', 'Amazon Pay', 'amazon', '#232f3e')],
  12: [b('googlepay', 'Google Pay', 'G Pay', '#3c4043')],
  8: [PAYPAY],
  9: [b('linepay', 'LINE Pay', 'LINE', '#06803a')],
  6: [b('au', 'au', 'au', '#c7410b'), b('softbank', 'SoftBank', 'SB', '#4b4b4b')],
};

/** The brands of one method as the server offers it; none for methods without a brand (bank transfer). */
export function methodBrands(payId: number, provider: 'sandbox' | 'stripe' | undefined): readonly Brand[] {
  if (payId === 1 || payId === 7) return CARD_BRANDS;
  if (WALLETS[payId]) return WALLETS[payId];
  // The sandbox's store slip is generic; Stripe's names its stores.
  if (payId === 2 && provider === 'stripe') return KONBINI;
  return [];
}
