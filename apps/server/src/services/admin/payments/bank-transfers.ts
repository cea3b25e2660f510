import { PAY_ID, type PaymentStatus } from '@oripa/core';
import { fulfilmentMsg } from '@oripa/core/admin';
import { AppError } from '../../../app-error.ts';
import type { AppContext } from '../../../context.ts';
import { lockPayment } from '../../../db/queries/payments.ts';
import { AmountMismatch, applyStatusIn, countTransition } from '../../payments/status.ts';
import { withAudit, type AuditAction } from '../audit.ts';
import type { StaffIdentity } from '../staff-sessions.ts';

const refuse = (field: string, key: Parameters<typeof fulfilmentMsg>[0], params?: Record<string, number>) =>
  new AppError('validation', { [field]: [fulfilmentMsg(key, params)] }, key);

/**
 * Settles a pending bank transfer by hand: received (the staff member types the amount on the bank statement,
 * which must equal the amount due) credits the points through applyStatusIn, the path a gateway callback takes,
 * so the state machine credits at most once however often it is marked; rejected closes it as failed. The audit
 * row is written in the same transaction; a refused or repeated action leaves neither a change nor a row.
 */
export async function settleTransfer(
  ctx: AppContext,
  staff: StaffIdentity,
  paymentId: number,
  outcome: { received: true; amount: number; reason?: string } | { received: false; reason: string },
): Promise<{ status: PaymentStatus }> {
  const to: PaymentStatus = outcome.received ? 'succeeded' : 'failed';
  const action = outcome.received ? 'payment.transfer_received' : 'payment.transfer_rejected';
  const audit: AuditAction = { action, targetType: 'payment', targetId: paymentId, reason: outcome.reason };
  try {
    const moved = await withAudit(ctx, staff, audit, async (tx) => {
      const p = await lockPayment(tx, paymentId);
      if (!p) throw new AppError('not_found', { general: ['paymentNotFound'] }, 'payment_not_found');
      if (p.pay_id !== PAY_ID.bankTransfer) throw refuse('general', 'bankNotTransfer');
      if (p.status !== 'pending') throw refuse('general', 'bankNotPending');
      const after = await applyStatusIn(ctx, tx, paymentId, to, `staff:${staff.id}`, {
        amount: outcome.received ? outcome.amount : undefined,
        failureReason: outcome.received ? undefined : 'rejected_by_staff',
      });
      if (!after.changed) throw refuse('general', 'bankNotPending');
      return {
        before: { status: p.status, amount: p.amount },
        after: { status: after.status, point: after.point + after.append_point + after.coupon_point },
        result: after,
      };
    });
    countTransition(ctx, moved, to);
    return { status: moved.status };
  } catch (err) {
    if (err instanceof AmountMismatch) throw refuse('amount', 'bankAmountMismatch', { expected: err.expected });
    throw err;
  }
}
