import type { PaymentStatus } from '@oripa/core';
import { many, maybeOne, type Queryable } from '../queryable.ts';

/** One point purchase through a payment company (the shop's own state machine; see services/payments). */
export interface PaymentRow {
  id: number;
  public_id: string;
  member_id: number;
  point_course_id: number;
  pay_id: number;
  gateway: string;
  provider_ref: string | null;
  status: PaymentStatus;
  amount: number;
  point: number;
  /** 'coin' for a coin course (issue 11): `point` is then the coins credited. */
  currency: 'point' | 'coin';
  append_point: number;
  coupon_point: number;
  pack_id: number | null;
  method: Record<string, unknown>;
  next_action_url: string | null;
  receipt: string | null;
  expires_at: Date | null;
  credited_at: Date | null;
  created_at: Date;
}

const NUMERIC = [
  'id',
  'member_id',
  'point_course_id',
  'pay_id',
  'amount',
  'point',
  'append_point',
  'coupon_point',
] as const;

function toPayment(row: Record<string, unknown>): PaymentRow {
  const p = { ...row } as Record<string, unknown>;
  for (const k of NUMERIC) p[k] = Number(p[k]);
  p.pack_id = p.pack_id === null ? null : Number(p.pack_id);
  return p as unknown as PaymentRow;
}

const onePayment = async (db: Queryable, text: string, values: unknown[]) => {
  const row = await maybeOne(db, text, values);
  return row ? toPayment(row) : null;
};

/** The payment matching every given key (and the member, when given); null when no key is given. */
export async function findPayment(
  db: Queryable,
  where: { publicId?: string; providerRef?: string; gateway?: string; receipt?: string },
  memberId?: number,
): Promise<PaymentRow | null> {
  const conds: string[] = [];
  const args: unknown[] = [];
  const add = (sql: string, v: unknown) => {
    args.push(v);
    conds.push(sql.replace('?', `$${args.length}`));
  };
  if (where.publicId !== undefined) add('public_id = ?', where.publicId);
  if (where.providerRef !== undefined) add('provider_ref = ?', where.providerRef);
  if (where.gateway !== undefined) add('gateway = ?', where.gateway);
  if (where.receipt !== undefined) add('receipt = ?', where.receipt);
  if (memberId !== undefined) add('member_id = ?', memberId);
  if (conds.length === 0) return null;
  return onePayment(db, `SELECT * FROM payments WHERE ${conds.join(' AND ')}`, args);
}

/** The payment under a row lock, for the rest of the caller's transaction. */
export async function lockPayment(tx: Queryable, id: number): Promise<PaymentRow> {
  return (await onePayment(tx, 'SELECT * FROM payments WHERE id = $1 FOR UPDATE', [id]))!;
}

export async function latestPaymentOf(db: Queryable, memberId: number): Promise<PaymentRow | null> {
  return onePayment(db, 'SELECT * FROM payments WHERE member_id = $1 ORDER BY id DESC LIMIT 1', [memberId]);
}

/** The member's retailer-wallet payment made in one checkout session (the given one, or the latest). */
export async function findCheckoutPayment(
  db: Queryable,
  memberId: number,
  checkoutSessionId: string,
  publicId: string | null,
): Promise<PaymentRow | null> {
  return onePayment(
    db,
    `SELECT * FROM payments WHERE member_id = $1 AND pay_id = 5 AND method->>'checkout_session_id' = $2
       AND ($3::text IS NULL OR public_id = $3) ORDER BY id DESC LIMIT 1`,
    [memberId, checkoutSessionId, publicId],
  );
}

export interface NewPayment {
  publicId: string;
  memberId: number;
  courseId: number;
  payId: number;
  gateway: string;
  amount: number;
  point: number;
  /** 'point' unless given. */
  currency?: 'point' | 'coin';
  appendPoint: number;
  packId: number | null;
  method: Record<string, unknown>;
  expiresAt: Date;
  now: Date;
}

export async function insertPayment(db: Queryable, p: NewPayment): Promise<PaymentRow> {
  return (await onePayment(
    db,
    `INSERT INTO payments (public_id, member_id, point_course_id, pay_id, gateway, amount, point, append_point,
       pack_id, method, expires_at, created_at, updated_at, currency)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13) RETURNING *`,
    [
      p.publicId,
      p.memberId,
      p.courseId,
      p.payId,
      p.gateway,
      p.amount,
      p.point,
      p.appendPoint,
      p.packId,
      JSON.stringify(p.method),
      p.expiresAt,
      p.now,
      p.currency ?? 'point',
    ],
  ))!;
}

