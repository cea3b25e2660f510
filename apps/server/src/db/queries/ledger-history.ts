import { many, type Queryable, oneNumber } from '../queryable.ts';
import { ledgerSubjectColumns, type LedgerSubjectRow } from './ledger-subject.ts';

/** One ledger row as the point and coin history pages show it, with the payment or pack purchase behind it. */
export interface LedgerHistoryRow extends LedgerSubjectRow {
  id: number;
  amount: number;
  reason: string;
  ref_type: string | null;
  ref_id: number | null;
  memo: string;
  created_at: Date;
  pay_amount: number | null;
  pay_id: number | null;
  history_status: string | null;
}

export async function countLedgerEntries(db: Queryable, memberId: number, currency: 'point' | 'coin') {
  return oneNumber(db, 'SELECT count(*)::int AS n FROM ledger_entries WHERE member_id = $1 AND currency = $2', [
    memberId,
    currency,
  ]);
}

/** Newest first; the named thing behind each row (its label's subject) in the member's language. */
export async function ledgerHistoryPage(
  db: Queryable,
  memberId: number,
  currency: 'point' | 'coin',
  limit: number,
  offset: number,
  lang: 'ja' | 'en',
): Promise<LedgerHistoryRow[]> {
  return many<LedgerHistoryRow>(
    db,
    `SELECT l.id, l.amount, l.reason, l.ref_type, l.ref_id, l.memo, l.created_at,
            p.amount AS pay_amount, p.pay_id,
            CASE WHEN pu.id IS NULL THEN NULL
                 WHEN EXISTS (SELECT 1 FROM purchase_cards c WHERE c.purchase_id = pu.id AND c.status = 'pending')
                 THEN '0' ELSE '1' END AS history_status,
            ${ledgerSubjectColumns('$5')}
     FROM ledger_entries l
     LEFT JOIN payments p ON l.ref_type = 'payment' AND p.id = l.ref_id
     -- Pack purchases and card conversions link to the pack history (spec section 3, history_id).
     LEFT JOIN purchases pu ON l.ref_type = 'purchase' AND pu.id = l.ref_id
     WHERE l.member_id = $1 AND l.currency = $2
     ORDER BY l.id DESC LIMIT $3 OFFSET $4`,
    [memberId, currency, limit, offset, lang],
  );
}
