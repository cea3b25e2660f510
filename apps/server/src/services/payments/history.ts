import { pageObject, type Lang, type PageObject } from '@oripa/core';
import type { Queryable } from '../../db/queryable.ts';
import { countLedgerEntries, ledgerHistoryPage, type LedgerHistoryRow } from '../../db/queries/ledger-history.ts';

export const HISTORY_PER_PAGE = 20;

/** One page of a member's ledger for one currency, newest first, with the payment behind purchase rows. */
export async function ledgerHistory(
  db: Queryable,
  memberId: number,
  currency: 'point' | 'coin',
  page: number,
  lang: Lang = 'ja',
): Promise<{ rows: LedgerHistoryRow[]; page: PageObject }> {
  const total = await countLedgerEntries(db, memberId, currency);
  const po = pageObject(page, total, HISTORY_PER_PAGE);
  const rows = await ledgerHistoryPage(
    db,
    memberId,
    currency,
    HISTORY_PER_PAGE,
    (po.page - 1) * HISTORY_PER_PAGE,
    lang,
  );
  return { rows, page: po };
}