/** What a move along the state machine may also record (each left as it was when not given). */
export interface PaymentChanges {
  providerRef?: string;
  nextActionUrl?: string | null;
  failureReason?: string;
  receipt?: string;
  method?: Record<string, unknown>;
}

/** Writes a new status (credited_at with 'succeeded'); the caller checked the move under the row lock. */
export async function updatePaymentStatus(
  tx: Queryable,
  id: number,
  to: PaymentStatus,
  now: Date,
  set: PaymentChanges,
): Promise<void> {
  await tx.query(
    `UPDATE payments SET status = $2, updated_at = $3,
       provider_ref = COALESCE($4, provider_ref),
       next_action_url = CASE WHEN $5::boolean THEN $6 ELSE next_action_url END,
       failure_reason = COALESCE($7, failure_reason),
       receipt = COALESCE($8, receipt),
       method = method || $9::jsonb,
       credited_at = CASE WHEN $2 = 'succeeded' THEN $3 ELSE credited_at END
     WHERE id = $1`,
    [
      id,
      to,
      now,
      set.providerRef ?? null,
      set.nextActionUrl !== undefined,
      set.nextActionUrl ?? null,
      set.failureReason ?? null,
      set.receipt ?? null,
      JSON.stringify(set.method ?? {}),
    ],
  );
}

/** The audit trail of a payment: one row per move (and its creation). */
export async function insertPaymentEvent(
  tx: Queryable,
  paymentId: number,
  from: PaymentStatus | null,
  to: PaymentStatus,
  source: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await tx.query(
    'INSERT INTO payment_events (payment_id, from_status, to_status, source, detail) VALUES ($1, $2, $3, $4, $5)',
    [paymentId, from, to, source, JSON.stringify(detail)],
  );
}

export interface OverduePaymentRow {
  id: number;
  public_id: string;
  pay_id: number;
  provider_ref: string | null;
  /** The provider the payment was made at (each method may be served by another one: ADR 0042). */
  gateway: string;
}

/**
 * Claims open payments past their deadline, oldest first, skipping rows another instance holds; the locks last
 * only as long as the caller's (short) transaction.
 */
export async function claimOverduePayments(tx: Queryable, now: Date, limit: number): Promise<OverduePaymentRow[]> {
  const rows = await many<OverduePaymentRow>(
    tx,
    `SELECT id, public_id, pay_id, provider_ref, gateway FROM payments
     WHERE status IN ('pending', 'requires_action', 'created') AND expires_at <= $1
     ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [now, limit],
  );
  return rows.map(toOpenRow);
}

const toOpenRow = (r: OverduePaymentRow): OverduePaymentRow => ({
  id: Number(r.id),
  public_id: r.public_id,
  pay_id: Number(r.pay_id),
  provider_ref: r.provider_ref,
  gateway: r.gateway,
});

/**
 * Saves the provider's id for a payment before any money moves (record-before-charge, ADR 0005), committed on its
 * own; a payment that already has one keeps it. False when the row had another id.
 */
export async function recordProviderRef(db: Queryable, id: number, providerRef: string, now: Date): Promise<boolean> {
  const row = await maybeOne(
    db,
    `UPDATE payments SET provider_ref = COALESCE(provider_ref, $2), updated_at = $3 WHERE id = $1
     RETURNING provider_ref = $2 AS same`,
    [id, providerRef, now],
  );
  return row?.same === true;
}

export interface StalePaymentRow extends OverduePaymentRow {
  status: 'created' | 'pending' | 'requires_action';
}

/**
 * Claims open payments made before `madeBefore` that the provider was never asked about, or last asked about before
 * `askedBefore`, oldest first, skipping rows another instance holds; stamps them asked at `now` so the next run
 * (here or elsewhere) takes others.
 */
export async function claimStalePayments(
  tx: Queryable,
  cutoffs: { madeBefore: Date; askedBefore: Date; now: Date },
  limit: number,
): Promise<StalePaymentRow[]> {
  const rows = await many<StalePaymentRow>(
    tx,
    `WITH stale AS (
       SELECT id FROM payments
       WHERE status IN ('created', 'pending', 'requires_action') AND created_at <= $1
         AND (reconciled_at IS NULL OR reconciled_at <= $2)
       ORDER BY COALESCE(reconciled_at, created_at) LIMIT $4 FOR UPDATE SKIP LOCKED)
     UPDATE payments p SET reconciled_at = $3 FROM stale WHERE p.id = stale.id
     RETURNING p.id, p.public_id, p.pay_id, p.provider_ref, p.gateway, p.status`,
    [cutoffs.madeBefore, cutoffs.askedBefore, cutoffs.now, limit],
  );
  return rows.map((r) => ({ ...toOpenRow(r), status: r.status }));
}
