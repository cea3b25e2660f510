import { pageObject, type Lang, type PageObject } from '@oripa/core';
import type { LedgerHistoryRow } from '../../presenters/payment-history.ts';
import type { Queryable } from './db.ts';

export const HISTORY_PER_PAGE = 20;

/** One page of a member's ledger for one currency, newest first, with the payment behind purchase rows. */
export async function ledgerHistory(
  db: Queryable,
  memberId: number,
  currency: 'point' | 'coin',
  page: number,
  lang: Lang = 'ja',
): Promise<{ rows: LedgerHistoryRow[]; page: PageObject }> {
  const { rows: count } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM ledger_entries WHERE member_id = $1 AND currency = $2',
    [memberId, currency],
  );
  const total = Number(count[0]!.n);
  const po = pageObject(page, total, HISTORY_PER_PAGE);
  const { rows } = await db.query<LedgerHistoryRow>(
    `SELECT l.id, l.amount, l.reason, l.ref_type, l.ref_id, l.memo, l.created_at,
            p.amount AS pay_amount, p.pay_id,
            CASE WHEN pu.id IS NULL THEN NULL
                 WHEN EXISTS (SELECT 1 FROM purchase_cards c WHERE c.purchase_id = pu.id AND c.status = 'pending')
                 THEN '0' ELSE '1' END AS history_status,
            CASE WHEN $5 = 'en' THEN pk.name_en ELSE pk.name_ja END AS pack_name
     FROM ledger_entries l
     LEFT JOIN payments p ON l.ref_type = 'payment' AND p.id = l.ref_id
     -- Pack purchases and card conversions link to the pack history (spec section 3, history_id).
     LEFT JOIN purchases pu ON l.ref_type = 'purchase' AND pu.id = l.ref_id
     LEFT JOIN packs pk ON pk.id = pu.pack_id
     WHERE l.member_id = $1 AND l.currency = $2
     ORDER BY l.id DESC LIMIT $3 OFFSET $4`,
    [memberId, currency, HISTORY_PER_PAGE, (po.page - 1) * HISTORY_PER_PAGE, lang],
  );
  return { rows, page: po };
}
