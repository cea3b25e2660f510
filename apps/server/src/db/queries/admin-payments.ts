import type { AdminPayment } from '@oripa/core/admin';
import { many, maybeOne, type Queryable } from '../queryable.ts';

/** A payment as the console lists it, with its member's name and mail: the wire shape with its times as dates. */
export type AdminPaymentRow = Omit<AdminPayment, 'expires_at' | 'credited_at' | 'created_at'> & {
  expires_at: Date | null;
  credited_at: Date | null;
  created_at: Date;
};

/** Lists of the console: all, open bank transfers, unpaid (still open), failed (failed, expired, cancelled). */
export const PAYMENT_VIEWS = {
  all: 'true',
  transfers: "p.pay_id = 4 AND p.status = 'pending'",
  unpaid: "p.status IN ('created', 'pending', 'requires_action')",
  failed: "p.status IN ('failed', 'expired', 'cancelled')",
} as const;
export type PaymentView = keyof typeof PAYMENT_VIEWS;

export interface PaymentFilter {
  view: PaymentView;
  /** Payment id (pay_…), member id, member mail, or part of the transfer holder name. */
  q?: string;
  payId?: number;
}

export const PAYMENT_SORTS = { created_at: 'p.id', amount: 'p.amount' } as const;
export type PaymentSort = keyof typeof PAYMENT_SORTS;

const COLUMNS = `p.id, p.public_id, p.member_id, m.last_name || ' ' || m.first_name AS member_name,
  m.mail AS member_mail, p.pay_id, p.gateway, p.status, p.amount, p.point, COALESCE(p.method->>'name', '') AS holder_name,
  p.failure_reason, p.expires_at, p.credited_at, p.created_at`;

/**
 * The filter, and whether it reads the member (a search by mail does). A search finds its candidates by key, each
 * arm on an index — the public id, the member id, the member's mail (members_mail_key), part of the transfer holder's
 * name (payments_holder_name, trigram) — instead of testing every payment against every condition.
 */
function where(f: PaymentFilter): { sql: string; args: unknown[] } {
  const args: unknown[] = [f.payId ?? null];
  let sql = `${PAYMENT_VIEWS[f.view]} AND ($1::int IS NULL OR p.pay_id = $1)`;
  const q = f.q?.trim();
  if (q) {
    args.push(q, /^[0-9]{1,15}$/.test(q) ? q : null);
    sql += ` AND p.id IN (
      SELECT x.id FROM payments x WHERE x.public_id = $2
      UNION SELECT x.id FROM payments x WHERE x.member_id = $3::bigint
      UNION SELECT x.id FROM payments x JOIN members m ON m.id = x.member_id WHERE lower(m.mail) = lower($2)
      UNION SELECT x.id FROM payments x WHERE x.method ? 'name'
        AND x.method->>'name' LIKE '%' || replace(replace($2, '%', ''), '_', '') || '%')`;
  }
  return { sql, args };
}

/** Every payment has its member (a foreign key), so a count needs no join. */
export async function countPayments(db: Queryable, f: PaymentFilter): Promise<number> {
  const w = where(f);
  const row = await maybeOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM payments p WHERE ${w.sql}`, w.args);
  return row!.n;
}

export async function listPayments(
  db: Queryable,
  f: PaymentFilter,
  sort: PaymentSort,
  desc: boolean,
  limit: number,
  offset: number,
): Promise<AdminPaymentRow[]> {
  const w = where(f);
  const n = w.args.length;
  const dir = desc ? 'DESC' : 'ASC';
  const rows = await many<AdminPaymentRow>(
    db,
    `SELECT ${COLUMNS} FROM payments p JOIN members m ON m.id = p.member_id WHERE ${w.sql}
     ORDER BY ${PAYMENT_SORTS[sort]} ${dir}, p.id ${dir} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...w.args, limit, offset],
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    member_id: Number(r.member_id),
    amount: Number(r.amount),
    point: Number(r.point),
  }));
}

/** How many payments each list holds (the console's tabs): each count on its own partial index. */
export async function paymentViewCounts(db: Queryable): Promise<Record<Exclude<PaymentView, 'all'>, number>> {
  const row = await maybeOne<Record<Exclude<PaymentView, 'all'>, number>>(
    db,
    `SELECT (SELECT count(*) FROM payments p WHERE ${PAYMENT_VIEWS.transfers})::int AS transfers,
       (SELECT count(*) FROM payments p WHERE ${PAYMENT_VIEWS.unpaid})::int AS unpaid,
       (SELECT count(*) FROM payments p WHERE ${PAYMENT_VIEWS.failed})::int AS failed`,
  );
  return row!;
}

export async function findAdminPayment(db: Queryable, id: number): Promise<AdminPaymentRow | null> {
  return maybeOne<AdminPaymentRow>(
    db,
    `SELECT ${COLUMNS} FROM payments p JOIN members m ON m.id = p.member_id WHERE p.id = $1`,
    [id],
  );
}
