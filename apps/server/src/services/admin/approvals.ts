import {
  approvalFactsOf,
  approvalRefusal,
  can,
  type ApprovalAction,
  type StaffChange,
  type StaffRole,
} from '@oripa/core/admin';
import { formatTokyo } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../app-error.ts';
import {
  decideApproval,
  findApprovalListed,
  listApprovals,
  lockApproval,
  type ApprovalListRecord,
  type ApprovalRecord,
} from '../../db/queries/approvals.ts';
import { withTransaction } from '../../db/transaction.ts';
import { auditIn } from './audit.ts';
import { applyAdjustment } from './members.ts';
import { applyStaffChange } from './staff.ts';
import type { StaffIdentity } from './staff-sessions.ts';

/**
 * Changes that need a second person (ADR 0039): the requests (made by services/admin/approval-requests.ts) and
 * their decisions. Approving (or applying a delayed owner change) makes the change in the SAME transaction as the
 * decision: the staff change or the grant with its ledger row, the change's audit row (as the requester's, with
 * the approval named) and the decision's audit row ('approval.approve' … as the decider's). Who may do what is
 * core's approvalRefusal.
 */

const LIST_LIMIT = 100;

/**
 * The pending requests (or the latest decided ones) `viewer` may see: all of them for an owner, who decides them;
 * their own for anyone else.
 */
export async function approvalList(
  ctx: AppContext,
  viewer: { id: number; role: StaffRole },
  status: 'pending' | 'decided',
): Promise<ApprovalListRecord[]> {
  return listApprovals(ctx.db.pool, {
    pending: status === 'pending',
    requestedBy: can(viewer.role, 'approvals.decide') ? null : viewer.id,
    limit: LIST_LIMIT,
  });
}

export async function approvalView(ctx: AppContext, id: number): Promise<ApprovalListRecord> {
  const r = await findApprovalListed(ctx.db.pool, id);
  if (!r) throw notFound();
  return r;
}

const STATUS_AFTER = { approve: 'approved', apply: 'approved', refuse: 'refused', cancel: 'cancelled' } as const;

function refused(key: NonNullable<ReturnType<typeof approvalRefusal>>, r: ApprovalRecord): AppError {
  if (key === 'approvalDecided') return new AppError('conflict', { general: [key] }, 'approval_decided');
  if (key === 'approvalNotDue') {
    const at = formatTokyo(r.not_before!).slice(0, 16);
    return new AppError('conflict', { general: [`approvalNotDue|${JSON.stringify({ at })}`] }, 'approval_not_due');
  }
  return new AppError('forbidden', { general: [key] }, key === 'approvalOwnRequest' ? 'own_request' : 'forbidden');
}

/** `by` approves, refuses, cancels or applies request `id`; approving or applying makes the change. */
export async function decideApprovalRequest(
  ctx: AppContext,
  by: StaffIdentity,
  id: number,
  action: ApprovalAction,
  note: string,
): Promise<void> {
  await withTransaction(ctx.db, async (tx) => {
    const r = await lockApproval(tx, id);
    if (!r) throw notFound();
    const now = ctx.clock.now();
    const refusal = approvalRefusal(approvalFactsOf(r), by, action, now);
    if (refusal) throw refused(refusal, r);
    const status = STATUS_AFTER[action];
    if (status === 'approved') {
      const approved = { approval_id: r.id, approved_by: by.id, after_delay: action === 'apply' };
      const requester = { id: r.requested_by };
      if (r.kind === 'member.adjust') {
        const { currency, amount } = r.payload as { currency: 'point' | 'coin'; amount: number };
        await applyAdjustment(ctx, tx, requester, r.target_id, { currency, amount, reason: r.reason }, approved);
      } else {
        const change = (
          r.kind === 'staff.role' ? { kind: r.kind, role: r.payload.role as StaffRole } : { kind: r.kind }
        ) as StaffChange;
        await applyStaffChange(ctx, tx, requester, r.target_id, change, r.reason, approved);
      }
    }
    await decideApproval(tx, { id, status, by: by.id, now, note });
    await auditIn(
      ctx,
      tx,
      by.id,
      { action: `approval.${action}`, targetType: 'approval', targetId: id, reason: note },
      { status: 'pending' },
      { status, kind: r.kind, target_type: r.target_type, target_id: r.target_id, requested_by: r.requested_by },
    );
  });
}
