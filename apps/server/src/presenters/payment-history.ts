import { formatTokyo, type CoinHistoryRow, type Lang, type PointHistoryRow } from '@oripa/core';
import type { LedgerHistoryRow } from '../db/queries/ledger-history.ts';
import { payStyleName } from './payment-styles.ts';

export type { LedgerHistoryRow };

/** Ledger reasons as members read them; unknown reasons fall back to the entry's memo. */
const REASONS: Record<string, { ja: string; en: string }> = {
  point_purchase: { ja: 'ポイント購入', en: 'Point purchase' },
  rank_bonus: { ja: 'ランクボーナス', en: 'Rank bonus' },
  coupon: { ja: 'クーポン', en: 'Coupon' },
  coupon_bonus: { ja: 'クーポンボーナス', en: 'Coupon bonus' },
  expiry: { ja: 'ポイント有効期限切れ', en: 'Points expired' },
  pack_purchase: { ja: 'ガチャ', en: 'Gacha' },
  card_conversion: { ja: 'カードのポイント交換', en: 'Cards converted to points' },
  auto_conversion: { ja: 'カードの自動ポイント交換', en: 'Cards converted automatically' },
  sms_bonus: { ja: 'SMS認証ボーナス', en: 'SMS verification bonus' },
  coin_purchase: { ja: 'コイン購入', en: 'Coin purchase' },
  rank_up_bonus: { ja: 'ランクアップボーナス', en: 'Rank-up bonus' },
  rank_maintenance: { ja: 'ランク維持', en: 'Rank maintenance' },
  rank_card_conversion: { ja: 'ランク特典カードのポイント交換', en: 'Rank reward card converted' },
  withdrawal: { ja: '退会', en: 'Withdrawal' },
  campaign: { ja: 'キャンペーン', en: 'Campaign' },
  staff_adjustment: { ja: '運営による調整', en: 'Adjustment by the shop' },
};

/** Ledger entries tied to a pack purchase link to it (spec section 3: a row links when amount ≤ 0 and id > 0). */
const PACK_REF_TYPES = new Set(['pack_purchase', 'purchase']);

/** Entries of a payment: their money is the yen paid and their memo names the payment method. */
const PAID = new Set(['point_purchase', 'coin_purchase']);

function memoFor(lang: Lang, r: LedgerHistoryRow): string {
  const label = REASONS[r.reason]?.[lang];
  if (r.pack_name) return label ? `${label} ${r.pack_name}` : r.pack_name;
  if (PAID.has(r.reason) && r.pay_id !== null) return `${label}（${payStyleName(lang, r.pay_id)}）`;
  if (label && r.memo && !PAID.has(r.reason)) return `${label} ${r.memo}`;
  return label ?? r.memo ?? r.reason;
}

function common(lang: Lang, r: LedgerHistoryRow) {
  const historyId = r.ref_type && PACK_REF_TYPES.has(r.ref_type) && r.ref_id ? Number(r.ref_id) : 0;
  return {
    id: Number(r.id),
    money: PAID.has(r.reason) && r.pay_amount !== null ? Number(r.pay_amount) : 0,
    created: formatTokyo(r.created_at),
    memo: memoFor(lang, r),
    history_id: historyId,
    status: (r.history_status === '1' ? '1' : '0') as '0' | '1',
  };
}

export const presentPointHistory = (lang: Lang, r: LedgerHistoryRow): PointHistoryRow => ({
  ...common(lang, r),
  bonusPoint: Number(r.amount),
});

export const presentCoinHistory = (lang: Lang, r: LedgerHistoryRow): CoinHistoryRow => ({
  ...common(lang, r),
  bonusCoin: Number(r.amount),
});
