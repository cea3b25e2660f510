import { PAY_IDS, payGroupOf, type Lang, type PayId, type PayStyleReply } from '@oripa/core';
import type { Config } from '../config.ts';
import type { PaymentGateway } from '../services/payments/gateways/gateway.ts';

/** The pay list's names and notes: the methods' real names (issue 13, 23); the web shows generated text badges. */
const NAMES: Record<PayId, { ja: [string, string]; en: [string, string] }> = {
  1: { ja: ['クレジットカード', '即時反映'], en: ['Credit card', 'Reflected immediately'] },
  7: {
    ja: ['クレジットカード（3Dセキュア）', '本人認証後に反映'],
    en: ['Credit card (3-D Secure)', 'Reflected after authentication'],
  },
  14: { ja: ['Apple Pay', '即時反映'], en: ['Apple Pay', 'Reflected immediately'] },
  12: { ja: ['Google Pay', '即時反映'], en: ['Google Pay', 'Reflected immediately'] },
  8: { ja: ['PayPay', '即時反映'], en: ['PayPay', 'Reflected immediately'] },
  10: { ja: ['メルペイ', '即時反映'], en: ['Merpay', 'Reflected immediately'] },
  11: { ja: ['au PAY', '即時反映'], en: ['au PAY', 'Reflected immediately'] },
  13: {
    ja: ['Paidy（あと払い）', '即時反映・お支払いは翌月にコンビニ・銀行で'],
    en: ['Paidy (pay later)', 'Reflected immediately; pay next month at a store or bank'],
  },
  3: { ja: ['PayPal', '即時反映'], en: ['PayPal', 'Reflected immediately'] },
  5: { ja: ['Amazon Pay', '即時反映'], en: ['Amazon Pay', 'Reflected immediately'] },
  2: {
    ja: [
      'コンビニ決済（セブン-イレブン・ローソン・ファミリーマート・ミニストップ・デイリーヤマザキ・セイコーマート）',
      'お支払い後に反映・3日以内にお支払いください',
    ],
    en: [
      'Convenience store (7-Eleven, Lawson, FamilyMart, Ministop, Daily Yamazaki, Seicomart)',
      'Reflected after payment; pay within 3 days',
    ],
  },
  4: {
    ja: ['銀行振込', '入金確認後に反映・3日以内にお振込みください（平日10:00〜18:00以外は翌営業日）'],
    en: [
      'Bank transfer',
      'Reflected after the transfer is confirmed; transfer within 3 days (outside weekdays 10:00-18:00, the next business day)',
    ],
  },
  6: {
    ja: ['キャリア決済（d払い・auかんたん決済・ソフトバンクまとめて支払い）', '携帯電話料金と合算'],
    en: ['Carrier billing (d Barai, au Easy Payment, SoftBank Matomete Shiharai)', 'Added to your phone bill'],
  },
};

/** The offered methods, and who takes a new card in the browser (Stripe.js needs the publishable key). */
export function presentPayStyles(
  lang: Lang,
  gateway: Pick<PaymentGateway, 'name' | 'supports'>,
  payments: Pick<Config['payments'], 'stripePublishableKey'>,
  course: { point: number; price: number } | null = null,
): PayStyleReply {
  return {
    point: course?.point ?? 0,
    price: course?.price ?? 0,
    list: PAY_IDS.filter((id) => gateway.supports(id)).map((id) => ({
      id,
      name: NAMES[id][lang][0],
      memo: NAMES[id][lang][1],
      group: payGroupOf(id),
    })),
    payment_provider: gateway.name === 'stripe' ? 'stripe' : 'sandbox',
    publishable_key: gateway.name === 'stripe' ? payments.stripePublishableKey : '',
  };
}

/** Retired methods (ADR 0041): never listed, still named on the payments made with them (history, receipts). */
const RETIRED_NAMES: Record<number, string> = { 9: 'LINE Pay' };

export function payStyleName(lang: Lang, id: number): string {
  return NAMES[id as PayId]?.[lang][0] ?? RETIRED_NAMES[id] ?? '';
}
