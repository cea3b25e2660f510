import type { AppContext } from '../context.ts';
import { withTransaction } from '../db/transaction.ts';
import { AppError } from '../http/app-error.ts';
import type { Queryable } from './payments/db.ts';
import { grantPoints } from './ledger.ts';

interface CouponRow {
  id: number;
  code: string;
  kind: 'points' | 'bonus';
  point: number;
  bonus_percent: number;
  starts_at: Date | null;
  ends_at: Date | null;
  max_uses: number | null;
  per_member_limit: number;
  used_count: number;
  memo: string;
}

const refuse = (key: string, reason: string) => new AppError('validation', { couponCode: [key] }, reason);

/**
 * POST /api/user/coupon/use. The coupon row is locked for the whole check-and-use, so the total limit and the
 * per-member limit hold under concurrent uses; a 'points' coupon grants a free lot now, a 'bonus' coupon waits
 * for the member's next course purchase (credit.ts applies it).
 */
export async function useCoupon(
  ctx: AppContext,
  memberId: number,
  code: string,
): Promise<{ kind: 'points' | 'bonus'; point: number }> {
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (tx) => {
    const { rows } = await tx.query<CouponRow>('SELECT * FROM coupons WHERE upper(code) = upper($1) FOR UPDATE', [
      code,
    ]);
    const c = rows[0];
    if (!c) throw refuse('couponNotFound', 'coupon_not_found');
    if (c.starts_at && c.starts_at > now) throw refuse('couponNotStarted', 'coupon_not_started');
    if (c.ends_at && c.ends_at <= now) throw refuse('couponExpired', 'coupon_expired');
    if (c.max_uses !== null && Number(c.used_count) >= Number(c.max_uses))
      throw refuse('couponUsedUp', 'coupon_used_up');
    const { rows: mine } = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM coupon_uses WHERE coupon_id = $1 AND member_id = $2',
      [c.id, memberId],
    );
    if (Number(mine[0]!.n) >= Number(c.per_member_limit)) throw refuse('couponAlreadyUsed', 'coupon_already_used');

    if (c.kind === 'bonus') {
      // Two different bonus coupons at once: locking the (absent) pending row serialises nothing, so the member
      // row is the lock; the loser then sees the waiting bonus instead of hitting coupon_uses_one_pending.
      await tx.query('SELECT 1 FROM members WHERE id = $1 FOR UPDATE', [memberId]);
      const { rows: waiting } = await tx.query(
        "SELECT 1 FROM coupon_uses WHERE member_id = $1 AND status = 'pending'",
        [memberId],
      );
      if (waiting[0]) throw refuse('couponBonusPending', 'coupon_bonus_pending');
      await tx.query(
        "INSERT INTO coupon_uses (coupon_id, member_id, status, created_at) VALUES ($1, $2, 'pending', $3)",
        [c.id, memberId, now],
      );
    } else {
      const use = await tx.query<{ id: number }>(
        "INSERT INTO coupon_uses (coupon_id, member_id, status, point, created_at, applied_at) VALUES ($1, $2, 'granted', $3, $4, $4) RETURNING id",
        [c.id, memberId, c.point, now],
      );
      await grantPoints(tx, {
        memberId,
        amount: Number(c.point),
        kind: 'free',
        reason: 'coupon',
        refType: 'coupon_use',
        refId: Number(use.rows[0]!.id),
        memo: c.code.toUpperCase(),
        now,
      });
    }
    await tx.query('UPDATE coupons SET used_count = used_count + 1 WHERE id = $1', [c.id]);
    return { kind: c.kind, point: Number(c.point) };
  });
}

/** The member's waiting bonus coupon, if any (shown on the course list and detail). */
export async function pendingCouponBonus(
  db: Queryable,
  memberId: number | null,
): Promise<{ bonusPoint: number; bonusPercent: number } | null> {
  if (memberId === null) return null;
  const { rows } = await db.query<{ point: number; bonus_percent: number }>(
    `SELECT c.point, c.bonus_percent FROM coupon_uses u JOIN coupons c ON c.id = u.coupon_id
     WHERE u.member_id = $1 AND u.status = 'pending'`,
    [memberId],
  );
  return rows[0] ? { bonusPoint: Number(rows[0].point), bonusPercent: Number(rows[0].bonus_percent) } : null;
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

export async function insertCoupon(db: Queryable, c: CouponSeed): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO coupons (code, kind, point, bonus_percent, starts_at, ends_at, max_uses, per_member_limit, memo)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      c.code,
      c.kind,
      c.point ?? 0,
      c.bonusPercent ?? 0,
      c.startsAt ?? null,
      c.endsAt ?? null,
      c.maxUses ?? null,
      c.perMemberLimit ?? 1,
      c.memo ?? '',
    ],
  );
  return Number(rows[0]!.id);
}
