import { formatTokyo, type Lang } from '@oripa/core';
import type { AdminLedgerRow } from '@oripa/core/admin';
import type { MemberLedgerRecord } from '../../db/queries/admin-members.ts';
import { ledgerRowLabel } from '../payment-history.ts';

/** A member's ledger row for support: the label the member reads (in the staff's language) beside the raw code. */
export const presentAdminLedgerRow = (lang: Lang, r: MemberLedgerRecord): AdminLedgerRow => ({
  id: Number(r.id),
  currency: r.currency,
  amount: Number(r.amount),
  balance_after: Number(r.balance_after),
  reason: r.reason,
  label: ledgerRowLabel(lang, r),
  ref_type: r.ref_type,
  ref_id: r.ref_id === null ? null : Number(r.ref_id),
  memo: r.memo,
  created_at: formatTokyo(r.created_at),
});
