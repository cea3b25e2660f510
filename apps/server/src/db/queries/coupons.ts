import { maybeOne, type Queryable, insertReturningId, oneNumber } from '../queryable.ts';

export interface CouponRow {
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

/** The coupon with that code (any case), locked for the caller's check-and-use. */
export async function lockCouponByCode(tx: Queryable, code: string): Promise<CouponRow | null> {
  return maybeOne<CouponRow>(tx, 'SELECT * FROM coupons WHERE upper(code) = upper($1) FOR UPDATE', [code]);
}

export async function countCouponUses(db: Queryable, couponId: number, memberId: number): Promise<number> {
  return oneNumber(db, 'SELECT count(*)::int AS n FROM coupon_uses WHERE coupon_id = $1 AND member_id = $2', [
    couponId,
    memberId,
  ]);
}

/** Locks the member row: the lock two bonus coupons used at once queue on (there is no pending row to lock yet). */
export async function lockMemberForCoupon(tx: Queryable, memberId: number): Promise<void> {
  await tx.query('SELECT 1 FROM members WHERE id = $1 FOR UPDATE', [memberId]);
}

export async function hasPendingCouponUse(db: Queryable, memberId: number): Promise<boolean> {
  const row = await maybeOne(db, "SELECT 1 FROM coupon_uses WHERE member_id = $1 AND status = 'pending'", [memberId]);
  return row !== null;
}

/** A bonus coupon waiting for the member's next course purchase. */
export async function insertPendingCouponUse(tx: Queryable, couponId: number, memberId: number, now: Date) {
  await tx.query("INSERT INTO coupon_uses (coupon_id, member_id, status, created_at) VALUES ($1, $2, 'pending', $3)", [
    couponId,
    memberId,
    now,
  ]);
}

/** A points coupon granted now; returns the use's id (the ledger row refers to it). */
export async function insertGrantedCouponUse(
  tx: Queryable,
  couponId: number,
  memberId: number,
  point: number,
  now: Date,
): Promise<number> {
  return oneNumber(
    tx,
    "INSERT INTO coupon_uses (coupon_id, member_id, status, point, created_at, applied_at) VALUES ($1, $2, 'granted', $3, $4, $4) RETURNING id",
    [couponId, memberId, point, now],
  );
}

export async function countCouponUse(tx: Queryable, couponId: number): Promise<void> {
  await tx.query('UPDATE coupons SET used_count = used_count + 1 WHERE id = $1', [couponId]);
}

export interface PendingBonusRow {
  id: number;
  point: number;
  bonus_percent: number;
}

/** The member's waiting bonus coupon (at most one), without a lock: for showing it. */
export async function findPendingBonus(db: Queryable, memberId: number): Promise<PendingBonusRow | null> {
  return maybeOne<PendingBonusRow>(
    db,
    `SELECT u.id, c.point, c.bonus_percent FROM coupon_uses u JOIN coupons c ON c.id = u.coupon_id
     WHERE u.member_id = $1 AND u.status = 'pending'`,
    [memberId],
  );
}

/** The member's waiting bonus coupon, its use row locked for applying it to a purchase. */
export async function lockPendingBonus(tx: Queryable, memberId: number): Promise<PendingBonusRow | null> {
  return maybeOne<PendingBonusRow>(
    tx,
    `SELECT u.id, c.point, c.bonus_percent FROM coupon_uses u JOIN coupons c ON c.id = u.coupon_id
     WHERE u.member_id = $1 AND u.status = 'pending' FOR UPDATE OF u`,
    [memberId],
  );
}

export async function markCouponUseApplied(tx: Queryable, useId: number, paymentId: number, point: number, now: Date) {
  await tx.query(
    `UPDATE coupon_uses SET status = 'applied', payment_id = $2, point = $3, applied_at = $4 WHERE id = $1`,
    [useId, paymentId, point, now],
  );
}

/** A coupon to insert: its row without what the database fills in. */
export type NewCoupon = Omit<CouponRow, 'id' | 'used_count'>;

export async function insertCoupon(db: Queryable, c: NewCoupon): Promise<number> {
  return insertReturningId(
    db,
    `INSERT INTO coupons (code, kind, point, bonus_percent, starts_at, ends_at, max_uses, per_member_limit, memo)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [c.code, c.kind, c.point, c.bonus_percent, c.starts_at, c.ends_at, c.max_uses, c.per_member_limit, c.memo],
  );
}
