import { formatTokyo } from '@oripa/core';
import { approvalActions, approvalFactsOf, type ApprovalRow, type StaffRole } from '@oripa/core/admin';
import type { ApprovalListRecord } from '../../db/queries/approvals.ts';

const tokyo = (d: Date | null) => (d ? formatTokyo(d) : '');

/** A request as `viewer` sees it, with what they may do with it now. */
export function presentApproval(
  r: ApprovalListRecord,
  viewer: { id: number; role: StaffRole },
  now: Date,
): ApprovalRow {
  const p = r.payload;
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    target_type: r.target_type,
    target_id: r.target_id,
    target_name: r.target_name ?? '',
    role: typeof p.role === 'string' ? (p.role as StaffRole) : null,
    currency: p.currency === 'point' || p.currency === 'coin' ? p.currency : null,
    amount: typeof p.amount === 'number' ? p.amount : null,
    reason: r.reason,
    requested_by: r.requested_by,
    requested_by_name: r.requested_by_name,
    requested_at: tokyo(r.requested_at),
    not_before: tokyo(r.not_before),
    decided_by: r.decided_by,
    decided_by_name: r.decided_by_name,
    decided_at: tokyo(r.decided_at),
    decision_note: r.decision_note,
    actions: approvalActions(approvalFactsOf(r), viewer, now),
  };
}
