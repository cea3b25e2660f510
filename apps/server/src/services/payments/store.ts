import { randomBytes } from 'node:crypto';
import { canTransition, type PaymentStatus } from '@oripa/core';
import type { PoolClient } from 'pg';
import type { Queryable } from './db.ts';

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

export const newPublicId = () => `pay_${randomBytes(18).toString('base64url')}`;

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
export function toPayment(row: Record<string, unknown>): PaymentRow {
  const p = { ...row } as Record<string, unknown>;
  for (const k of NUMERIC) p[k] = Number(p[k]);
  p.pack_id = p.pack_id === null ? null : Number(p.pack_id);
  return p as unknown as PaymentRow;
}

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
  const { rows } = await db.query(`SELECT * FROM payments WHERE ${conds.join(' AND ')}`, args);
  return rows[0] ? toPayment(rows[0]) : null;
}

export async function lockPayment(tx: PoolClient, id: number): Promise<PaymentRow> {
  const { rows } = await tx.query('SELECT * FROM payments WHERE id = $1 FOR UPDATE', [id]);
  return toPayment(rows[0]!);
}

export async function recordEvent(
  tx: Queryable,
  paymentId: number,
  from: PaymentStatus | null,
  to: PaymentStatus,
  source: string,
  detail: Record<string, unknown> = {},
) {
  await tx.query(
    'INSERT INTO payment_events (payment_id, from_status, to_status, source, detail) VALUES ($1, $2, $3, $4, $5)',
    [paymentId, from, to, source, JSON.stringify(detail)],
  );
}

/**
 * Moves a locked payment along the state machine and records the event. Returns false (and changes nothing)
 * when the move is not allowed, e.g. any move out of a terminal state.
 */
export async function transition(
  tx: PoolClient,
  p: PaymentRow,
  to: PaymentStatus,
  source: string,
  now: Date,
  set: {
    providerRef?: string;
    nextActionUrl?: string | null;
    failureReason?: string;
    receipt?: string;
    method?: Record<string, unknown>;
  } = {},
): Promise<boolean> {
  if (p.status === to || !canTransition(p.status, to)) return false;
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
      p.id,
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
  await recordEvent(tx, p.id, p.status, to, source, set.failureReason ? { reason: set.failureReason } : {});
  p.status = to;
  return true;
}
