import { ownerChangeNotBefore, type ApprovalKind, type StaffChange } from '@oripa/core/admin';
import type { PoolClient } from 'pg';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../app-error.ts';
import { insertApproval } from '../../db/queries/approvals.ts';
import { countActiveOwners, type StaffRecord } from '../../db/queries/staff.ts';
import { sendOwnerChangeRequested } from '../../mail/owner-change-requested.ts';
import { auditIn } from './audit.ts';
import type { StaffIdentity } from './staff-sessions.ts';

/**
 * Asking for a change that needs a second person (ADR 0039), in the transaction of the call that wanted to make it:
 * the request row and its audit row ('approval.request'). The change itself is made only when the request is
 * approved (services/admin/approvals.ts). Answers the request's id.
 */
export async function requestApproval(
  ctx: AppContext,
  tx: PoolClient,
  by: StaffIdentity,
  r: {
    kind: ApprovalKind;
    targetType: 'staff' | 'member';
    targetId: number;
    payload: Record<string, unknown>;
    reason: string;
    notBefore: Date | null;
    /** When it is asked: the instant `notBefore` was counted from, when there is one (else the clock's now). */
    now?: Date;
  },
): Promise<number> {
  const now = r.now ?? ctx.clock.now();
  const id = await insertApproval(tx, { ...r, requestedBy: by.id, now });
  if (id === null) throw new AppError('conflict', { general: ['approvalPending'] }, 'approval_pending');
  await auditIn(
    ctx,
    tx,
    by.id,
    { action: 'approval.request', targetType: 'approval', targetId: id, reason: r.reason },
    null,
    {
      kind: r.kind,
      target_type: r.targetType,
      target_id: r.targetId,
      ...r.payload,
      not_before: r.notBefore?.toISOString() ?? null,
    },
  );
  return id;
}

/**
 * An owner's change to another owner (demote, disable, reset the second factor) becomes a request: a reason is
 * required; another owner must approve it, or, with no owner besides the two of them, the requester may make it
 * after OWNER_CHANGE_DELAY_HOURS. Either way the owner concerned is mailed now, so they can refuse it.
 */
export async function requestOwnerChange(
  ctx: AppContext,
  tx: PoolClient,
  by: StaffIdentity,
  target: StaffRecord,
  change: StaffChange,
  reason: string,
): Promise<number> {
  if (!reason) throw AppError.validation('reason', 'reasonRequired', 'reason_required');
  // Owners who could approve: every active owner but the requester and the owner concerned.
  const others = (await countActiveOwners(tx)) - 1 - (target.disabled_at ? 0 : 1);
  // One reading of the clock for both: a second one a millisecond later made the delay 1 ms short (CI, pg15).
  const now = ctx.clock.now();
  const notBefore = ownerChangeNotBefore(others, now);
  const id = await requestApproval(ctx, tx, by, {
    now,
    kind: change.kind,
    targetType: 'staff',
    targetId: target.id,
    payload: change.kind === 'staff.role' ? { role: change.role } : {},
    reason,
    notBefore,
  });
  await sendOwnerChangeRequested(ctx, tx, target.mail, {
    ownerName: target.name,
    requestedBy: by.name,
    change,
    reason,
    notBefore,
    consoleUrl: `${ctx.config.publicUrl}/admin/approvals`,
  });
  return id;
}
