import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/queryable.ts';
import {
  countCouponUse,
  countCouponUses,
  findPendingBonus,
  hasPendingCouponUse,
  insertCoupon as insertCouponRow,
  insertGrantedCouponUse,
  insertPendingCouponUse,
  lockCouponByCode,
  lockMemberForCoupon,
} from '../db/queries/coupons.ts';
import { withTransaction } from '../db/transaction.ts';
import { AppError } from '../app-error.ts';
import { grantPoints } from './ledger.ts';
import { requireConfirmedMail } from './mail-verification.ts';

const refuse = (key: string, reason: string) => new AppError('validation', { couponCode: [key] }, reason);

/**
 * POST /api/user/coupon/use. The coupon row is locked for the whole check-and-use, so the total limit and the
 * per-member limit hold under concurrent uses; a 'points' coupon grants a free lot now, a 'bonus' coupon waits
 * for the member's next course purchase (credit.ts applies it). A coupon is a way to gain value, so an unconfirmed
 * mail address is refused first (issue 19 §2).
 */
export async function useCoupon(
  ctx: AppContext,
  memberId: number,
  code: string,
): Promise<{ kind: 'points' | 'bonus'; point: number }> {
  await requireConfirmedMail(ctx.db.pool, memberId, 'couponCode');
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (tx) => {
    const c = await lockCouponByCode(tx, code);
    if (!c) throw refuse('couponNotFound', 'coupon_not_found');
    if (c.starts_at && c.starts_at > now) throw refuse('couponNotStarted', 'coupon_not_started');
    if (c.ends_at && c.ends_at <= now) throw refuse('couponExpired', 'coupon_expired');
    if (c.max_uses !== null && Number(c.used_count) >= Number(c.max_uses))
      throw refuse('couponUsedUp', 'coupon_used_up');
    if ((await countCouponUses(tx, c.id, memberId)) >= Number(c.per_member_limit))
      throw refuse('couponAlreadyUsed', 'coupon_already_used');

    if (c.kind === 'bonus') {
      // Two different bonus coupons at once: locking the (absent) pending row serialises nothing, so the member
      // row is the lock; the loser then sees the waiting bonus instead of hitting coupon_uses_one_pending.
      await lockMemberForCoupon(tx, memberId);
      if (await hasPendingCouponUse(tx, memberId)) throw refuse('couponBonusPending', 'coupon_bonus_pending');
      await insertPendingCouponUse(tx, c.id, memberId, now);
    } else {
      const useId = await insertGrantedCouponUse(tx, c.id, memberId, c.point, now);
      await grantPoints(tx, {
        memberId,
        amount: Number(c.point),
        kind: 'free',
        reason: 'coupon',
        refType: 'coupon_use',
        refId: useId,
        memo: c.code.toUpperCase(),
        now,
      });
    }
    await countCouponUse(tx, c.id);
    return { kind: c.kind, point: Number(c.point) };
  });
}

/** The member's waiting bonus coupon, if any (shown on the course list and detail). */
export async function pendingCouponBonus(
  db: Queryable,
  memberId: number | null,
): Promise<{ bonusPoint: number; bonusPercent: number } | null> {
  if (memberId === null) return null;
  const row = await findPendingBonus(db, memberId);
  return row ? { bonusPoint: Number(row.point), bonusPercent: Number(row.bonus_percent) } : null;
}

export interface CouponSeed {
  code: string;
  kind: 'points' | 'bonus';
  point?: number;
  bonusPercent?: number;
  startsAt?: Date | null;
  endsAt?: Date | null;
  maxUses?: number | null;
  perMemberLimit?: number;
  memo?: string;
}

/** A coupon for the seed and tests, with the defaults a coupon form would have. */
export function insertCoupon(db: Queryable, c: CouponSeed): Promise<number> {
  return insertCouponRow(db, {
    code: c.code,
    kind: c.kind,
    point: c.point ?? 0,
    bonus_percent: c.bonusPercent ?? 0,
    starts_at: c.startsAt ?? null,
    ends_at: c.endsAt ?? null,
    max_uses: c.maxUses ?? null,
    per_member_limit: c.perMemberLimit ?? 1,
    memo: c.memo ?? '',
  });
}
