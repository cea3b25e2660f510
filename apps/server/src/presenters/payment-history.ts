import { formatTokyo, ledgerLabel, type CoinHistoryRow, type Lang, type PointHistoryRow } from '@oripa/core';
import type { LedgerHistoryRow } from '../db/queries/ledger-history.ts';
import type { LedgerSubjectRow } from '../db/queries/ledger-subject.ts';
import { payStyleName } from './payment-styles.ts';

export type { LedgerHistoryRow };

/** Ledger entries tied to a pack purchase link to it (spec section 3: a row links when amount ≤ 0 and id > 0). */
const PACK_REF_TYPES = new Set(['pack_purchase', 'purchase']);

/** Entries of a payment: their money is the yen paid and their memo names the payment method. */
const PAID = new Set(['point_purchase', 'coin_purchase']);

/**
 * The row's words (core ledgerLabel, issue 19): what happened and to what, in the member's language. A purchase
 * names its payment method; everything else names what its reference points at (ledger-subject.ts).
 */
export function ledgerRowLabel(lang: Lang, r: LedgerSubjectRow & { pay_id?: number | null }): string {
  const payStyle = PAID.has(r.reason) && r.pay_id != null ? payStyleName(lang, Number(r.pay_id)) : null;
  return ledgerLabel(lang, {
    reason: r.reason,
    subject: payStyle ?? r.subject,
    rank: r.subject_rank === null ? null : Number(r.subject_rank),
    count: r.subject_count === null ? null : Number(r.subject_count),
    memo: r.memo,
  });
}

function common(lang: Lang, r: LedgerHistoryRow) {
  const historyId = r.ref_type && PACK_REF_TYPES.has(r.ref_type) && r.ref_id ? Number(r.ref_id) : 0;
  return {
    id: Number(r.id),
    money: PAID.has(r.reason) && r.pay_amount !== null ? Number(r.pay_amount) : 0,
    created: formatTokyo(r.created_at),
    memo: ledgerRowLabel(lang, r),
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
