import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import {
  lockMemberForWithdrawal,
  markWithdrawn,
  releaseWithdrawn,
  withdrawalStanding,
} from '../../db/queries/withdrawal.ts';
import { withTransaction } from '../../db/transaction.ts';
import { changeCoins, spendPoints } from '../ledger.ts';
import { assertNotLocked, recordAttempt, THROTTLE_RULES } from '../auth-throttle.ts';
import { verifyPassword } from '../passwords.ts';
import { endAllSessions } from '../sessions.ts';

/**
 * Withdrawal (退会; terms article 15; issue 11; ADR 0020). The confirmation names what is lost; withdrawing asks the
 * password again, is refused while drawn cards still wait for the ship-or-convert choice or a payment is still open
 * (it would credit a closed account), and in one transaction
 * forfeits the points and coins (ledger rows 'withdrawal') and closes the account; every session ends. The row and
 * its ledger stay; after WITHDRAWAL_RETENTION_DAYS the release job frees the mail address and phone.
 */
export const WITHDRAWAL_RETENTION_DAYS = 90;

export async function withdrawalPreview(ctx: AppContext, memberId: number) {
  const s = await withdrawalStanding(ctx.db.pool, memberId, ctx.clock.now());
  return { point: s.point, coin: s.coin, pendingCards: s.pendingCards, openPayments: s.openPayments };
}

export async function withdraw(ctx: AppContext, memberId: number, pass: string): Promise<void> {
  const now = ctx.clock.now();
  const passKey = `password:member:${memberId}`;
  await assertNotLocked(ctx, [passKey], 'pass', 'passwordLocked');
  await withTransaction(ctx.db, async (tx) => {
    const m = await lockMemberForWithdrawal(tx, memberId);
    if (!m || m.withdrawn_at) throw new AppError('not_found', { general: ['notFound'] });
    if (!(await verifyPassword(m.pass_hash, pass))) {
      // Counted outside this transaction, which the refusal rolls back.
      await recordAttempt(ctx, passKey, THROTTLE_RULES.memberPassword);
      throw AppError.validation('pass', 'withdrawPassMismatch', 'pass');
    }
    const s = await withdrawalStanding(tx, memberId, now);
    if (s.pendingCards > 0) throw AppError.validation('general', 'withdrawCardsPending', 'cards_pending');
    if (s.openPayments > 0) throw AppError.validation('general', 'withdrawPaymentsOpen', 'payments_open');
    const ref = { reason: 'withdrawal', refType: 'member', refId: memberId, now, memberId };
    if (s.spendable > 0) await spendPoints(tx, { ...ref, amount: s.spendable });
    if (m.coin_balance > 0) await changeCoins(tx, { ...ref, amount: -m.coin_balance });
    await markWithdrawn(tx, memberId, now);
  });
  await endAllSessions(ctx, memberId);
}

/** One batch of the release job: members withdrawn longer than the retention period. */
export function releaseWithdrawnBatch(ctx: AppContext, limit: number): Promise<number> {
  const now = ctx.clock.now();
  const before = new Date(now.getTime() - WITHDRAWAL_RETENTION_DAYS * 24 * 3600_000);
  return releaseWithdrawn(ctx.db.pool, before, now, limit);
}
