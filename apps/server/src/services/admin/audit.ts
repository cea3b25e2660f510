import type { PoolClient } from 'pg';
import type { AuditActionKey } from '@oripa/core/admin';
import type { AppContext } from '../../context.ts';
import { insertAuditEntry } from '../../db/queries/audit-log.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { StaffIdentity } from './staff-sessions.ts';

export interface AuditAction {
  /** What was done, `<area>.<verb>`: one of core's AUDIT_ACTIONS, each with a label in the console's languages. */
  action: AuditActionKey;
  /** What it was done to: 'member', 'staff', 'pack', … and its id. */
  targetType: string;
  targetId: string | number | null;
  /** Why (required for anything touching money or access; the route's schema enforces it). */
  reason?: string;
}

export interface AuditedWork<T> {
  /** The target as it was and as it is now (JSON-serialisable; omit secrets). */
  before: unknown;
  after: unknown;
  result: T;
}

/**
 * Runs a staff write and records it in the audit log in the SAME transaction: `work(tx)` does the write on `tx`
 * and answers before/after; the audit row is inserted on `tx` afterwards, so a failure anywhere (in the work,
 * the audit insert or the commit) leaves neither the write nor the row. Returns `work`'s result.
 */
export async function withAudit<T>(
  ctx: AppContext,
  staff: StaffIdentity,
  what: AuditAction,
  work: (tx: PoolClient) => Promise<AuditedWork<T>>,
): Promise<T> {
  return withTransaction(ctx.db, async (tx) => {
    const done = await work(tx);
    await auditIn(ctx, tx, staff.id, what, done.before, done.after);
    return done.result;
  });
}

/**
 * One audit row on `tx`, for a write that records several (an approval: the decision by the approver and the
 * change by its requester, in the transaction that makes the change; services/admin/approvals.ts).
 */
export async function auditIn(
  ctx: AppContext,
  tx: PoolClient,
  staffId: number,
  what: AuditAction,
  before: unknown,
  after: unknown,
): Promise<void> {
  await insertAuditEntry(tx, {
    staffId,
    action: what.action,
    targetType: what.targetType,
    targetId: what.targetId === null ? null : String(what.targetId),
    reason: what.reason ?? '',
    before,
    after,
    now: ctx.clock.now(),
  });
}
