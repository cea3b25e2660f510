import { pageObject, type PageObject } from '@oripa/core';
import type { LedgerHistoryRow } from '../../presenters/payment-history.ts';
import type { Queryable } from './db.ts';

export const HISTORY_PER_PAGE = 20;

/** One page of a member's ledger for one currency, newest first, with the payment behind purchase rows. */
export async function ledgerHistory(
  db: Queryable,
  memberId: number,
  currency: 'point' | 'coin',
  page: number,
): Promise<{ rows: LedgerHistoryRow[]; page: PageObject }> {
  const { rows: count } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM ledger_entries WHERE member_id = $1 AND currency = $2',
    [memberId, currency],
  );
  const total = Number(count[0]!.n);
  const po = pageObject(page, total, HISTORY_PER_PAGE);
  const { rows } = await db.query<LedgerHistoryRow>(
    `SELECT l.id, l.amount, l.reason, l.ref_type, l.ref_id, l.memo, l.created_at,
            p.amount AS pay_amount, p.pay_id, NULL::text AS history_status
     FROM ledger_entries l
     LEFT JOIN payments p ON l.ref_type = 'payment' AND p.id = l.ref_id
     WHERE l.member_id = $1 AND l.currency = $2
     ORDER BY l.id DESC LIMIT $3 OFFSET $4`,
    [memberId, currency, HISTORY_PER_PAGE, (po.page - 1) * HISTORY_PER_PAGE],
  );
  return { rows, page: po };
}
